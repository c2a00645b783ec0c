import type { LinkKind } from '../../db/schema.ts';
import { LOCALES, type Locale } from '../../src/i18n.ts';
import type { LinkOutcome } from '../../src/link-lifecycle.ts';
import type { BrowserFamily, DeviceClass } from '../../src/visitor.ts';
import { translatorFor, type Translator } from '../lib/server-i18n.ts';
import type { EventColumn, EventRow } from './events.ts';

// The words of the events CSV in the account's language (docs/decisions/001-name-and-languages.md: every text
// a person reads exists in English and Spanish). English keeps the column names and values as stored, which
// scripts may read; other languages name them in words of their own. Country codes (ISO 3166), hosts, ids,
// titles, campaign values and times are data, not words: they are written as they are. The words come from
// the server's Lingui catalog (locales/{locale}/server.po, through server/lib/server-i18n.ts), where
// `npm run i18n:check` fails on one untranslated; an account's import reads them back
// (server/account-import), so a word once written stays the same.

export interface CsvTexts {
  columns: Record<EventColumn, string>;
  types: Record<'scan' | 'click' | 'view' | 'lead', string>;
  itemKinds: Record<LinkKind | 'card', string>;
  devices: Record<DeviceClass, string>;
  browsers: Record<BrowserFamily, string>;
  outcomes: Record<LinkOutcome, string>;
}

/** The events CSV's column names. */
function eventColumns(text: Translator): CsvTexts['columns'] {
  return {
    time_utc: text(
      /*i18n*/ {
        id: 'csv.column.time_utc',
        message: 'time_utc',
        comment:
          'The column names of the CSV file of visits (csv.column.*). English keeps the names stored, which scripts may read: write each as one word, with underscores between words.',
      },
    ),
    type: text(/*i18n*/ { id: 'csv.column.type', message: 'type' }),
    item_kind: text(/*i18n*/ { id: 'csv.column.item_kind', message: 'item_kind' }),
    item_id: text(/*i18n*/ { id: 'csv.column.item_id', message: 'item_id' }),
    item_title: text(/*i18n*/ { id: 'csv.column.item_title', message: 'item_title' }),
    device: text(/*i18n*/ { id: 'csv.column.device', message: 'device' }),
    browser: text(/*i18n*/ { id: 'csv.column.browser', message: 'browser' }),
    referrer_host: text(/*i18n*/ { id: 'csv.column.referrer_host', message: 'referrer_host' }),
    country: text(/*i18n*/ { id: 'csv.column.country', message: 'country' }),
    outcome: text(/*i18n*/ { id: 'csv.column.outcome', message: 'outcome' }),
    utm_source: text(/*i18n*/ { id: 'csv.column.utm_source', message: 'utm_source' }),
    utm_medium: text(/*i18n*/ { id: 'csv.column.utm_medium', message: 'utm_medium' }),
    utm_campaign: text(/*i18n*/ { id: 'csv.column.utm_campaign', message: 'utm_campaign' }),
    count: text(/*i18n*/ { id: 'csv.column.count', message: 'count' }),
  };
}

