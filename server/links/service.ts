import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, LinkKind } from '../../db/schema.ts';
import {
  accountPause,
  candidateOf,
  limitOf,
  summarizePauses,
  type PausableKind,
  type PauseReason,
} from '../../src/pauses.ts';
import { getPlan, hasRoomFor, planInEffect } from '../../src/plans.ts';
import { qrDesignInEffect } from '../../src/qr-design.ts';
import {
  type ProfileLinkInput,
  type QrCodeInput,
  type ReorderLinksInput,
  type UpdateProfileLinkInput,
  type UpdateQrCodeInput,
  type ChooseLinkCodeInput,
} from '../../src/schemas/link.ts';
import { HELD_LINK_CODES_MAX, LINK_CODE_CHANGES_PER_DAY } from '../../src/username.ts';
import { requireFeature } from '../access/plan-gate.ts';
import { withUniqueClaim } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { liveSplitOf, PAUSE_FACT_COLUMNS } from '../pauses/service.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { assertUsableDomain } from '../domains/service.ts';
import { assertDesignScansPrinted } from '../qr-images/printed-scans.ts';
import { lockProfile } from '../access/plan-gate.ts';
import { holdChosenCode } from './chosen-codes.ts';
import { unusedLinkCode } from '../lib/link-codes.ts';
import { emitLinkEvent } from './events.ts';
import { editLink, ownLink } from './edit.ts';
import { LINK_COLUMNS, present, type LinkRow, type LinkView } from './present.ts';
import { announceWrite } from '../lib/after-write.ts';

export type { LinkView } from './present.ts';

// QR codes and profile links (spec sections 2 "My QR Codes" and "/dashboard/links", 4 "Limits in
// use" and "Links"). Both are rows of `links` with a short code served at /l/{code}; every query filters by
// the signed-in user, and every create checks the plan's limit under the profile lock.

/** The plan limit each kind of link counts against (QR codes: not the ones vCards manage), by its name. */
const LIMIT_OF: Record<LinkKind, { resource: 'qrCodes' | 'links'; kind: PausableKind }> = {
  qr: { resource: 'qrCodes', kind: 'qrCode' },
  profile: { resource: 'links', kind: 'profileLink' },
};

/**
 * How many links of a kind count against the plan (a vCard's own QR code does not): on the database, or
 * inside the transaction that holds the profile lock before a create.
 */
