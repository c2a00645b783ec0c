import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  type Transaction,
} from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LeadField, LeadSettings } from '../../src/schemas/lead.ts';
import { DELETED_CARDS, LEADS_PAGE_SIZE, type LeadFilter } from '../../src/schemas/lead-list.ts';
import type { Locale } from '../../src/i18n.ts';
import { isUnlimited, PLANS, type PlanId } from '../../src/plans.ts';
import { localDayBounds } from '../analytics/day-bounds.ts';
import { announceWrite } from '../lib/after-write.ts';
import type { AppDeps, ServiceContext } from '../lib/app-deps.ts';
import type { ChangeBus } from '../lib/changes.ts';
import { AppError } from '../lib/errors.ts';
import type { WebhookOutbox } from '../webhooks/delivery.ts';

// The owner's side of contact exchange: the leads visitors left on an account's cards (leads.user_id: the
// signed-in person's own account, or a team's account for its owner and admins, server/leads/team.ts),
// their receipts, erasing them (the rows go, nothing is flagged), the account's choices and the nightly
// deletion by age. Every query names the scope's account: another account's lead is not_found, like one
// that does not exist. Every write publishes the 'leads' change to the account; every erasure sends
// lead.erased (its id only) to the account's endpoints, in its transaction.

/** Whose leads a call handles: one account, the bus its changes are told on and its webhook outbox. */
export interface LeadScope {
  db: Kysely<Database>;
  changes: ChangeBus;
  webhooks: WebhookOutbox;
  accountId: string;
}

/** The leads of account `accountId` (a person's, or a team's: server/leads/team.ts). */
export function leadScopeOf(
  deps: Pick<AppDeps, 'db' | 'changes' | 'webhooks'>,
  accountId: string,
): LeadScope {
  return { db: deps.db, changes: deps.changes, webhooks: deps.webhooks, accountId };
}

/** The signed-in person's own leads: those of their own cards (a team key's: the team's, server/api/). */
export function ownLeads(ctx: ServiceContext): LeadScope {
  return leadScopeOf(ctx, ctx.user.id);
}

export interface LeadItem {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  note: string | null;
  /** The card it was left on; null once that card was deleted (cardName keeps its name). */
  vcardId: string | null;
  cardName: string;
  createdAt: Date;
  fieldsGiven: LeadField[];
}

/** A lead with its consent receipt: the consent text exactly as the visitor saw it, and its language. */
export interface LeadWithReceipt extends LeadItem {
  consentText: string;
  consentLanguage: Locale;
}

export interface LeadsPage {
  items: LeadItem[];
  /** The next page's cursor (the last lead of this one); null on the last page. */
  nextCursor: string | null;
  /** How many leads the filters match, on every page. */
  total: number;
}

export const itemColumns = [
  'leads.id',
  'leads.name',
  'leads.email',
  'leads.phone',
  'leads.company',
  'leads.note',
  'leads.vcard_id as vcardId',
  'leads.card_name as cardName',
  'leads.created_at as createdAt',
  'leads.fields_given as fieldsGiven',
] as const;

/** A LIKE pattern that finds `words` as typed: its own % and _ are no wildcards. */
function containsPattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Accented Latin letters and the letters without their accents, one for one (the search matches "Jose"
 * to "José"). translate() is in both databases as they come; the unaccent extension would need loading
 * into PGlite and CREATE on the database by the app's role. Both cases are listed, since lower() of a
 * non-ASCII letter depends on the database's locale; ILIKE then ignores the case of what is left.
 */
const ACCENTED_LOWER = 'áàâäãåāăąéèêëēėęěíìîïīįóòôöõōőúùûüūůűųýÿñńňçćčśšźżžďťřľĺ';
const ACCENTED = ACCENTED_LOWER + ACCENTED_LOWER.toUpperCase();
const UNACCENTED = ACCENTED.normalize('NFD').replace(/\p{Diacritic}/gu, '');

/** `value` (a column or the search's pattern) with the accents of ACCENTED taken off, in SQL. */
function withoutAccents(value: Expression<string | null>) {
  return sql<string>`translate(${value}, ${ACCENTED}, ${UNACCENTED})`;
}