/** The events CSV's words for stored values: what happened, on what, from which device and browser. */
function eventValues(text: Translator): Omit<CsvTexts, 'columns'> {
  return {
    types: {
      scan: text(
        /*i18n*/ {
          id: 'csv.type.scan',
          message: 'scan',
          comment:
            'What a visit was (csv.type.*), a value in the CSV file of visits. English keeps the value stored, which scripts may read.',
        },
      ),
      click: text(/*i18n*/ { id: 'csv.type.click', message: 'click' }),
      view: text(/*i18n*/ { id: 'csv.type.view', message: 'view' }),
      lead: text(/*i18n*/ { id: 'csv.type.lead', message: 'lead' }),
    },
    itemKinds: {
      qr: text(
        /*i18n*/ {
          id: 'csv.itemKind.qr',
          message: 'qr',
          comment:
            'What was visited (csv.itemKind.*): a QR code, a profile link or a card. English keeps the value stored, which scripts may read.',
        },
      ),
      profile: text(/*i18n*/ { id: 'csv.itemKind.profile', message: 'profile' }),
      card: text(/*i18n*/ { id: 'csv.itemKind.card', message: 'card' }),
    },
    devices: {
      mobile: text(
        /*i18n*/ {
          id: 'csv.device.mobile',
          message: 'mobile',
          comment:
            "The visitor's kind of device (csv.device.*). English keeps the value stored, which scripts may read.",
        },
      ),
      tablet: text(/*i18n*/ { id: 'csv.device.tablet', message: 'tablet' }),
      desktop: text(/*i18n*/ { id: 'csv.device.desktop', message: 'desktop' }),
      unknown: text(/*i18n*/ { id: 'csv.device.unknown', message: 'unknown' }),
    },
    browsers: {
      chrome: text(
        /*i18n*/ {
          id: 'csv.browser.chrome',
          message: 'chrome',
          comment:
            "The visitor's browser (csv.browser.*). English keeps the value stored, which scripts may read; the names of browsers are theirs.",
        },
      ),
      safari: text(/*i18n*/ { id: 'csv.browser.safari', message: 'safari' }),
      firefox: text(/*i18n*/ { id: 'csv.browser.firefox', message: 'firefox' }),
      edge: text(/*i18n*/ { id: 'csv.browser.edge', message: 'edge' }),
      samsung: text(/*i18n*/ { id: 'csv.browser.samsung', message: 'samsung' }),
      opera: text(/*i18n*/ { id: 'csv.browser.opera', message: 'opera' }),
      'in-app': text(/*i18n*/ { id: 'csv.browser.inApp', message: 'in-app' }),
      other: text(/*i18n*/ { id: 'csv.browser.other', message: 'other' }),
      unknown: text(/*i18n*/ { id: 'csv.browser.unknown', message: 'unknown' }),
    },
    outcomes: {
      destination: text(
        /*i18n*/ {
          id: 'csv.outcome.destination',
          message: 'destination',
          comment:
            'Where a short link led (csv.outcome.*): its destination, its fallback address, or one of its rules. English keeps the value stored, which scripts may read.',
        },
      ),
      fallback: text(/*i18n*/ { id: 'csv.outcome.fallback', message: 'fallback' }),
      rule: text(/*i18n*/ { id: 'csv.outcome.rule', message: 'rule' }),
    },
  };
}

export const CSV_TEXTS = Object.fromEntries(
  LOCALES.map((locale) => {
    const text = translatorFor(locale);
    return [locale, { columns: eventColumns(text), ...eventValues(text) }];
  }),
) as Record<Locale, CsvTexts>;

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

/** The team's CSV files' words in one language. */
function teamCsvTexts(text: Translator): TeamCsvTexts {
  return {
    columns: {
      member: text(
        /*i18n*/ {
          id: 'csv.team.column.member',
          message: 'member',
          comment:
            "The column names of a team's CSV files (csv.team.column.*). English keeps the names, which scripts may read: write each as one word, with underscores between words.",
        },
      ),
      email: text(/*i18n*/ { id: 'csv.team.column.email', message: 'email' }),
      cards: text(/*i18n*/ { id: 'csv.team.column.cards', message: 'cards' }),
      card_id: text(/*i18n*/ { id: 'csv.team.column.card_id', message: 'card_id' }),
      card: text(/*i18n*/ { id: 'csv.team.column.card', message: 'card' }),
      scans: text(/*i18n*/ { id: 'csv.team.column.scans', message: 'scans' }),
      views: text(/*i18n*/ { id: 'csv.team.column.views', message: 'views' }),
      clicks: text(/*i18n*/ { id: 'csv.team.column.clicks', message: 'clicks' }),
      leads: text(/*i18n*/ { id: 'csv.team.column.leads', message: 'leads' }),
      interactions: text(/*i18n*/ { id: 'csv.team.column.interactions', message: 'interactions' }),
      previous_interactions: text(
        /*i18n*/ {
          id: 'csv.team.column.previous_interactions',
          message: 'previous_interactions',
          comment: 'The interactions of the period before the one shown',
        },
      ),
    },
    noMember: text(
      /*i18n*/ {
        id: 'csv.team.noMember',
        message: 'No member',
        comment: "A team CSV's row of the cards no member holds, and of visits on no card",
      },
    ),
    invited: text(
      /*i18n*/ {
        id: 'csv.team.invited',
        message: 'Invitation pending',
        comment: 'Beside an invited address that has not joined the team yet',
      },
    ),
    noCard: text(
      /*i18n*/ {
        id: 'csv.team.noCard',
        message: 'Not on a card',
        comment: "A team CSV's row of the visits on no card of today",
      },
    ),
  };
}

export const TEAM_CSV_TEXTS = Object.fromEntries(
  LOCALES.map((locale) => [locale, teamCsvTexts(translatorFor(locale))]),
) as Record<Locale, TeamCsvTexts>;
