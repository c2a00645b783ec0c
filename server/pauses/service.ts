import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  accountPause,
  candidateOf,
  firstVcardId,
  limitOf,
  splitLive,
  type LiveCandidate,
  type LiveSplit,
  type PausableKind,
  type PausedCounts,
} from '../../src/pauses.ts';
import { isUnlimited, planInEffect, type AvailabilityFacts } from '../../src/plans.ts';
import type { KeepLiveInput } from '../../src/schemas/pause.ts';
import { lockProfileFacts, PLAN_FACT_COLUMNS } from '../access/plan-gate.ts';
import { AppError } from '../lib/errors.ts';
import type { ServiceContext } from '../lib/app-deps.ts';

// Which vCards, QR codes and profile links a plan keeps live (src/pauses.ts has the rule), read from the
// database whenever it is asked, and the owner's one way to change it: choosing a paused item to stay live
// in place of the lowest-ranked live one. Every query filters by the owner.

/** The profile columns every pause depends on: the account's own (availability) and the plan's limits. */
export const PAUSE_FACT_COLUMNS = [...PLAN_FACT_COLUMNS, 'profiles.primary_vcard_id'] as const;

/** The facts of an owner's plan that the pauses of one kind depend on: its plan in effect's limits. */
export interface PlanFacts extends AvailabilityFacts {
  /** The vCard at the profile address; the oldest stands in when it is null. */
  primary_vcard_id: string | null;
}

/** The items of a kind in their own order (the ranking's last rule): oldest first, profile links in order. */
async function candidatesOf(db: Kysely<Database>, userId: string, kind: PausableKind) {
  if (kind === 'vcard') {
    return db
      .selectFrom('vcards')
      .select(['id', 'live_chosen_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }
  const query = db
    .selectFrom('links')
    .select(['id', 'live_chosen_at'])
    .where('user_id', '=', userId)
    .where('vcard_id', 'is', null);
  return kind === 'qrCode'
    ? query.where('kind', '=', 'qr').orderBy('created_at').orderBy('id').execute()
    : query
        .where('kind', '=', 'profile')
        .orderBy('order_index')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
}

/** The live and paused items of a kind under the owner's plan (the account's own pause aside). */
export async function liveSplitOf(
  db: Kysely<Database>,
  userId: string,
  kind: PausableKind,
  facts: PlanFacts,
): Promise<LiveSplit<LiveCandidate>> {
  const rows = await candidatesOf(db, userId, kind);
  const candidates = rows.map(candidateOf);
  const firstId = kind === 'vcard' ? firstVcardId(facts.primary_vcard_id, rows) : null;
  return splitLive(candidates, limitOf(planInEffect(facts), kind), firstId);
}

/** Whether an item is within its plan's live places; no query when the plan has no limit for its kind. */
export async function isWithinLimit(
  db: Kysely<Database>,
  userId: string,
  kind: PausableKind,
  id: string,
  facts: PlanFacts,
): Promise<boolean> {
  if (isUnlimited(limitOf(planInEffect(facts), kind))) return true;
  const { live } = await liveSplitOf(db, userId, kind, facts);
  return live.some((item) => item.id === id);
}

/**
 * How many of an owner's vCards, QR codes and profile links are paused now: every one while the account
 * itself is paused (offline), else those beyond the plan in effect's limits. Null for an unknown owner.
 */
export async function pausedCountsOf(db: Kysely<Database>, userId: string): Promise<PausedCounts | null> {
  const facts = await db
    .selectFrom('profiles')
    .innerJoin('account_plans', 'account_plans.id', 'profiles.id')
    .select(PAUSE_FACT_COLUMNS)
    .where('profiles.id', '=', userId)
    .executeTakeFirst();
  if (!facts) return null;
  const offline = accountPause(facts) !== null;
  const count = async (kind: PausableKind) =>
    offline
      ? (await candidatesOf(db, userId, kind)).length
      : (await liveSplitOf(db, userId, kind, facts)).paused.length;
  const [vcard, qrCode, profileLink] = await Promise.all([
    count('vcard'),
    count('qrCode'),
    count('profileLink'),
  ]);
  return { vcard, qrCode, profileLink };
}

/** Whether the owner has an item of a kind with this id (a vCard's own QR code is not a QR code here). */
async function ownsItem(db: Kysely<Database>, userId: string, kind: PausableKind, id: string) {
  const row =
    kind === 'vcard'
      ? await db
          .selectFrom('vcards')
          .select('id')
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : await db
          .selectFrom('links')
          .select('id')
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .where('kind', '=', kind === 'qrCode' ? 'qr' : 'profile')
          .where('vcard_id', 'is', null)
          .executeTakeFirst();
  return row !== undefined;
}

/**
 * The owner chooses a paused item to stay live: it takes the place of the lowest-ranked live item of its
 * kind, which is paused instead. `pausing` names the item the dashboard said would be paused; when that is
 * no longer the one (the list changed meanwhile), nothing changes and the reason says so. An item that is
 * live already stays as it is. With one live place for vCards, the chosen card becomes the primary one:
 * the card at the profile address is always live.
 */
export async function keepLive(ctx: ServiceContext, input: KeepLiveInput): Promise<void> {
  const userId = ctx.user.id;
  const changed = await ctx.db.transaction().execute(async (trx) => {
    // the profile lock every create takes: a create or another choice of the same owner waits, so the
    // ranking read here is the one changed
    const facts = await lockProfileFacts(trx, userId);
    if (!(await ownsItem(trx, userId, input.kind, input.id))) throw new AppError('not_found');
    const { live, paused } = await liveSplitOf(trx, userId, input.kind, facts);
    if (!paused.some((item) => item.id === input.id)) return false;
    if (live.at(-1)?.id !== input.pausing) throw new AppError('live_choice_changed');
    if (input.kind === 'vcard' && live.length === 1) {
      await trx
        .updateTable('profiles')
        .set({ primary_vcard_id: input.id, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
      return true;
    }
    // the database's clock, read under the profile lock: a later choice always ranks first
    const chosenAt = sql<Date>`clock_timestamp()`;
    if (input.kind === 'vcard') {
      await trx
        .updateTable('vcards')
        .set({ live_chosen_at: chosenAt })
        .where('id', '=', input.id)
        .where('user_id', '=', userId)
        .execute();
    } else {
      await trx
        .updateTable('links')
        .set({ live_chosen_at: chosenAt })
        .where('id', '=', input.id)
        .where('user_id', '=', userId)
        .execute();
    }
    return true;
  });
  if (changed) ctx.changes.publish({ userId, topic: input.kind === 'vcard' ? 'cards' : 'links' });
}