/** The account's leads that the filters match (LeadFilterSchema). */
export function matching(accountId: string, filter: LeadFilter) {
  return (eb: ExpressionBuilder<Database, 'leads'>): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [eb('leads.user_id', '=', accountId)];
    if (filter.search) {
      // the pattern goes through the same translate() as the columns: both sides lose the same accents
      const pattern = withoutAccents(eb.val(containsPattern(filter.search)));
      conditions.push(
        eb.or(
          (['name', 'email', 'phone', 'company', 'note'] as const).map((column) =>
            eb(withoutAccents(eb.ref(`leads.${column}`)), 'ilike', pattern),
          ),
        ),
      );
    }
    if (filter.vcardId === DELETED_CARDS) conditions.push(eb('leads.vcard_id', 'is', null));
    else if (filter.vcardId) conditions.push(eb('leads.vcard_id', '=', filter.vcardId));
    if (filter.from || filter.to) {
      const { since, until } = localDayBounds(
        filter.timeZone,
        filter.from ?? filter.to ?? '',
        filter.to ?? filter.from ?? '',
      );
      if (filter.from) conditions.push(sql<SqlBool>`leads.created_at >= ${since}`);
      if (filter.to) conditions.push(sql<SqlBool>`leads.created_at < ${until}`);
    }
    return eb.and(conditions);
  };
}

/** No leads: the page of a team that has no account yet (its first card makes it). */
export const NO_LEADS: LeadsPage = { items: [], nextCursor: null, total: 0 };

/**
 * A page of the scope's leads the filters match, newest first. The cursor is the id of the last lead
 * shown, compared by its stored time (a JavaScript Date would drop the column's microseconds); a cursor
 * that is none of the account's leads (erased meanwhile) ends the list.
 */
export async function listLeads(
  scope: LeadScope,
  input: { filter: LeadFilter; cursor?: string | null | undefined },
): Promise<LeadsPage> {
  const { accountId } = scope;
  const where = matching(accountId, input.filter);
  const cursor = input.cursor;
  const rows = await scope.db
    .selectFrom('leads')
    .select(itemColumns)
    .where(where)
    .$if(Boolean(cursor), (query) =>
      query.where(({ eb, refTuple, selectFrom }) =>
        eb(
          refTuple('leads.created_at', 'leads.id'),
          '<',
          selectFrom('leads as last_shown')
            .select(['last_shown.created_at', 'last_shown.id'])
            .where('last_shown.id', '=', cursor ?? '')
            .where('last_shown.user_id', '=', accountId)
            .$asTuple('created_at', 'id'),
        ),
      ),
    )
    .orderBy('leads.created_at', 'desc')
    .orderBy('leads.id', 'desc')
    .limit(LEADS_PAGE_SIZE + 1)
    .execute();
  const { total } = await scope.db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where(where)
    .executeTakeFirstOrThrow();
  const items = rows.slice(0, LEADS_PAGE_SIZE);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > items.length && last ? last.id : null, total: Number(total) };
}

/** What the card filter offers: the account's cards, and whether some leads' cards were deleted. */
export interface LeadCards {
  cards: { id: string; name: string }[];
  /** Some leads were left on cards deleted since: the filter offers DELETED_CARDS. */
  deletedCards: boolean;
}

export const NO_LEAD_CARDS: LeadCards = { cards: [], deletedCards: false };

export async function leadCards(scope: LeadScope): Promise<LeadCards> {
  const cards = await scope.db
    .selectFrom('vcards')
    .select(['id', 'name'])
    .where('user_id', '=', scope.accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const orphan = await scope.db
    .selectFrom('leads')
    .select('id')
    .where('user_id', '=', scope.accountId)
    .where('vcard_id', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return { cards, deletedCards: orphan !== undefined };
}

export const receiptColumns = [
  ...itemColumns,
  'leads.consent_text as consentText',
  'leads.consent_language as consentLanguage',
] as const;

/** One of the scope's leads with its receipt; not_found for anyone else's. */
export async function getLead(
  scope: Pick<LeadScope, 'db' | 'accountId'>,
  input: { id: string },
): Promise<LeadWithReceipt> {
  const lead = await scope.db
    .selectFrom('leads')
    .select(receiptColumns)
    .where('leads.id', '=', input.id)
    .where('leads.user_id', '=', scope.accountId)
    .executeTakeFirst();
  if (!lead) throw new AppError('not_found');
  return lead;
}

/**
 * Queues lead.erased for each of `ids`, leads of `accountId` just deleted in `trx`: their ids only, as
 * nothing else of them is kept (to the account's endpoints subscribed to it).
 */
async function emitLeadsErased(
  webhooks: WebhookOutbox,
  trx: Transaction<Database>,
  accountId: string,
  ids: readonly string[],
): Promise<void> {
  for (const id of ids) await webhooks.emit(trx, accountId, 'lead.erased', () => ({ id }));
}

/**
 * Deletes one of the scope's leads, its row and receipt, with its lead.erased event; not_found for anyone
 * else's. The dashboard's erase and the REST API's DELETE.
 */
export async function eraseLead(scope: LeadScope, input: { id: string }): Promise<void> {
  await scope.db.transaction().execute(async (trx) => {
    const { numDeletedRows } = await trx
      .deleteFrom('leads')
      .where('id', '=', input.id)
      .where('user_id', '=', scope.accountId)
      .executeTakeFirst();
    if (numDeletedRows === 0n) throw new AppError('not_found');
    await emitLeadsErased(scope.webhooks, trx, scope.accountId, [input.id]);
  });
  announceWrite(scope, scope.accountId, 'leads');
}

/** Deletes every lead of the scope the filters match (all of them without filters), each with lead.erased. */
export async function eraseLeads(scope: LeadScope, filter: LeadFilter): Promise<{ erased: number }> {
  const erased = await scope.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('leads')
      .where(matching(scope.accountId, filter))
      .returning('id')
      .execute();
    await emitLeadsErased(
      scope.webhooks,
      trx,
      scope.accountId,
      deleted.map(({ id }) => id),
    );
    return deleted.length;
  });
  if (erased > 0) announceWrite(scope, scope.accountId, 'leads');
  return { erased };
}

