import { LOCALES, type Locale } from '../../src/i18n.ts';
import { suggestNameParts } from '../../src/name-parts.ts';
import { serializeVcard } from '../../src/vcard.ts';
import { translatorFor } from '../lib/server-i18n.ts';
import type { LeadItem, LeadWithReceipt } from './service.ts';

// What the leads page downloads: its leads as CSV rows (column names in the account's language, as the
// events CSV has them, from the server's Lingui catalog: locales/{locale}/server.po) and as vCards, one
// file with every lead. A CSV row carries the lead's consent receipt: the text the visitor agreed to and its
// language.

export const LEAD_CSV_COLUMNS = [
  'time_utc',
  'name',
  'email',
  'phone',
  'company',
  'note',
  'card',
  'card_id',
  'fields_given',
  'consent_text',
  'consent_language',
] as const;
export type LeadCsvColumn = (typeof LEAD_CSV_COLUMNS)[number];

/** The CSV's column names in one language: English keeps the names scripts may read, Spanish has its own words. */
function leadCsvHeaders(locale: Locale): Record<LeadCsvColumn, string> {
  const text = translatorFor(locale);
  return {
    time_utc: text(
      /*i18n*/ {
        id: 'leads.csv.column.time_utc',
        message: 'time_utc',
        comment:
          'The column names of the leads CSV file (leads.csv.column.*). English keeps the names, which scripts may read: write each as one word, with underscores between words.',
      },
    ),
    name: text(/*i18n*/ { id: 'leads.csv.column.name', message: 'name' }),
    email: text(/*i18n*/ { id: 'leads.csv.column.email', message: 'email' }),
    phone: text(/*i18n*/ { id: 'leads.csv.column.phone', message: 'phone' }),
    company: text(/*i18n*/ { id: 'leads.csv.column.company', message: 'company' }),
    note: text(/*i18n*/ { id: 'leads.csv.column.note', message: 'note' }),
    card: text(/*i18n*/ { id: 'leads.csv.column.card', message: 'card' }),
    card_id: text(/*i18n*/ { id: 'leads.csv.column.card_id', message: 'card_id' }),
    fields_given: text(
      /*i18n*/ {
        id: 'leads.csv.column.fields_given',
        message: 'fields_given',
        comment: 'Which fields of the form the visitor filled in',
      },
    ),
    consent_text: text(
      /*i18n*/ {
        id: 'leads.csv.column.consent_text',
        message: 'consent_text',
        comment: 'The consent text the visitor agreed to, exactly as shown',
      },
    ),
    consent_language: text(
      /*i18n*/ {
        id: 'leads.csv.column.consent_language',
        message: 'consent_language',
        comment: 'The language of that consent text (a code: en, es)',
      },
    ),
  };
}

export const LEAD_CSV_HEADERS = Object.fromEntries(
  LOCALES.map((locale) => [locale, leadCsvHeaders(locale)]),
) as Record<Locale, Record<LeadCsvColumn, string>>;

export async function* leadCsvRows(
  leads: AsyncIterable<LeadWithReceipt>,
): AsyncGenerator<Record<LeadCsvColumn, string>> {
  for await (const lead of leads) {
    yield {
      time_utc: lead.createdAt.toISOString(),
      name: lead.name ?? '',
      email: lead.email ?? '',
      phone: lead.phone ?? '',
      company: lead.company ?? '',
      note: lead.note ?? '',
      card: lead.cardName,
      card_id: lead.vcardId ?? '',
      fields_given: lead.fieldsGiven.join(' '),
      consent_text: lead.consentText,
      consent_language: lead.consentLanguage,
    };
  }
}

/**
 * One lead as a vCard (src/vcard.ts): its name, or the first way to reach it when it gave none (FN cannot
 * be blank), the name's parts suggested in the owner's language, and the lead's id as UID.
 */
export function leadVcard(lead: LeadItem, language: Locale): string {
  const name = lead.name ?? lead.email ?? lead.phone ?? lead.company ?? lead.cardName;
  return serializeVcard({
    id: lead.id,
    name,
    nameParts: lead.name ? suggestNameParts(lead.name, language) : { family: '', given: name },
    company: lead.company,
    email: lead.email,
    phone: lead.phone,
    note: lead.note,
    updatedAt: lead.createdAt,
  });
}

export async function* leadVcards(leads: AsyncIterable<LeadItem>, language: Locale): AsyncGenerator<string> {
  for await (const lead of leads) yield leadVcard(lead, language);
}
