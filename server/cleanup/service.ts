import { sql } from 'kysely';
import { TEAM_EVENTS_KEPT_DAYS } from '../../src/teams.ts';
import { ADDRESS_HOLD_DAYS } from '../../src/username.ts';
import { removeAccount } from '../account/service.ts';
import { removeExpiredLeads } from '../leads/service.ts';
import { LEAD_POSTS_KEPT_DAYS } from '../leads/capture.ts';
import { IDEMPOTENCY_KEY_DAYS } from '../api/idempotency.ts';
import { findUnusedPhotoKeys, releaseUnusedPhotoKeys } from '../media/references.ts';
import type { StoredKey } from '../media/storage.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { WEBHOOK_DELIVERY_KEPT_DAYS } from '../../src/webhooks.ts';

// The clean-up (`npm run cleanup`, and the server's own timer on the embedded database): what
// nobody can use any more. Every row is deleted by a statement that checks its condition itself, so runs
// at once on several machines never remove something that became used meanwhile, and each row is removed
// (and counted) by one run only. A stray file can be counted by two runs at once; deleting it twice is
// harmless.

/** Accounts whose address was never confirmed are removed after this many days. */
export const UNCONFIRMED_ACCOUNT_DAYS = 30;

/**
 * Photos younger than this are left alone, used or not: an upload is stored before its row, and a photo
 * is uploaded before the card that uses it is saved.
 */
export const PHOTO_GRACE_HOURS = 24;

/**
 * Processed Stripe event ids are kept this long, so a repeated delivery changes nothing: Stripe retries an
 * event for up to 3 days.
 */
export const STRIPE_EVENT_DAYS = 30;

/**
 * Ids of written count batches are kept this long, so a batch retried or replayed from a spill file
 * (server/lib/count-batcher.ts) after an outage of up to that long is still known and not counted twice.
 */
export const COUNT_BATCH_DAYS = 30;

/**
 * What became of each e-mail of the outbox (mail_outbox) is kept this long: a message that could not be
 * sent is shown to its account for as long (server/mail/outbox.ts).
 */
export const MAIL_RECORD_DAYS = 30;

/**
 * The sign-in limits' counters (rate_limits, one per client address and path: server/auth/auth.ts) are
 * kept this long after their last request, far beyond their longest window (a minute), so that no
 * address that tried to sign in stays in the database (docs/decisions/019-no-visitor-address-kept.md: no
 * visitor's address is kept).
 */
export const RATE_LIMIT_HOURS = 1;

/** Photo files are checked against their rows this many at a time. */
const FILE_BATCH_SIZE = 500;

export interface CleanupCounts {
  expiredSessions: number;
  expiredVerifications: number;
  /** CRM connections begun and never finished (their OAuth state expired, server/crm/service.ts). */
  expiredCrmConnects: number;
  unconfirmedAccounts: number;
  /** Photo rows (and their files) that no profile or vCard uses. */
  unusedPhotos: number;
  /** Files in photo storage that no row points to. */
  strayPhotoFiles: number;
  /** Processed Stripe event ids older than STRIPE_EVENT_DAYS. */
  oldStripeEvents: number;
  /** Usernames of accounts deleted ADDRESS_HOLD_DAYS ago or more: free again. */
  expiredUsernameHolds: number;
  /** Chosen short-link codes of links (or accounts) deleted ADDRESS_HOLD_DAYS ago or more: free again. */
  expiredLinkCodeHolds: number;
  /** Ids of count batches written more than COUNT_BATCH_DAYS ago. */
  oldCountBatches: number;
  /** Records of e-mails of the outbox queued more than MAIL_RECORD_DAYS ago. */
  oldMailRecords: number;
  /** Sign-in limit counters of a client address untouched for RATE_LIMIT_HOURS. */
  oldRateLimits: number;
  /** Entries of team audit logs older than TEAM_EVENTS_KEPT_DAYS. */
  oldTeamEvents: number;
  /** Webhook deliveries (the endpoints' logs) made more than WEBHOOK_DELIVERY_KEPT_DAYS ago. */
  oldWebhookDeliveries: number;
  /** First answers of REST creates (Idempotency-Key) older than IDEMPOTENCY_KEY_DAYS. */
  oldIdempotencyKeys: number;
  /** Leads older than the automatic deletion their account chose (profiles.lead_retention_days). */
  expiredLeads: number;
  /** Records of lead form posts (what the form's limits count) older than LEAD_POSTS_KEPT_DAYS. */
  oldLeadPosts: number;
}

