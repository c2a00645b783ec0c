import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type NotNull, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { vcardPageUrl } from '../../src/card-address.ts';
import { storedOfContact } from '../../src/card-columns.ts';
import { changedPaths } from '../../src/form-paths.ts';
import { storedDesign } from '../../src/schemas/card-design.ts';
import { leadFormOf } from '../../src/schemas/lead.ts';
import { vcardFormValues } from '../../src/vcard-form.ts';
import { accountPause, candidateOf, firstVcardId, summarizePauses } from '../../src/pauses.ts';
import { getPlan, hasRoomFor, planInEffect, type PlanId } from '../../src/plans.ts';
import { lockProfile } from '../access/plan-gate.ts';
import { qrDesignInEffect } from '../../src/qr-design.ts';
import {
  savedSocialLinks,
  type CardFieldsSchema,
  type UpdateVcardInput,
  type VcardFormValues,
  type VcardInput,
} from '../../src/schemas/vcard.ts';
import type { z } from 'zod';
import { refusedEdit } from '../lib/edit-versions.ts';
import { AppError } from '../lib/errors.ts';
import { unusedLinkCode } from '../lib/link-codes.ts';
import { assertOwnPhoto } from '../media/service.ts';
import { releaseUnusedPhotos } from '../media/references.ts';
import { PAUSE_FACT_COLUMNS } from '../pauses/service.ts';
import { managedQrDesign } from './managed-qr-design.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { recordTeamCardChange, teamActorOf, teamOfAccount } from '../team-records/audit.ts';
import { announceTeamChange, teamMemberIds } from '../team-records/changes.ts';
import { keepLockedFields, teamTemplateOfAccount } from '../team-records/template.ts';
import { announceWrite } from '../lib/after-write.ts';

// vCards (spec sections 2 "My vCards", 3, 4 "Limits in use"): every query filters by the signed-in user,
// every create checks the plan's limit on the server, and each vCard owns the link that is its QR code.

type CardFields = z.output<typeof CardFieldsSchema>;
type Colours = Pick<VcardInput, 'backgroundColour' | 'fontColour' | 'iconColour'>;

/** The columns of a vCard that make up the card itself: what the dashboard and the public page show. */
export const CARD_COLUMNS = [
  'id',
  'name',
  'given_name',
  'family_name',
  'company',
  'department',
  'position',
  'phone',
  'work_phone',
  'address',
  'email',
  'website',
  'photo',
  'social_links',
  'background_color',
  'font_color',
  'icon_color',
  'design',
  'updated_at',
] as const;

/**
 * A vCard as the dashboard reads it: the card, its contact form (withLeadForm), its edit version
 * (server/lib/edit-versions.ts) and age.
 */
const VCARD_COLUMNS = [...CARD_COLUMNS, 'lead_form', 'version', 'created_at'] as const;

/** A row with its contact form's settings in effect (never set: the default, off) instead of the column. */
function withLeadForm<Row extends { lead_form: unknown }>({ lead_form, ...row }: Row) {
  return { ...row, leadForm: leadFormOf(lead_form) };
}

/** Throws limit_reached when the plan has no room for one more vCard. */
export async function assertVcardRoom(
  trx: Transaction<Database>,
  userId: string,
  plan: PlanId,
): Promise<void> {
  const { count } = await trx
    .selectFrom('vcards')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const limit = getPlan(plan).limits.vcards;
  if (!hasRoomFor(limit, Number(count))) throw new AppError('limit_reached', { resource: 'vcards', limit });
}

/**
 * Inserts a vCard and the link it manages (its QR code, which does not count against the QR limit); returns
 * its id and first edit version. The caller holds the profile lock and has checked the limit and the photo.
 * A team's card says whom it is for (`holder`, server/teams/cards.ts); an imported one may keep its id and
 * its QR code's id and code (`identity`, server/account-import/write.ts), which the caller found free.
 */
