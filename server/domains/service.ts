import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  CUSTOM_DOMAINS_PER_ACCOUNT_MAX,
  DOMAIN_CHECK_INTERVAL_SECONDS,
  DOMAIN_CLAIM_DAYS,
  DOMAIN_DAILY_CHECK_HOURS,
  DOMAIN_LOST_GRACE_DAYS,
  DOMAIN_PENDING_FREQUENT_DAYS,
  isDomainCheckFailure,
  isDomainOrUnder,
  verificationRecordName,
  verificationRecordValue,
  type DomainCheckFailure,
  type DomainStatus,
} from '../../src/domains.ts';
import { paths } from '../../src/routes.ts';
import type { AddDomainInput, DomainIdInput, ListDomainsInput } from '../../src/schemas/domain.ts';
import type { AppDeps, ServiceContext } from '../lib/app-deps.ts';
import { requireFeature } from '../access/plan-gate.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { domainLost, domainReleased } from '../mail/templates.ts';
import { accountRecipient, accountWithFeature, ownedAccount } from '../access/team-access.ts';
import { verificationFailure } from './dns.ts';

// Custom domains (customDomain, a Business feature): the person's own, and their team's for its owner and
// admins, as API keys and webhooks have them. A domain is added with a random token and proved by a TXT
// record holding it (server/domains/dns.ts), at "Check now" or by the schedule's rounds (checkDueDomains).
// Every committed change of a domain row is published on the `domains` topic to the account: the
// dashboard refetches, and the host lookup (server/public-profile/card-host.ts) forgets what it knew.

export interface DomainItem {
  id: string;
  domain: string;
  status: DomainStatus;
  /** The TXT record to add: its name and value. */
  recordName: string;
  recordValue: string;
  verifiedAt: Date | null;
  lastCheckedAt: Date | null;
  lastCheckError: DomainCheckFailure | null;
  createdAt: Date;
}

const ITEM_COLUMNS = [
  'id',
  'user_id',
  'domain',
  'token',
  'status',
  'verified_at',
  'last_checked_at',
  'last_check_error',
  'created_at',
] as const;

interface DomainRow {
  id: string;
  user_id: string;
  domain: string;
  token: string;
  status: DomainStatus;
  verified_at: Date | null;
  last_checked_at: Date | null;
  last_check_error: string | null;
  created_at: Date;
}

function itemOf(row: DomainRow): DomainItem {
  return {
    id: row.id,
    domain: row.domain,
    status: row.status,
    recordName: verificationRecordName(row.domain),
    recordValue: verificationRecordValue(row.token),
    verifiedAt: row.verified_at,
    lastCheckedAt: row.last_checked_at,
    lastCheckError: isDomainCheckFailure(row.last_check_error) ? row.last_check_error : null,
    createdAt: row.created_at,
  };
}

