import { sql, type Expression, type Generated, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';

// Once-only notices (the trial reminders of server/trials/service.ts, the plan-ended e-mail of
// server/billing/plan-ends.ts): an e-mail that must go out once across runs and machines, with one row per
// notice in its own table, keyed by what makes it that notice (its primary key).
//
// Before sending, a run claims the notice with one INSERT … ON CONFLICT on that key, and only the run whose
// statement returns the row sends it. When the send fails, the claim is deleted again, so the next run
// retries (while the notice is still due) instead of losing it. A run that dies mid-send leaves a claim that
// is never marked sent; after CLAIM_LEASE_MINUTES another run takes it over. Only if a run dies after the
// mail server or the outbox accepted the message but before the sent mark can a person get it twice: rare,
// and better than never.

/** What a run did with one notice: a dry run's 'due', or its send's outcome. */
export type NoticeOutcome =
  /** dry run: would be sent */
  | { status: 'due' }
  | { status: 'sent' }
  /** will be retried by the next run while it is due */
  | { status: 'failed'; error: string };

/**
 * Longer than any send may take (an SMTP send gives up after 20 s, the outbox only stores the message): an
 * older unsent claim was abandoned.
 */
const CLAIM_LEASE_MINUTES = 10;

/** The claim's columns, which every notice table has beside its key. */
interface ClaimColumns {
  claimed_at: Generated<Date>;
  sent_at: Date | null;
}

/** The tables of once-only notices: those with the claim's columns. */
export type NoticeTable = {
  [T in keyof Database]: Database[T] extends ClaimColumns ? T : never;
}[keyof Database];

/**
 * The key of one notice: every column of its table but the claim's (the table's primary key). Its own
 * properties name the columns, so pass exactly these (an object literal), nothing more.
 */
export type NoticeKey<T extends NoticeTable> = Omit<Selectable<Database[T]>, keyof ClaimColumns>;

/**
 * Claims the notice `key` of `table`; true when this run now owns it and is to send it: nobody claimed it,
 * or an abandoned claim was taken over. With `source`, the row inserted is the one that query yields
 * (selected by the key's column names) instead of `key`'s values, so that a notice no longer due (the query
 * yields nothing) is not claimed, in the same statement.
 */
export async function claimNotice<T extends NoticeTable>(
  db: Kysely<Database>,
  table: T,
  key: NoticeKey<T>,
  source?: Expression<Record<keyof NoticeKey<T>, unknown>>,
): Promise<boolean> {
  // raw SQL: Kysely's builder cannot type a query whose table is a type parameter; the call sites are typed
  const columns = keyColumns(key);
  const names = sql.join(columns.map((column) => sql.ref(column)));
  const rows = source
    ? sql`select ${sql.join(columns.map((column) => sql.ref(`source.${column}`)))} from (${source}) as source`
    : sql`values (${sql.join(columns.map((column) => key[column]))})`;
  const claimed = await sql`
    insert into ${sql.table(table)} (${names}) ${rows}
    on conflict (${names}) do update set claimed_at = now()
    where ${sql.ref(`${table}.sent_at`)} is null
      and ${sql.ref(`${table}.claimed_at`)} < now() - make_interval(mins => ${CLAIM_LEASE_MINUTES})
    returning 1 as claimed
  `.execute(db);
  return claimed.rows.length > 0;
}

/** Gives a claim back after a failed send, so that the next run tries again. */
export async function releaseNotice<T extends NoticeTable>(
  db: Kysely<Database>,
  table: T,
  key: NoticeKey<T>,
): Promise<void> {
  await sql`delete from ${sql.table(table)} where ${isRow(key)} and sent_at is null`.execute(db);
}

/** Marks a claimed notice sent: no run claims it again. */
export async function markNoticeSent<T extends NoticeTable>(
  db: Kysely<Database>,
  table: T,
  key: NoticeKey<T>,
): Promise<void> {
  await sql`update ${sql.table(table)} set sent_at = now() where ${isRow(key)}`.execute(db);
}

function keyColumns<T extends NoticeTable>(key: NoticeKey<T>) {
  return Object.keys(key) as (keyof NoticeKey<T> & string)[];
}

/** The condition that picks the row of `key`. */
function isRow<T extends NoticeTable>(key: NoticeKey<T>): RawBuilder<unknown> {
  return sql.join(
    keyColumns(key).map((column) => sql`${sql.ref(column)} = ${key[column]}`),
    sql` and `,
  );
}
