import type { Locale } from '../../src/i18n.ts';
import { suggestNameParts } from '../../src/name-parts.ts';
import { serializeVcard } from '../../src/vcard.ts';
import type { LeadItem } from './service.ts';

// What the leads page downloads: its leads as CSV rows (column names in the account's language, as the
// events CSV has them) and as vCards, one file with every lead.

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
] as const;
export type LeadCsvColumn = (typeof LEAD_CSV_COLUMNS)[number];

/** English keeps the names scripts may read; Spanish names them in its own words. */
export const LEAD_CSV_HEADERS: Record<Locale, Record<LeadCsvColumn, string>> = {
  en: {
    time_utc: 'time_utc',
    name: 'name',
    email: 'email',
    phone: 'phone',
    company: 'company',
    note: 'note',
    card: 'card',
    card_id: 'card_id',
    fields_given: 'fields_given',
  },
  es: {
    time_utc: 'hora_utc',
    name: 'nombre',
    email: 'correo',
    phone: 'teléfono',
    company: 'empresa',
    note: 'nota',
    card: 'tarjeta',
    card_id: 'id_de_la_tarjeta',
    fields_given: 'campos_dados',
  },
};

export async function* leadCsvRows(
  leads: AsyncIterable<LeadItem>,
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