async function countedLinks(db: Kysely<Database>, userId: string, kind: LinkKind): Promise<number> {
  const { count } = await db
    .selectFrom('links')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('vcard_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The signed-in user's pause facts (src/pauses.ts), and their plan. */
async function ownerFacts(ctx: ServiceContext) {
  const profile = await ctx.db
    .selectFrom('profiles')
    .innerJoin('account_plans', 'account_plans.id', 'profiles.id')
    .select(PAUSE_FACT_COLUMNS)
    .where('profiles.id', '=', ctx.user.id)
    .executeTakeFirst();
  if (!profile) throw new AppError('not_found');
  return { profile, plan: getPlan(planInEffect(profile)), account: accountPause(profile) };
}

/** The id and title of the link a swap would pause, for the dashboard to say so before it happens. */
function titleOfSwapOut(swapOut: { id: string } | null, rows: readonly LinkRow[]) {
  const row = swapOut && rows.find((link) => link.id === swapOut.id);
  return row ? { id: row.id, title: row.title } : null;
}

/**
 * The user's QR codes, newest first, each with why it is paused (null: live; a vCard's own QR code is
 * paused with its vCard), with the plan's QR limit, how much of it is used, and the QR code that keeping
 * a paused one live would pause.
 */
export async function listQrCodes(ctx: ServiceContext) {
  const [rows, { profile, plan, account }] = await Promise.all([
    ctx.db
      .selectFrom('links')
      .select([...LINK_COLUMNS, 'live_chosen_at', 'qr_design'])
      .where('user_id', '=', ctx.user.id)
      .where('kind', '=', 'qr')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    ownerFacts(ctx),
  ]);
  const counted = rows.filter((row) => row.vcard_id === null);
  const planNow = planInEffect(profile);
  // the ranking's own order is the oldest first
  const pauses = summarizePauses(counted.map(candidateOf).reverse(), plan.limits.qrCodes, account);
  const pausedVcards =
    !account && rows.length > counted.length
      ? new Set((await liveSplitOf(ctx.db, ctx.user.id, 'vcard', profile)).paused.map((vcard) => vcard.id))
      : new Set<string>();
  const pauseOf = (row: LinkRow): PauseReason | null => {
    if (row.vcard_id === null) return pauses.reasons.get(row.id) ?? null;
    return account ?? (pausedVcards.has(row.vcard_id) ? 'over_limit' : null);
  };
  return {
    items: rows.map((row) => ({
      ...present(ctx.config.publicUrl, row),
      pause: pauseOf(row),
      // what the code looks like now (server/qr-studio), and the saved design the studio edits
      design: qrDesignInEffect(planNow, row.qr_design),
      savedDesign: row.qr_design,
    })),
    used: counted.length,
    limit: plan.limits.qrCodes,
    swapOut: titleOfSwapOut(pauses.swapOut, rows),
  };
}

/**
 * The user's profile links in their order on the public profile, each with why it is paused (null:
 * live), with the plan's link limit, and the link that keeping a paused one live would pause.
 */
export async function listProfileLinks(ctx: ServiceContext) {
  const [rows, { plan, account }] = await Promise.all([
    ctx.db
      .selectFrom('links')
      .select([...LINK_COLUMNS, 'live_chosen_at'])
      .where('user_id', '=', ctx.user.id)
      .where('kind', '=', 'profile')
      .orderBy('order_index')
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    ownerFacts(ctx),
  ]);
  const pauses = summarizePauses(rows.map(candidateOf), plan.limits.links, account);
  return {
    items: rows.map((row) => ({
      ...present(ctx.config.publicUrl, row),
      pause: pauses.reasons.get(row.id) ?? null,
    })),
    used: rows.length,
    limit: plan.limits.links,
    swapOut: titleOfSwapOut(pauses.swapOut, rows),
  };
}

/**
 * Inserts a link of a kind after checking the plan's limit, with a fresh short code and, when `chosenCode`
 * is given, that code too (customLinks; link_code_taken when a link answers to it in any case).
 */
async function createLink(
  ctx: ServiceContext,
  kind: LinkKind,
  values: { title: string; url: string; icon: string | null; domain?: string | null },
  chosenCode: string | null = null,
): Promise<LinkView> {
  if (chosenCode !== null) await requireFeature(ctx, ctx.user.id, 'customLinks');
  if (values.domain) await assertUsableDomain(ctx, ctx.user.id, values.domain);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const { plan } = await lockProfile(trx, ctx.user.id);
    const { resource, kind: limited } = LIMIT_OF[kind];
    const limit = limitOf(plan, limited);
    if (!hasRoomFor(limit, await countedLinks(trx, ctx.user.id, kind)))
      throw new AppError('limit_reached', { resource, limit });
    const link = await insertWithFreshCode(trx, {
      user_id: ctx.user.id,
      kind,
      order_index: await nextOrderIndex(trx, ctx.user.id, kind),
      ...values,
    });
    const created = chosenCode === null ? link : await giveCode(trx, ctx.user.id, link.id, chosenCode);
    await emitLinkEvent(ctx, trx, 'link.created', created);
    return created;
  });
  announceWrite(ctx, ctx.user.id, 'links');
  return present(ctx.config.publicUrl, row);
}

/**
 * Adds profile links in one go (an import's CSV of links, server/account-import/): all of them or none, at
 * the end of the list in the order given. Links beyond the plan's limit are kept, paused as after a
 * downgrade (src/pauses.ts), as an imported export's are. The caller holds the profile lock, and
 * publishes the change once it is committed.
 */