/** The domains of `owner` not removed, oldest first (the order they were added in). */
export async function listDomains(ctx: ServiceContext, input: ListDomainsInput): Promise<DomainItem[]> {
  const accountId = await ownedAccount(ctx, input.owner);
  if (!accountId) return [];
  const rows = await ctx.db
    .selectFrom('custom_domains')
    .select(ITEM_COLUMNS)
    .where('user_id', '=', accountId)
    .where('removed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(itemOf);
}

/** Whether this server answers `domain` itself: the main address's host, CARD_DOMAIN, or a name under either. */
function isOwnDomain(config: AppDeps['config'], domain: string): boolean {
  const mainHost = new URL(config.publicUrl).hostname;
  if (isDomainOrUnder(domain, mainHost)) return true;
  return config.cardDomain !== null && isDomainOrUnder(domain, config.cardDomain);
}

/**
 * Why `domain` cannot be added to `accountId`: the account has it already, or another account proved it.
 * Another account's claim that is not proved yet holds nothing (DOMAIN_CLAIM_DAYS).
 */
async function heldReason(db: Kysely<Database>, accountId: string, domain: string): Promise<AppError | null> {
  const rows = await db
    .selectFrom('custom_domains')
    .select(['user_id', 'verified_at'])
    .where('domain', '=', domain)
    .where('removed_at', 'is', null)
    .where((eb) => eb.or([eb('user_id', '=', accountId), eb('verified_at', 'is not', null)]))
    .execute();
  if (rows.some((row) => row.user_id === accountId)) return new AppError('domain_already_added');
  return rows.length > 0 ? new AppError('domain_claimed') : null;
}

/**
 * A new domain of the person's or their team's account, pending until a check finds its record.
 * plan_required unless the account's plan includes customDomain; domain_reserved for this server's own
 * names; domain_already_added / domain_claimed when the account or another one holds it (the unique index
 * is the final word); limit_reached beyond CUSTOM_DOMAINS_PER_ACCOUNT_MAX.
 */
export async function addDomain(ctx: ServiceContext, input: AddDomainInput): Promise<DomainItem> {
  const accountId = await accountWithFeature(ctx, input.owner, 'customDomain');
  if (isOwnDomain(ctx.config, input.domain)) throw new AppError('domain_reserved');
  const held = await heldReason(ctx.db, accountId, input.domain);
  if (held) throw held;
  let row: DomainRow;
  try {
    row = await ctx.db.transaction().execute(async (trx) => {
      // the account's row locked: two adds at once are counted one after the other
      await trx.selectFrom('users').select('id').where('id', '=', accountId).forUpdate().execute();
      const { count } = await trx
        .selectFrom('custom_domains')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', accountId)
        .where('removed_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(count) >= CUSTOM_DOMAINS_PER_ACCOUNT_MAX) {
        throw new AppError('limit_reached', {
          resource: 'custom_domains',
          limit: CUSTOM_DOMAINS_PER_ACCOUNT_MAX,
        });
      }
      return trx
        .insertInto('custom_domains')
        .values({ user_id: accountId, domain: input.domain, token: randomBytes(18).toString('base64url') })
        .returning(ITEM_COLUMNS)
        .executeTakeFirstOrThrow();
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // added at the same moment by another request
    throw (await heldReason(ctx.db, accountId, input.domain)) ?? error;
  }
  ctx.changes.publish({ userId: accountId, topic: 'domains' });
  return itemOf(row);
}

/**
 * Refuses a domain that a QR code of `accountId`'s may not be printed with: one that is not among the
 * account's verified domains (domain_unusable), or an account whose plan in effect has no customDomain
 * (plan_required), as the domain would only redirect.
 */
export async function assertUsableDomain(
  ctx: ServiceContext,
  accountId: string,
  domain: string,
): Promise<void> {
  await requireFeature(ctx, accountId, 'customDomain');
  if (!(await hasVerifiedDomain(ctx.db, accountId, domain))) throw new AppError('domain_unusable');
}

/** Whether `domain` is among `accountId`'s verified domains, not removed (the plan is not checked). */
export async function hasVerifiedDomain(
  db: Kysely<Database>,
  accountId: string,
  domain: string,
): Promise<boolean> {
  const held = await db
    .selectFrom('custom_domains')
    .select('id')
    .where('user_id', '=', accountId)
    .where('domain', '=', domain)
    .where('status', '=', 'verified')
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return held !== undefined;
}

/**
 * Removes a domain: one never verified is deleted; a verified one keeps its row (removed_at), so the
 * server answers it with a redirect to the main address and a printed code keeps working.
 */
export async function removeDomain(ctx: ServiceContext, input: DomainIdInput): Promise<void> {
  const accountId = await ownedAccount(ctx, input.owner);
  if (!accountId) throw new AppError('not_found');
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('custom_domains')
      .where('id', '=', input.id)
      .where('user_id', '=', accountId)
      .where('removed_at', 'is', null)
      .where('verified_at', 'is', null)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) > 0) return true;
    const marked = await trx
      .updateTable('custom_domains')
      .set({ removed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('id', '=', input.id)
      .where('user_id', '=', accountId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return Number(marked.numUpdatedRows) > 0;
  });
  if (!removed) throw new AppError('not_found');
  ctx.changes.publish({ userId: accountId, topic: 'domains' });
}

/**
 * Checks a domain's record now ("Check now"), at most once in DOMAIN_CHECK_INTERVAL_SECONDS per domain
 * (rate_limited, meta.retryAfterSeconds); the domain as the check left it.
 */
export async function checkDomainNow(ctx: ServiceContext, input: DomainIdInput): Promise<DomainItem> {
  const accountId = await ownedAccount(ctx, input.owner);
  if (!accountId) throw new AppError('not_found');
  const row = await ctx.db
    .selectFrom('custom_domains')
    .select(ITEM_COLUMNS)
    .where('id', '=', input.id)
    .where('user_id', '=', accountId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found');
  // claimed by writing the check's time: of two clicks at once (or a scheduled round), one checks
  const claimed = await ctx.db
    .updateTable('custom_domains')
    .set({ last_checked_at: sql<Date>`now()` })
    .where('id', '=', row.id)
    .where((eb) =>
      eb.or([
        eb('last_checked_at', 'is', null),
        eb(
          'last_checked_at',
          '<=',
          sql<Date>`now() - make_interval(secs => ${DOMAIN_CHECK_INTERVAL_SECONDS})`,
        ),
      ]),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) {
    throw new AppError('rate_limited', { retryAfterSeconds: DOMAIN_CHECK_INTERVAL_SECONDS });
  }
  return itemOf(await checkDomain(ctx, row));
}

/**
 * Looks the domain's record up and writes what was found: present and equal → verified (verified_at the
 * first time); absent or other values → the reason, and a verified domain becomes lost (its owner told
 * once, in the same transaction); no answer from DNS → the reason, the status unchanged. A lost domain
 * whose record is back is verified again.
 */
export async function checkDomain(
  deps: Pick<AppDeps, 'db' | 'config' | 'mailer' | 'changes' | 'resolveTxt'>,
  row: DomainRow,
): Promise<DomainRow> {
  const failure = await verificationFailure(deps.resolveTxt, row.domain, row.token);
  let dropped: string[] = [];
  const checked = await provedOnce(async () =>
    deps.db.transaction().execute(async (trx) => {
      // proved: the name is this account's, and the other accounts' claims of it end
      if (failure === null && row.status === 'pending') dropped = await dropOtherClaims(trx, row);
      const lost =
        failure === 'record_missing' || failure === 'record_mismatch'
          ? await trx
              .updateTable('custom_domains')
              .set({ status: 'lost', lost_at: sql<Date>`now()` })
              .where('id', '=', row.id)
              .where('removed_at', 'is', null)
              .where('status', '=', 'verified')
              .returning('id')
              .executeTakeFirst()
          : undefined;
      const updated = await trx
        .updateTable('custom_domains')
        .set({
          last_checked_at: sql<Date>`now()`,
          last_check_error: failure,
          updated_at: sql<Date>`now()`,
          ...(failure === null
            ? { status: 'verified', verified_at: sql<Date>`coalesce(verified_at, now())`, lost_at: null }
            : {}),
        })
        .where('id', '=', row.id)
        .where('removed_at', 'is', null)
        .returning(ITEM_COLUMNS)
        .executeTakeFirst();
      if (lost && updated) {
        const recipient = await accountRecipient(trx, row.user_id);
        const mail = domainLost(recipient.language, {
          name: recipient.name,
          domain: row.domain,
          recordName: verificationRecordName(row.domain),
          recordValue: verificationRecordValue(row.token),
          teamName: recipient.teamName,
          url: `${deps.config.publicUrl}${paths.domains}`,
        });
        await deps.mailer.send(
          { to: recipient.email, ...mail },
          { kind: 'domain_lost', userId: recipient.userId },
          trx,
        );
      }
      return updated;
    }),
  );
  // removed meanwhile: nothing to tell
  if (!checked) return row;
  deps.changes.publish({ userId: row.user_id, topic: 'domains' });
  for (const userId of dropped) deps.changes.publish({ userId, topic: 'domains' });
  return checked;
}

/** Runs a check's writes; two accounts proving one name at the same moment: the second is domain_claimed. */
async function provedOnce<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('domain_claimed');
    throw error;
  }
}

/**
 * Ends the other accounts' claims of a name that `row`'s account proved: their pending rows go. Another
 * account that proved it first holds it (the unique index): domain_claimed, and nothing changes.
 */
async function dropOtherClaims(trx: Transaction<Database>, row: DomainRow): Promise<string[]> {
  const proved = await trx
    .selectFrom('custom_domains')
    .select('id')
    .where('domain', '=', row.domain)
    .where('removed_at', 'is', null)
    .where('verified_at', 'is not', null)
    .where('id', '<>', row.id)
    .forUpdate()
    .executeTakeFirst();
  if (proved) throw new AppError('domain_claimed');
  const dropped = await trx
    .deleteFrom('custom_domains')
    .where('domain', '=', row.domain)
    .where('removed_at', 'is', null)
    .where('verified_at', 'is', null)
    .where('id', '<>', row.id)
    .returning('user_id')
    .execute();
  return dropped.map((claim) => claim.user_id);
}

/**
 * Ends the claims nobody proved within DOMAIN_CLAIM_DAYS (the schedule's round); returns their accounts,
 * told on the `domains` topic.
 */
export async function endStaleClaims(
  deps: Pick<AppDeps, 'db' | 'changes'>,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - DOMAIN_CLAIM_DAYS * 24 * 60 * 60 * 1000);
  const ended = await deps.db
    .deleteFrom('custom_domains')
    .where('removed_at', 'is', null)
    .where('verified_at', 'is', null)
    .where('created_at', '<=', before)
    .returning('user_id')
    .execute();
  for (const userId of new Set(ended.map((claim) => claim.user_id))) {
    deps.changes.publish({ userId, topic: 'domains' });
  }
  return ended.length;
}

