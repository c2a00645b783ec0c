import { sql, type SqlBool } from 'kysely';
import type { Locale } from '../../src/i18n.ts';
import type { LeadField } from '../../src/schemas/lead.ts';
import { LEADS_PAGE_SIZE, type LeadFilter } from '../../src/schemas/lead-list.ts';
import { matching, receiptColumns, type LeadScope, type LeadWithReceipt } from './service.ts';

// A lead as it leaves Tapcard: the one shape of the REST API's Lead (server/api/leads.ts) and of the
// lead.created webhook's data (server/leads/capture.ts), and the REST API's pages of them; the leads
// page's downloads read them the same way.

/** The lead with its consent receipt: what the visitor agreed to, in which language, and when. */
export interface LeadRecord {
  id: string;
  /** The card it was left on; null once that card was deleted (cardName keeps its name). */
  vcardId: string | null;
  cardName: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  note: string | null;
  fieldsGiven: LeadField[];
  createdAt: Date;
  consent: { text: string; language: Locale; acceptedAt: Date };
}

/** The REST and webhook shape of a lead read with its receipt (getLead, leadsAfter). */
export function presentLead(lead: LeadWithReceipt): LeadRecord {
  const { id, vcardId, cardName, name, email, phone, company, note, fieldsGiven, createdAt } = lead;
  return {
    id,
    vcardId,
    cardName,
    name,
    email,
    phone,
    company,
    note,
    fieldsGiven,
    createdAt,
    // the lead is stored with its receipt in the one transaction of the post: its time is the consent's
    consent: { text: lead.consentText, language: lead.consentLanguage, acceptedAt: createdAt },
  };
}

/**
 * A lead's place in the newest-first list: its stored time to the microsecond (ISO 8601 in UTC, as the
 * database writes it: a JavaScript Date would drop the microseconds) and its id.
 */
export type LeadPosition = readonly [time: string, id: string];

const POSITION_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Whether `time` is a position's time as leadsAfter writes it (a real instant, to the microsecond). */
export function isLeadPositionTime(time: string): boolean {
  if (!POSITION_TIME.test(time)) return false;
  const instant = new Date(time);
  return !Number.isNaN(instant.getTime()) && instant.toISOString().slice(0, 19) === time.slice(0, 19);
}

export interface LeadRecordsPage {
  items: { lead: LeadWithReceipt; position: LeadPosition }[];
  /** Whether more leads follow the last of these. */
  more: boolean;
}

/**
 * Up to `limit` of the scope's leads the filters match (those of the leads page), newest first, after
 * the position `after` (null: from the newest), with their receipts. A keyset of the last lead's time and
 * id, not the lead itself: a lead erased meanwhile (the client's own DELETE of what it read) skips nothing.
 */
export async function leadsAfter(
  scope: Pick<LeadScope, 'db' | 'accountId'>,
  input: { filter: LeadFilter; after: LeadPosition | null; limit: number },
): Promise<LeadRecordsPage> {
  const { after } = input;
  const rows = await scope.db
    .selectFrom('leads')
    .select([
      ...receiptColumns,
      sql<string>`to_char(leads.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
        'positionTime',
      ),
    ])
    .where(matching(scope.accountId, input.filter))
    .$if(after !== null, (query) =>
      query.where(
        sql<SqlBool>`(leads.created_at, leads.id) < (${after?.[0]}::timestamptz, ${after?.[1]}::uuid)`,
      ),
    )
    .orderBy('leads.created_at', 'desc')
    .orderBy('leads.id', 'desc')
    .limit(input.limit + 1)
    .execute();
  return {
    items: rows
      .slice(0, input.limit)
      .map(({ positionTime, ...lead }) => ({ lead, position: [positionTime, lead.id] as const })),
    more: rows.length > input.limit,
  };
}

/**
 * Every lead of the scope the filters match, with its receipt, newest first, a page at a time (the CSV and
 * .vcf downloads of the leads page).
 */
export async function* allLeadRecords(
  scope: Pick<LeadScope, 'db' | 'accountId'>,
  filter: LeadFilter,
): AsyncGenerator<LeadWithReceipt> {
  let after: LeadPosition | null = null;
  do {
    const page: LeadRecordsPage = await leadsAfter(scope, { filter, after, limit: LEADS_PAGE_SIZE });
    for (const item of page.items) yield item.lead;
    after = page.more ? (page.items.at(-1)?.position ?? null) : null;
  } while (after);
}