export interface CleanupOptions {
  dryRun: boolean;
  /** The moment the holds of usernames and codes are measured to (tests move it); now by default. */
  now?: Date;
}

/**
 * Removes everything of CleanupCounts and says how much; a dry run counts the same things and changes
 * nothing. Accounts go first, through the account deletion path (their rows and photo files together).
 */
export async function cleanUp(
  deps: AppDeps,
  { dryRun, now = new Date() }: CleanupOptions,
): Promise<CleanupCounts> {
  const unconfirmedAccounts = await removeUnconfirmedAccounts(deps, dryRun);
  const photosBefore = new Date(Date.now() - PHOTO_GRACE_HOURS * 60 * 60 * 1000);
  const unusedPhotoKeys = await findUnusedPhotoKeys(deps.db, photosBefore);
  const unusedPhotos = dryRun
    ? unusedPhotoKeys.length
    : (await releaseUnusedPhotoKeys(deps, unusedPhotoKeys)).length;
  return {
    expiredSessions: await removeExpired(deps, 'sessions', dryRun),
    expiredVerifications: await removeExpired(deps, 'verifications', dryRun),
    expiredCrmConnects: await removeExpired(deps, 'crm_connects', dryRun),
    unconfirmedAccounts,
    unusedPhotos,
    strayPhotoFiles: await removeStrayPhotoFiles(deps, photosBefore, dryRun),
    oldStripeEvents: await removeOlderThan(deps, 'stripe_events', 'received_at', STRIPE_EVENT_DAYS, dryRun),
    oldCountBatches: await removeOlderThan(deps, 'count_batches', 'written_at', COUNT_BATCH_DAYS, dryRun),
    oldMailRecords: await removeOlderThan(deps, 'mail_outbox', 'created_at', MAIL_RECORD_DAYS, dryRun),
    oldRateLimits: await removeOldRateLimits(deps, dryRun),
    oldTeamEvents: await removeOlderThan(deps, 'team_events', 'created_at', TEAM_EVENTS_KEPT_DAYS, dryRun),
    oldWebhookDeliveries: await removeOlderThan(
      deps,
      'webhook_deliveries',
      'created_at',
      WEBHOOK_DELIVERY_KEPT_DAYS,
      dryRun,
    ),
    oldIdempotencyKeys: await removeOlderThan(
      deps,
      'api_idempotency_keys',
      'created_at',
      IDEMPOTENCY_KEY_DAYS,
      dryRun,
    ),
    expiredLeads: await removeExpiredLeads(deps, dryRun),
    oldLeadPosts: await removeOlderThan(deps, 'lead_posts', 'posted_at', LEAD_POSTS_KEPT_DAYS, dryRun),
    expiredUsernameHolds: await removeExpiredUsernameHolds(deps, now, dryRun),
    expiredLinkCodeHolds: await removeExpiredLinkCodeHolds(deps, now, dryRun),
  };
}

/** The moment before which an address let go has been held long enough (ADDRESS_HOLD_DAYS before `now`). */
function holdEndedBefore(now: Date): Date {
  return new Date(now.getTime() - ADDRESS_HOLD_DAYS * 24 * 60 * 60 * 1000);
}

/** Frees the usernames of accounts deleted at least ADDRESS_HOLD_DAYS before `now`. */
async function removeExpiredUsernameHolds(deps: AppDeps, now: Date, dryRun: boolean): Promise<number> {
  const deletedBefore = holdEndedBefore(now);
  if (dryRun) {
    const { count } = await deps.db
      .selectFrom('usernames')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', 'is', null)
      .where('account_deleted_at', '<=', deletedBefore)
      .executeTakeFirstOrThrow();
    return Number(count);
  }
  const { numDeletedRows } = await deps.db
    .deleteFrom('usernames')
    .where('user_id', 'is', null)
    .where('account_deleted_at', '<=', deletedBefore)
    .executeTakeFirst();
  return Number(numDeletedRows);
}

/**
 * Frees the chosen codes of links deleted (alone or with their account) at least ADDRESS_HOLD_DAYS before
 * `now`.
 */