/**
 * Releases the domains lost for DOMAIN_LOST_GRACE_DAYS (the schedule's round): each is removed as its owner
 * would remove it (it redirects to the main address, so printed codes keep working), and another account
 * may prove the name; its owner is told, in the transaction that releases it. Returns how many.
 */
export async function releaseLostDomains(
  deps: Pick<AppDeps, 'db' | 'config' | 'mailer' | 'changes'>,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - DOMAIN_LOST_GRACE_DAYS * 24 * 60 * 60 * 1000);
  const released = await deps.db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('custom_domains')
      .set({ removed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('status', '=', 'lost')
      .where('removed_at', 'is', null)
      .where('lost_at', '<=', before)
      .returning(['user_id', 'domain'])
      .execute();
    for (const row of rows) {
      const recipient = await accountRecipient(trx, row.user_id);
      const mail = domainReleased(recipient.language, {
        name: recipient.name,
        domain: row.domain,
        teamName: recipient.teamName,
        url: `${deps.config.publicUrl}${paths.domains}`,
      });
      await deps.mailer.send(
        { to: recipient.email, ...mail },
        { kind: 'domain_released', userId: recipient.userId },
        trx,
      );
    }
    return rows;
  });
  for (const userId of new Set(released.map((row) => row.user_id))) {
    deps.changes.publish({ userId, topic: 'domains' });
  }
  return released.length;
}