export async function addProfileLinks(
  ctx: ServiceContext,
  trx: Transaction<Database>,
  inputs: readonly ProfileLinkInput[],
): Promise<void> {
  const next = await nextOrderIndex(trx, ctx.user.id, 'profile');
  for (const [index, input] of inputs.entries()) {
    const link = await insertWithFreshCode(trx, {
      user_id: ctx.user.id,
      kind: 'profile',
      order_index: next + index,
      title: input.title,
      url: input.url,
      icon: null,
    });
    await emitLinkEvent(ctx, trx, 'link.created', link);
  }
}

/** The place after the last link of a kind: a new link goes to the end of the list. */
async function nextOrderIndex(trx: Transaction<Database>, userId: string, kind: LinkKind): Promise<number> {
  const { next } = await trx
    .selectFrom('links')
    .select(sql<number>`coalesce(max(order_index) + 1, 0)`.as('next'))
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(next);
}

/** A code collision (one in 10^14) inserts nothing and tries another code. */
async function insertWithFreshCode(
  trx: Transaction<Database>,
  values: {
    user_id: string;
    kind: LinkKind;
    order_index: number;
    title: string;
    url: string;
    icon: string | null;
    domain?: string | null;
  },
): Promise<LinkRow> {
  for (;;) {
    const row = await trx
      .insertInto('links')
      .values({ ...values, code: await unusedLinkCode(trx) })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning(LINK_COLUMNS)
      .executeTakeFirst();
    if (row) return row;
  }
}

export function createQrCode(ctx: ServiceContext, input: QrCodeInput): Promise<LinkView> {
  const { code, ...values } = input;
  return createLink(ctx, 'qr', values, code);
}

/**
 * Makes `code` the link's code: held by the link (link_codes) and shown from now on. Its earlier codes,
 * the random one and those chosen before, keep leading to it
 * (docs/decisions/011-addresses-that-never-break.md). A code the link had before comes back to it, and a code
 * of one of the owner's deleted links, still held (migration 2026-11-28T0100), comes back to this one, as an
 * earlier username does; a code new to the account must fit the bounds of holding (assertRoomForNewCode).
 * Throws link_code_taken when another link answers to the code in any case, or another account (or a deleted
 * one) holds it; nothing changes then. The caller holds the profile lock.
 */
async function giveCode(
  trx: Transaction<Database>,
  userId: string,
  linkId: string,
  code: string,
): Promise<LinkRow> {
  const held = await trx.selectFrom('link_codes').select('code').where('code', '=', code).executeTakeFirst();
  if (!held) await assertRoomForNewCode(trx, userId);
  const hold = await withCodeTaken(() => holdChosenCode(trx, userId, linkId, code));
  if (hold === 'refused') throw new AppError('link_code_taken');
  return trx
    .updateTable('links')
    .set({ chosen_code: code })
    .where('id', '=', linkId)
    .returning(LINK_COLUMNS)
    .executeTakeFirstOrThrow();
}

/**
 * The bounds on holding chosen codes (src/username.ts), for a code new to the account: at most
 * LINK_CODE_CHANGES_PER_DAY taken in the last 24 hours and HELD_LINK_CODES_MAX held, counting the codes of
 * its deleted links while they are held (so deleting a link frees no room early). Under the profile lock.
 */
async function assertRoomForNewCode(trx: Transaction<Database>, userId: string): Promise<void> {
  const { held, recent } = await trx
    .selectFrom('link_codes')
    .select((eb) => [
      eb.fn.countAll<string>().as('held'),
      sql<string>`count(*) filter (where created_at > now() - interval '24 hours')`.as('recent'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(recent) >= LINK_CODE_CHANGES_PER_DAY)
    throw new AppError('link_code_change_limit', { limit: LINK_CODE_CHANGES_PER_DAY });
  if (Number(held) >= HELD_LINK_CODES_MAX)
    throw new AppError('held_link_codes_limit', { limit: HELD_LINK_CODES_MAX });
}

/** Runs a write that claims a code, turning the database's refusal into link_code_taken. */
function withCodeTaken<T>(write: () => Promise<T>): Promise<T> {
  return withUniqueClaim(['link_codes_pkey'], 'link_code_taken', write);
}

/**
 * Changes the code of a QR code or profile link to a chosen one (customLinks: the procedure's meta checks
 * the plan). A vCard's own QR code follows its vCard and is not changed here.
 */
export async function chooseLinkCode(ctx: ServiceContext, input: ChooseLinkCodeInput): Promise<LinkView> {
  const current = await ownLink(ctx, input.id);
  if (current.vcard_id !== null) throw new AppError('link_managed_by_vcard');
  // before the profile lock: the check renders and reads the code for a second or more
  await assertDesignScansPrinted(ctx, current.id, { code: input.code });
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockProfile(trx, ctx.user.id);
    const updated = await giveCode(trx, ctx.user.id, current.id, input.code);
    await emitLinkEvent(ctx, trx, 'link.updated', updated);
    return updated;
  });
  announceWrite(ctx, ctx.user.id, 'links');
  return present(ctx.config.publicUrl, row);
}