export async function insertVcard(
  trx: Transaction<Database>,
  publicUrl: string,
  userId: string,
  card: CardFields & Colours & Pick<VcardInput, 'leadForm'>,
  {
    holder = {},
    identity = {},
  }: {
    holder?: { member_id?: string | null; invitee_email?: string | null; draft?: boolean };
    /** the card's id, and its QR code's link: its id, code and the domain it is printed with */
    identity?: { id?: string; qrCodeId?: string; code?: string; domain?: string | null };
  } = {},
): Promise<{ id: string; version: number }> {
  // the id is made here, so the card's page address is stored with it, and the card and its link are one
  // statement (the link's key to the card is checked at the statement's end, when the card is in)
  const id = identity.id ?? randomUUID();
  const pageUrl = vcardPageUrl(publicUrl, id);
  const code = identity.code ?? (await unusedLinkCode(trx));
  // the statement's time, not its transaction's: cards made together in one transaction (the team CSV
  // import's) keep the order they were made in, where lists and pauses sort by it
  const createdAt = sql<Date>`clock_timestamp()`;
  const { version } = await trx
    .with('card', (db) =>
      db
        .insertInto('vcards')
        .values({
          id,
          user_id: userId,
          ...vcardValues(card),
          ...holder,
          qr_code: pageUrl,
          created_at: createdAt,
        })
        .returning('version'),
    )
    .insertInto('links')
    .values({
      ...(identity.qrCodeId ? { id: identity.qrCodeId } : {}),
      user_id: userId,
      kind: 'qr',
      vcard_id: id,
      code,
      domain: identity.domain ?? null,
      title: card.name,
      url: pageUrl,
      created_at: createdAt,
    })
    .returning((eb) => eb.selectFrom('card').select('card.version').as('version'))
    // the card's insert returns its one row
    .$narrowType<{ version: NotNull }>()
    .executeTakeFirstOrThrow();
  return { id, version };
}

function vcardValues(card: CardFields & Colours & Pick<VcardInput, 'leadForm'>) {
  const stored = storedOfContact({
    ...card,
    socialLinks: savedSocialLinks(card.socialLinks, card.otherLink),
  });
  return {
    ...stored,
    address: stored.address && JSON.stringify(stored.address),
    social_links: JSON.stringify(stored.social_links),
    // left out (a client from before the contact form): a new card's is the default, a saved one's is kept
    lead_form: card.leadForm && JSON.stringify(card.leadForm),
  };
}

/**
 * The signed-in user's vCards (oldest first), each with why it is paused (null: live), which one is
 * primary, the plan's limit, and the live card that keeping a paused one live would pause.
 */
