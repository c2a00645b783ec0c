import type { LinkKind } from '../../db/schema.ts';
import type { Locale } from '../../src/i18n.ts';
import type { LinkOutcome } from '../../src/link-lifecycle.ts';
import type { BrowserFamily, DeviceClass } from '../../src/visitor.ts';
import type { EventColumn, EventRow } from './events.ts';

// The words of the events CSV in the account's language (docs/decisions/001-name-and-languages.md: every text
// a person reads exists in English and Spanish). English keeps the column names and values as stored, which
// scripts may read; other languages name them in words of their own. Country codes (ISO 3166), hosts, ids,
// titles, campaign values and times are data, not words: they are written as they are.

export interface CsvTexts {
  columns: Record<EventColumn, string>;
  types: Record<'scan' | 'click' | 'view' | 'lead', string>;
  itemKinds: Record<LinkKind | 'card', string>;
  devices: Record<DeviceClass, string>;
  browsers: Record<BrowserFamily, string>;
  outcomes: Record<LinkOutcome, string>;
}

export const CSV_TEXTS: Record<Locale, CsvTexts> = {
  en: {
    columns: {
      time_utc: 'time_utc',
      type: 'type',
      item_kind: 'item_kind',
      item_id: 'item_id',
      item_title: 'item_title',
      device: 'device',
      browser: 'browser',
      referrer_host: 'referrer_host',
      country: 'country',
      outcome: 'outcome',
      utm_source: 'utm_source',
      utm_medium: 'utm_medium',
      utm_campaign: 'utm_campaign',
      count: 'count',
    },
    types: { scan: 'scan', click: 'click', view: 'view', lead: 'lead' },
    itemKinds: { qr: 'qr', profile: 'profile', card: 'card' },
    devices: { mobile: 'mobile', tablet: 'tablet', desktop: 'desktop', unknown: 'unknown' },
    browsers: {
      chrome: 'chrome',
      safari: 'safari',
      firefox: 'firefox',
      edge: 'edge',
      samsung: 'samsung',
      opera: 'opera',
      'in-app': 'in-app',
      other: 'other',
      unknown: 'unknown',
    },
    outcomes: { destination: 'destination', fallback: 'fallback', rule: 'rule' },
  },
  es: {
    columns: {
      time_utc: 'hora_utc',
      type: 'tipo',
      item_kind: 'clase_de_elemento',
      item_id: 'id_del_elemento',
      item_title: 'título_del_elemento',
      device: 'dispositivo',
      browser: 'navegador',
      referrer_host: 'sitio_de_origen',
      country: 'país',
      outcome: 'resultado',
      utm_source: 'fuente_utm',
      utm_medium: 'medio_utm',
      utm_campaign: 'campaña_utm',
      count: 'número',
    },
    types: { scan: 'escaneo', click: 'clic', view: 'visita', lead: 'contacto' },
    itemKinds: { qr: 'código QR', profile: 'enlace del perfil', card: 'vCard' },
    devices: { mobile: 'móvil', tablet: 'tableta', desktop: 'ordenador', unknown: 'desconocido' },
    browsers: {
      chrome: 'Chrome',
      safari: 'Safari',
      firefox: 'Firefox',
      edge: 'Edge',
      samsung: 'Samsung Internet',
      opera: 'Opera',
      'in-app': 'navegador de una app',
      other: 'otro',
      unknown: 'desconocido',
    },
    outcomes: { destination: 'destino', fallback: 'dirección alternativa', rule: 'regla' },
  },
};

/** The word for a stored value, or the value itself when it has none (a value from before a class existed). */
function wordOf(words: Record<string, string>, value: EventRow[EventColumn]): EventRow[EventColumn] {
  return typeof value === 'string' ? (words[value] ?? value) : value;
}

/** Event rows with their values in the words of `texts`, as they are read. */
export async function* translatedEvents(
  rows: AsyncIterable<EventRow> | Iterable<EventRow>,
  texts: CsvTexts,
): AsyncGenerator<EventRow> {
  for await (const row of rows) {
    yield {
      ...row,
      type: wordOf(texts.types, row.type),
      item_kind: wordOf(texts.itemKinds, row.item_kind),
      device: wordOf(texts.devices, row.device),
      browser: wordOf(texts.browsers, row.browser),
      outcome: wordOf(texts.outcomes, row.outcome),
    };
  }
}

/** The columns of the team's CSV downloads (server/analytics/team-csv.ts), in the files' order. */
export const TEAM_MEMBER_COLUMNS = [
  'member',
  'email',
  'cards',
  'scans',
  'views',
  'clicks',
  'leads',
  'interactions',
  'previous_interactions',
] as const;
export const TEAM_CARD_COLUMNS = [
  'card_id',
  'card',
  'member',
  'email',
  'scans',
  'views',
  'clicks',
  'leads',
  'interactions',
  'previous_interactions',
] as const;
export type TeamCsvColumn = (typeof TEAM_MEMBER_COLUMNS)[number] | (typeof TEAM_CARD_COLUMNS)[number];

export interface TeamCsvTexts {
  columns: Record<TeamCsvColumn, string>;
  /** The holder row of unassigned cards and of visits on no card. */
  noMember: string;
  /** Beside an invited address that has not joined yet. */
  invited: string;
  /** The card row of the team's visits on no card of today. */
  noCard: string;
}

export const TEAM_CSV_TEXTS: Record<Locale, TeamCsvTexts> = {
  en: {
    columns: {
      member: 'member',
      email: 'email',
      cards: 'cards',
      card_id: 'card_id',
      card: 'card',
      scans: 'scans',
      views: 'views',
      clicks: 'clicks',
      leads: 'leads',
      interactions: 'interactions',
      previous_interactions: 'previous_interactions',
    },
    noMember: 'No member',
    invited: 'Invitation pending',
    noCard: 'Not on a card',
  },
  es: {
    columns: {
      member: 'miembro',
      email: 'correo',
      cards: 'tarjetas',
      card_id: 'id_de_la_tarjeta',
      card: 'tarjeta',
      scans: 'escaneos',
      views: 'visitas',
      clicks: 'clics',
      leads: 'contactos',
      interactions: 'interacciones',
      previous_interactions: 'interacciones_del_periodo_anterior',
    },
    noMember: 'Sin miembro',
    invited: 'Invitación pendiente',
    noCard: 'En ninguna tarjeta',
  },
};