/** How the account hears of new leads (a team's: its owner) and how long they are kept. */
export async function leadSettings(scope: LeadScope): Promise<LeadSettings> {
  const row = await scope.db
    .selectFrom('profiles')
    .select(['lead_notification as notification', 'lead_retention_days as retentionDays'])
    .where('id', '=', scope.accountId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found');
  return row;
}

export async function updateLeadSettings(scope: LeadScope, input: LeadSettings): Promise<LeadSettings> {
  await scope.db
    .updateTable('profiles')
    .set({ lead_notification: input.notification, lead_retention_days: input.retentionDays })
    .where('id', '=', scope.accountId)
    .execute();
  return leadSettings(scope);
}

/**
 * The nightly deletion by age: the leads of every account that chose automatic deletion, older than its
 * number of days (by the database's clock), each with lead.erased. Tells each account touched. A dry run
 * counts them.
 */
export async function removeExpiredLeads(deps: AppDeps, dryRun: boolean): Promise<number> {
  const expired = sql<SqlBool>`leads.created_at < now() - make_interval(days => profiles.lead_retention_days)`;
  if (dryRun) {
    const { count } = await deps.db
      .selectFrom('leads')
      .innerJoin('profiles', 'profiles.id', 'leads.user_id')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('profiles.lead_retention_days', 'is not', null)
      .where(expired)
      .executeTakeFirstOrThrow();
    return Number(count);
  }
  const removed = await deps.db.transaction().execute(async (trx) => {
    const rows = await trx
      .deleteFrom('leads')
      .using('profiles')
      .whereRef('profiles.id', '=', 'leads.user_id')
      .where('profiles.lead_retention_days', 'is not', null)
      .where(expired)
      .returning(['leads.id', 'leads.user_id'])
      .execute();
    const idsByAccount = new Map<string, string[]>();
    for (const { id, user_id } of rows) {
      const ids = idsByAccount.get(user_id);
      if (ids) ids.push(id);
      else idsByAccount.set(user_id, [id]);
    }
    for (const [userId, ids] of idsByAccount) await emitLeadsErased(deps.webhooks, trx, userId, ids);
    return { count: rows.length, accounts: [...idsByAccount.keys()] };
  });
  for (const userId of removed.accounts) announceWrite(deps, userId, 'leads');
  return removed.count;
}

/**
 * Deletes the account's leads beyond the newest its plan keeps (limits.leadsKept; unlimited keeps all), in
 * `trx`, whoever added them: a visitor's post or an import. Returns how many were deleted.
 */
export async function keepPlansNewestLeads(
  trx: Kysely<Database>,
  userId: string,
  plan: PlanId,
): Promise<number> {
  const kept = PLANS[plan].limits.leadsKept;
  if (isUnlimited(kept)) return 0;
  const { numDeletedRows } = await trx
    .deleteFrom('leads')
    .where('user_id', '=', userId)
    .where(
      'id',
      'not in',
      trx
        .selectFrom('leads')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(kept),
    )
    .executeTakeFirst();
  return Number(numDeletedRows);
}