export async function listVcards(ctx: ServiceContext) {
  const [rows, profile] = await Promise.all([
    ctx.db
      .selectFrom('vcards')
      .select([...VCARD_COLUMNS, 'draft', 'live_chosen_at'])
      // the design of the QR code the card manages: the preview draws the code as the public page does
      .select(managedQrDesign)
      .where('user_id', '=', ctx.user.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('profiles')
      .innerJoin('account_plans', 'account_plans.id', 'profiles.id')
      .select([...PAUSE_FACT_COLUMNS, 'profiles.username'])
      .where('profiles.id', '=', ctx.user.id)
      .executeTakeFirst(),
  ]);
  if (!profile) throw new AppError('not_found');
  // the oldest card stands in until one is picked
  const primaryId = firstVcardId(profile.primary_vcard_id, rows);
  const plan = planInEffect(profile);
  const limit = getPlan(plan).limits.vcards;
  const pauses = summarizePauses(rows.map(candidateOf), limit, accountPause(profile), primaryId);
  return {
    vcards: rows.map(({ live_chosen_at: _chosen, qr_design, ...vcard }) => ({
      ...withLeadForm(vcard),
      qrDesign: qrDesignInEffect(plan, qr_design),
      pause: pauses.reasons.get(vcard.id) ?? null,
    })),
    primaryId,
    username: profile.username,
    limit,
    swapOut: nameOfSwapOut(pauses.swapOut, rows),
  };
}

/** The id and name of the card a swap would pause, for the dashboard to say so before it happens. */
function nameOfSwapOut(swapOut: { id: string } | null, rows: readonly { id: string; name: string }[]) {
  const row = swapOut && rows.find((vcard) => vcard.id === swapOut.id);
  return row ? { id: row.id, name: row.name } : null;
}

/** One of a user's vCards as vcards.get answers it, or undefined when they have no such card. */
export async function readVcard(db: Kysely<Database>, userId: string, id: string) {
  const row = await db
    .selectFrom('vcards')
    .select(VCARD_COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && withLeadForm(row);
}

/**
 * One of the vCards of `accountId` (server/access/team-access.ts cardAccount), for its editor and the REST API,
 * with whether it is a team's draft (not public yet: server/teams/cards.ts); any other reads as not found.
 * The draft flag is kept out of readVcard, whose row is the webhooks' payload.
 */
export async function getEditedVcard(ctx: ServiceContext, accountId: string, id: string) {
  const row = await ctx.db
    .selectFrom('vcards')
    .select([...VCARD_COLUMNS, 'draft'])
    .where('id', '=', id)
    .where('user_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found');
  return withLeadForm(row);
}

export async function createVcard(
  ctx: ServiceContext,
  input: VcardInput,
): Promise<{ id: string; version: number }> {
  const created = await ctx.db.transaction().execute(async (trx) => {
    const { plan } = await lockProfile(trx, ctx.user.id);
    await assertVcardRoom(trx, ctx.user.id, plan);
    if (input.photo) await assertOwnPhoto(trx, ctx.user.id, input.photo);
    // only a team's key acts as a team's account (people make team cards in server/teams/cards.ts): its
    // card is printed with the team's Address in the code and is in the team's log, as the dashboard's are
    const team = ctx.apiKey ? await teamOfAccount(trx, ctx.user.id) : null;
    const inserted = await insertVcard(trx, ctx.config.publicUrl, ctx.user.id, input, {
      identity: { domain: team?.printedDomain },
    });
    if (team) {
      await recordTeamCardChange(trx, {
        action: 'card_created',
        teamId: team.id,
        actor: teamActorOf(ctx),
        cardName: input.name,
        memberId: null,
      });
    }
    await ctx.webhooks.emit(trx, ctx.user.id, 'card.created', () => readVcard(trx, ctx.user.id, inserted.id));
    return { ...inserted, teamId: team?.id };
  });
  announceWrite(ctx, ctx.user.id, 'cards');
  if (created.teamId) announceTeamChange(ctx.changes, await teamMemberIds(ctx.db, created.teamId));
  return { id: created.id, version: created.version };
}

/**
 * Saves a vCard of `accountId` (server/access/team-access.ts cardAccount) edited from `baseVersion`; returns its
 * new version. A newer version saved meanwhile:
 * edit_conflict with the card as it is now, and nothing changes. A team's card keeps the fields its team's
 * template locks (field_locked when the save would change one), and its save is in the team's log.
 */
export async function updateVcard(
  ctx: ServiceContext,
  accountId: string,
  input: UpdateVcardInput,
): Promise<{ version: number }> {
  const { version } = await editVcard(ctx, accountId, input.id, () => input);
  return { version };
}

/**
 * updateVcard with the values worked out from the saved card's form values and version, read once under the
 * row's lock (a REST merge patch applies to them): returns the card as saved, as getEditedVcard reads it.
 */
export async function editVcard(
  ctx: ServiceContext,
  accountId: string,
  id: string,
  edit: (saved: VcardFormValues, version: number) => Omit<UpdateVcardInput, 'id'>,
) {
  const saved = await ctx.db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('vcards')
      .select([...VCARD_COLUMNS, 'member_id'])
      .where('id', '=', id)
      .where('user_id', '=', accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) throw new AppError('not_found');
    const { member_id: memberId, ...currentRow } = locked;
    const current = withLeadForm(currentRow);
    const { baseVersion, ...sent } = edit(vcardFormValues(current, null), current.version);
    // a save from an older version is a conflict first, whatever it changes (a template changed meanwhile)
    if (current.version !== baseVersion) throw await refusedEdit(async () => current);
    // a team's card (edited by a member, an admin or the team's API key) keeps what its template locks
    const team = await teamTemplateOfAccount(trx, accountId);
    const card = keepLockedFields(team?.template ?? null, current, sent);
    if (card.photo && card.photo !== current.photo) await assertOwnPhoto(trx, accountId, card.photo);
    const updatedRow = await trx
      .updateTable('vcards')
      .set({ ...vcardValues(card), updated_at: new Date() })
      .where('id', '=', id)
      .where('user_id', '=', accountId)
      .where('version', '=', baseVersion)
      .returning([...VCARD_COLUMNS, 'draft'])
      .executeTakeFirst();
    if (!updatedRow) throw await refusedEdit(() => readVcard(trx, accountId, id));
    const { draft, ...updated } = withLeadForm(updatedRow);
    // the QR code's title follows the card's name
    await trx.updateTable('links').set({ title: card.name }).where('vcard_id', '=', id).execute();
    // a save that changed nothing keeps its version and is not a change to log
    const editedTeam = team && updated.version !== baseVersion ? team.teamId : null;
    if (editedTeam) {
      // a team card's edit names the fields it changed in the team's log
      await recordTeamCardChange(trx, {
        action: 'card_edited',
        teamId: editedTeam,
        actor: teamActorOf(ctx),
        cardName: card.name,
        memberId,
        fields: changedPaths(vcardFormValues(current, null), vcardFormValues(updated, null)),
      });
    }
    await ctx.webhooks.emit(trx, accountId, 'card.updated', () => updated);
    return { previousPhoto: current.photo, card: { ...updated, draft }, editedTeam };
  });
  announceWrite(ctx, accountId, 'cards');
  // the team's screens (its cards, its log) follow a team card's edit
  if (saved.editedTeam) announceTeamChange(ctx.changes, await teamMemberIds(ctx.db, saved.editedTeam));
  if (saved.previousPhoto !== saved.card.photo) await releaseUnusedPhotos(ctx, [saved.previousPhoto]);
  return saved.card;
}