async function removeExpiredLinkCodeHolds(deps: AppDeps, now: Date, dryRun: boolean): Promise<number> {
  const releasedBefore = holdEndedBefore(now);
  if (dryRun) {
    const { count } = await deps.db
      .selectFrom('link_codes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('link_id', 'is', null)
      .where('released_at', '<=', releasedBefore)
      .executeTakeFirstOrThrow();
    return Number(count);
  }
  const { numDeletedRows } = await deps.db
    .deleteFrom('link_codes')
    .where('link_id', 'is', null)
    .where('released_at', '<=', releasedBefore)
    .executeTakeFirst();
  return Number(numDeletedRows);
}

/** Rows of `table` whose `column` is more than `days` old, by the database's clock. */
async function removeOlderThan(
  deps: AppDeps,
  table:
    | 'stripe_events'
    | 'count_batches'
    | 'mail_outbox'
    | 'team_events'
    | 'webhook_deliveries'
    | 'api_idempotency_keys'
    | 'lead_posts',
  column: 'received_at' | 'written_at' | 'created_at' | 'posted_at',
  days: number,
  dryRun: boolean,
): Promise<number> {
  const old = sql<Date>`now() - make_interval(days => ${days})`;
  const before = sql<boolean>`${sql.ref(column)} < ${old}`;
  if (dryRun) {
    const { count } = await deps.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(before)
      .executeTakeFirstOrThrow();
    return Number(count);
  }
  const { numDeletedRows } = await deps.db.deleteFrom(table).where(before).executeTakeFirst();
  return Number(numDeletedRows);
}

/** Rate limit counters whose last request (better-auth's milliseconds) is RATE_LIMIT_HOURS old. */
async function removeOldRateLimits(deps: AppDeps, dryRun: boolean): Promise<number> {
  const before = sql<boolean>`last_request < (extract(epoch from now()) * 1000)::bigint - ${RATE_LIMIT_HOURS * 60 * 60 * 1000}`;
  if (dryRun) {
    const { count } = await deps.db
      .selectFrom('rate_limits')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(before)
      .executeTakeFirstOrThrow();
    return Number(count);
  }
  const { numDeletedRows } = await deps.db.deleteFrom('rate_limits').where(before).executeTakeFirst();
  return Number(numDeletedRows);
}

/**
 * Sessions, verification tokens (e-mail links, OAuth state) and CRM connections begun (their OAuth state)
 * past their expiry, by the database's clock.
 */
async function removeExpired(
  deps: AppDeps,
  table: 'sessions' | 'verifications' | 'crm_connects',
  dryRun: boolean,
): Promise<number> {
  if (dryRun) {
    const { count } = await deps.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('expires_at', '<', sql<Date>`now()`)
      .executeTakeFirstOrThrow();
    return count;
  }
  const { numDeletedRows } = await deps.db
    .deleteFrom(table)
    .where('expires_at', '<', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(numDeletedRows);
}

async function removeUnconfirmedAccounts(deps: AppDeps, dryRun: boolean): Promise<number> {
  const accounts = await deps.db
    .selectFrom('users')
    .select('id')
    .where('email_verified', '=', false)
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${UNCONFIRMED_ACCOUNT_DAYS})`)
    // a team's account has no address to confirm (server/access/team-account.ts): it goes with its team
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('teams').select('teams.id').whereRef('teams.account_id', '=', 'users.id'))),
    )
    .execute();
  if (dryRun) return accounts.length;
  let removed = 0;
  for (const { id } of accounts) {
    // not if confirmed since the query above (or removed by another run)
    if (await removeAccount(deps, id, { unconfirmedOnly: true })) removed += 1;
  }
  return removed;
}

/** Files in storage, written before `writtenBefore`, that no media row points to. */
async function removeStrayPhotoFiles(deps: AppDeps, writtenBefore: Date, dryRun: boolean): Promise<number> {
  let removed = 0;
  let batch: StoredKey[] = [];
  const settle = async () => {
    const keys = batch.filter((file) => file.modifiedAt < writtenBefore).map((file) => file.key);
    batch = [];
    if (keys.length === 0) return;
    const rows = await deps.db.selectFrom('media').select('key').where('key', 'in', keys).execute();
    const known = new Set(rows.map((row) => row.key));
    for (const key of keys.filter((candidate) => !known.has(candidate))) {
      if (!dryRun) await deps.storage.delete(key);
      removed += 1;
    }
  };
  for await (const file of deps.storage.list()) {
    batch.push(file);
    if (batch.length >= FILE_BATCH_SIZE) await settle();
  }
  await settle();
  return removed;
}