/** What a scheduled round did: domains checked, and how many of them each result. */
export interface DomainRound {
  checked: number;
  verified: number;
  lost: number;
  failed: number;
}

/** Domains one round checks at most; the rest wait for the next round. */
const ROUND_MAX_DOMAINS = 500;

/**
 * The schedule's round (server/maintenance-schedule.ts): every domain not removed that is due, checked one after
 * the other. Due: pending and added in the last DOMAIN_PENDING_FREQUENT_DAYS (every round), or not
 * checked in DOMAIN_DAILY_CHECK_HOURS (verified and lost ones, and older pending ones: once a day).
 */
export async function checkDueDomains(deps: AppDeps, now = new Date()): Promise<DomainRound> {
  await endStaleClaims(deps, now);
  await releaseLostDomains(deps, now);
  const frequentSince = new Date(now.getTime() - DOMAIN_PENDING_FREQUENT_DAYS * 24 * 60 * 60 * 1000);
  const dailyBefore = new Date(now.getTime() - DOMAIN_DAILY_CHECK_HOURS * 60 * 60 * 1000);
  const due = await deps.db
    .selectFrom('custom_domains')
    .select(ITEM_COLUMNS)
    .where('removed_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('created_at', '>', frequentSince)]),
        eb('last_checked_at', 'is', null),
        eb('last_checked_at', '<=', dailyBefore),
      ]),
    )
    .orderBy('last_checked_at', (order) => order.asc().nullsFirst())
    .limit(ROUND_MAX_DOMAINS)
    .execute();
  const round: DomainRound = { checked: 0, verified: 0, lost: 0, failed: 0 };
  for (const row of due) {
    let checked: DomainRow;
    try {
      checked = await checkDomain(deps, row);
    } catch (error) {
      // another account proved the name first: this claim waits to end (DOMAIN_CLAIM_DAYS)
      if (error instanceof AppError && error.reason === 'domain_claimed') continue;
      throw error;
    }
    round.checked += 1;
    if (checked.status === 'verified') round.verified += 1;
    if (checked.status === 'lost' && row.status === 'verified') round.lost += 1;
    if (checked.last_check_error === 'lookup_failed') round.failed += 1;
  }
  return round;
}