/** Deletes a vCard of `accountId`; the link it manages goes with it (foreign key cascade). */
export async function deleteVcard(ctx: ServiceContext, accountId: string, id: string): Promise<void> {
  const { deleted, team } = await ctx.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('vcards')
      .where('id', '=', id)
      .where('user_id', '=', accountId)
      .returning(['name', 'member_id', 'photo', 'design'])
      .executeTakeFirst();
    if (!deleted) throw new AppError('not_found');
    const team = (await teamOfAccount(trx, accountId))?.id;
    if (team) {
      await recordTeamCardChange(trx, {
        action: 'card_deleted',
        teamId: team,
        actor: teamActorOf(ctx),
        cardName: deleted.name,
        memberId: deleted.member_id,
      });
    }
    await ctx.webhooks.emit(trx, accountId, 'card.deleted', () => ({ id }));
    return { deleted, team };
  });
  announceWrite(ctx, accountId, 'cards');
  if (team) announceTeamChange(ctx.changes, await teamMemberIds(ctx.db, team));
  const { logo, coverImage } = storedDesign(deleted.design);
  await releaseUnusedPhotos(ctx, [deleted.photo, logo, coverImage]);
}

/** Picks the vCard shown at /{username}. */
export async function setPrimaryVcard(ctx: ServiceContext, id: string): Promise<void> {
  const result = await ctx.db
    .updateTable('profiles')
    .set({ primary_vcard_id: id, updated_at: new Date() })
    .where('id', '=', ctx.user.id)
    .where((eb) =>
      eb.exists(eb.selectFrom('vcards').select('id').where('id', '=', id).where('user_id', '=', ctx.user.id)),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('not_found');
  ctx.changes.publish({ userId: ctx.user.id, topic: 'cards' });
}