export function createProfileLink(ctx: ServiceContext, input: ProfileLinkInput): Promise<LinkView> {
  return createLink(ctx, 'profile', { ...input, icon: null });
}

/**
 * Changes a QR code's title, destination, icon and the domain it is printed with, edited from
 * `baseVersion` (editLink: its code stays, a vCard's own QR code is not edited here).
 */
export function updateQrCode(ctx: ServiceContext, input: UpdateQrCodeInput): Promise<LinkView> {
  const { id, baseVersion, ...details } = input;
  return editLink(ctx, { id, kind: 'qr', baseVersion, details });
}

/**
 * Changes a profile link's title and URL, edited from `baseVersion`; its short code stays, so links
 * already shared (and its click count) keep working.
 */
export function updateProfileLink(ctx: ServiceContext, input: UpdateProfileLinkInput): Promise<LinkView> {
  const { id, baseVersion, ...details } = input;
  return editLink(ctx, { id, kind: 'profile', baseVersion, details });
}

/**
 * Deletes a QR code or profile link with its events; a vCard's own QR code goes only with its vCard. Its
 * chosen codes stay held (migration 2026-11-28T0100): they lead nowhere, nobody else may take them until
 * the clean-up frees them after ADDRESS_HOLD_DAYS, and the owner may give them to another of its links.
 */
export async function deleteLink(ctx: ServiceContext, id: string): Promise<void> {
  const current = await ownLink(ctx, id);
  if (current.vcard_id !== null) throw new AppError('link_managed_by_vcard');
  await ctx.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('links')
      .where('id', '=', id)
      .where('user_id', '=', ctx.user.id)
      .where('vcard_id', 'is', null)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw new AppError('not_found');
    await ctx.webhooks.emit(trx, ctx.user.id, 'link.deleted', () => ({ id }));
  });
  announceWrite(ctx, ctx.user.id, 'links');
}

/**
 * Rewrites order_index of the user's profile links in the given order, in one statement. The list must
 * name every profile link of the user exactly once (an id of someone else's, or a missing one, is refused
 * and nothing changes).
 */
export async function reorderProfileLinks(ctx: ServiceContext, input: ReorderLinksInput): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockProfile(trx, ctx.user.id);
    const current = await trx
      .selectFrom('links')
      .select('id')
      .where('user_id', '=', ctx.user.id)
      .where('kind', '=', 'profile')
      .execute();
    const owned = new Set(current.map((link) => link.id));
    if (input.ids.length !== owned.size || input.ids.some((id) => !owned.has(id)))
      throw new AppError('not_found');
    // only the links whose place changed are written, and each is a link.updated
    const { rows: moved } = await sql<LinkRow>`
      update links set order_index = position.index - 1
      from unnest(${input.ids}::uuid[]) with ordinality as position(id, index)
      where links.id = position.id and links.user_id = ${ctx.user.id}
        and links.order_index <> position.index - 1
      returning ${sql.join(LINK_COLUMNS.map((column) => sql.ref(`links.${column}`)))}`.execute(trx);
    for (const link of moved) await emitLinkEvent(ctx, trx, 'link.updated', link);
  });
  announceWrite(ctx, ctx.user.id, 'links');
}
