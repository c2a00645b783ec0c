import { sql, Transaction, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { paths } from '../../src/routes.ts';
import { LEAD_MAILS_PER_HOUR } from '../../src/schemas/lead.ts';
import { toSingleLine } from '../../src/text.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { leadDigest, newLead, type LeadDetails } from '../mail/templates.ts';
import type { MailAddress } from '../mail/types.ts';
import { accountRecipient, type AccountRecipient } from '../access/team-access.ts';

// The owner is told of new leads: an e-mail per lead, queued in the transaction that records
// it, or when the account chose so one e-mail a day with every lead not told of yet. Both go to the
// account's sign-in address (a team's account: its owner's), in its language, and mark the leads told.
// The e-mail of one lead answers to the visitor (Reply-To), when they gave an e-mail; a digest, of many
// leads, answers to no one of them.

/** The leads one digest lists at most; the rest are counted ("and N more"), all are marked told. */
export const LEAD_DIGEST_LISTED = 50;

const LEAD_DETAIL_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'company',
  'note',
  'card_name',
  'created_at',
] as const;

function detailsOf(row: {
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  note: string | null;
  card_name: string;
  created_at: Date;
}): LeadDetails {
  return {
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    note: row.note,
    cardName: row.card_name,
    createdAt: row.created_at,
  };
}

/** Where the e-mail's link leads: the leads page, or for a team's account the team's leads page. */
function leadsPageUrl(deps: AppDeps, recipient: AccountRecipient): string {
  return `${deps.config.publicUrl}${recipient.teamName === null ? paths.leads : paths.teamLeads}`;
}

/**
 * The visitor as the Reply-To of their lead's e-mail, or none when they gave no e-mail. The capture refuses
 * line breaks in both (src/text.ts singleLineText, z.email), and nodemailer encodes the name of an address
 * object; toSingleLine keeps a lead stored another way from breaking the header all the same.
 */
function visitorAddress(row: { name: string | null; email: string | null }): MailAddress | undefined {
  if (!row.email) return undefined;
  return { name: toSingleLine(row.name ?? ''), address: toSingleLine(row.email) };
}

/** The transaction a lead is recorded in: its e-mail is queued in it, to be sent only if it commits. */
function recordingTransaction(trx: Kysely<Database>): Transaction<Database> {
  if (trx instanceof Transaction) return trx as Transaction<Database>;
  throw new Error('a new lead is told of in the transaction that records it');
}

/**
 * Tells the account of a lead just recorded, inside recordLead's transaction `trx`, so the lead and its
 * e-mail are kept together or not at all. An account that chose the daily digest hears of it there, and so
 * does one already sent LEAD_MAILS_PER_HOUR e-mails of single leads this hour. Returns whether an e-mail
 * was queued.
 */
export async function notifyNewLead(
  deps: AppDeps,
  trx: Kysely<Database>,
  lead: { id: string; userId: string },
): Promise<boolean> {
  const recording = recordingTransaction(trx);
  const profile = await trx
    .selectFrom('profiles')
    .select('lead_notification')
    .where('id', '=', lead.userId)
    .executeTakeFirst();
  if (profile?.lead_notification !== 'each' || (await overMailCap(trx, lead.userId))) return false;
  const row = await trx
    .selectFrom('leads')
    .select(LEAD_DETAIL_COLUMNS)
    .where('id', '=', lead.id)
    .where('user_id', '=', lead.userId)
    .executeTakeFirstOrThrow();
  const recipient = await accountRecipient(trx, lead.userId);
  const mail = newLead(recipient.language, {
    name: recipient.name,
    lead: detailsOf(row),
    teamName: recipient.teamName,
    url: leadsPageUrl(deps, recipient),
  });
  await deps.mailer.send(
    { to: recipient.email, replyTo: visitorAddress(row), ...mail },
    { kind: 'lead_new', userId: recipient.userId, leadId: lead.id },
    recording,
  );
  await trx
    .updateTable('leads')
    .set({ notified_at: sql<Date>`now()` })
    .where('id', '=', lead.id)
    .where('user_id', '=', lead.userId)
    .execute();
  return true;
}

/**
 * Whether the account's owner was sent LEAD_MAILS_PER_HOUR e-mails of single leads in the last hour:
 * the leads beyond wait for the day's digest, so a flood of posts is one e-mail.
 */
async function overMailCap(trx: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('lead_posts')
    .select((eb) => eb.fn.countAll<string>().as('mailed'))
    .where('user_id', '=', userId)
    .where('mailed', '=', true)
    .where('posted_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  return Number(row.mailed) >= LEAD_MAILS_PER_HOUR;
}

/** What a digest run did: accounts sent their e-mail, leads in them, and the accounts whose e-mail failed. */
export interface LeadDigestRun {
  accounts: number;
  leads: number;
  failed: { userId: string; error: unknown }[];
}

/**
 * The daily run: one e-mail per account with its leads not told of yet (those of the digest, and any left
 * from before the account switched to an e-mail each), then marks them told. Each account in its own
 * transaction: its e-mail is queued and its leads marked together, and one account's failure leaves the
 * others sent (the next run tries it again). Leads erased before the run: nothing is sent.
 */
export async function sendLeadDigests(deps: AppDeps): Promise<LeadDigestRun> {
  const accounts = await deps.db
    .selectFrom('leads')
    .select('user_id')
    .distinct()
    .where('notified_at', 'is', null)
    .execute();
  const run: LeadDigestRun = { accounts: 0, leads: 0, failed: [] };
  for (const { user_id: userId } of accounts) {
    try {
      const told = await sendDigestOf(deps, userId);
      if (told > 0) {
        run.accounts += 1;
        run.leads += told;
      }
    } catch (error) {
      run.failed.push({ userId, error });
    }
  }
  return run;
}

/** One account's digest; returns how many leads it told of (0: none left, nothing sent). */
async function sendDigestOf(deps: AppDeps, userId: string): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    // locked: a lead erased meanwhile waits for this run, and one recorded meanwhile is in the next
    const rows = await trx
      .selectFrom('leads')
      .select(LEAD_DETAIL_COLUMNS)
      .where('user_id', '=', userId)
      .where('notified_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .forUpdate()
      .execute();
    if (rows.length === 0) return 0;
    const recipient = await accountRecipient(trx, userId);
    const listed = rows.slice(0, LEAD_DIGEST_LISTED);
    const mail = leadDigest(recipient.language, {
      name: recipient.name,
      leads: listed.map(detailsOf),
      more: rows.length - listed.length,
      teamName: recipient.teamName,
      url: leadsPageUrl(deps, recipient),
    });
    await deps.mailer.send(
      { to: recipient.email, ...mail },
      { kind: 'lead_digest', userId: recipient.userId },
      trx,
    );
    await trx
      .updateTable('leads')
      .set({ notified_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.length;
  });
}
