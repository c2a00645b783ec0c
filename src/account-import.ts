import type { PlanId } from './plans.ts';

// An account import (docs/data.md "Import"): a Tapcard export (the ZIP of GET /api/export) recreated in the
// signed-in account, or a plain CSV of links (title, url) added as profile links. Its limits, the columns
// a links CSV may name, and what the import answers. The server reads, checks and writes a file with these
// (server/account-import/); the account settings' import card names them.

export const ACCOUNT_IMPORT_MAX_MB = 100;
/**
 * The largest file taken: an account on the largest plan with every photo at its largest and a long
 * history of statistics stays well under it. A larger file is refused before it is read. In decimal
 * megabytes, as the import card shows a file's size.
 */
export const ACCOUNT_IMPORT_MAX_BYTES = ACCOUNT_IMPORT_MAX_MB * 1_000_000;

/**
 * The most rows of statistics (the export's analytics/events.csv: one per card or link, kind, visitor's
 * facts and second) an import may bring, by plan: years of a busy account's history on Business, and
 * far more than Free's cards and codes make. The import reads and writes them a batch at a time, so
 * these bound its time and the database's growth, not the server's memory.
 */
export const IMPORT_EVENT_ROWS_MAX: Record<PlanId, number> = {
  free: 100_000,
  pro: 2_000_000,
  business: 10_000_000,
};

/** The most rows a links CSV may have: more links than any plan allows. */
export const LINKS_CSV_MAX_ROWS = 1_000;

/** The headers a links CSV's columns may have, in any case, English or Spanish (a header row is optional). */
export const LINKS_CSV_HEADERS = {
  title: ['title', 'name', 'label', 'título', 'titulo', 'nombre'],
  url: ['url', 'link', 'address', 'enlace', 'dirección', 'direccion'],
} as const;

/**
 * A chosen address of the file (a username, a chosen short-link code) that the import could not give this
 * account, and what it has instead: one another account on this server holds (`held`); one the account's
 * plan does not offer (`plan`: a chosen code without customLinks, or beyond the codes an account may
 * hold; a username the plan's rules refuse); or one this server keeps for itself or refuses as misleading
 * (`rules`).
 */
export interface ImportRename {
  kind: 'username' | 'code';
  from: string;
  /** The one the account has instead; null: none (a link keeps its random code, a username stays as it was). */
  to: string | null;
  reason: 'held' | 'plan' | 'rules';
}

/** What an import made, and the addresses it had to re-choose. */
export interface AccountImportReport {
  cards: number;
  qrCodes: number;
  profileLinks: number;
  leads: number;
  /** Leads beyond the newest the plan keeps (limits.leadsKept), as a visitor's new one would be: deleted. */
  leadsNotKept: number;
  photos: number;
  /** The visits, scans, clicks and leads of the statistics, as rows of the export's events.csv. */
  events: number;
  /** Cards, QR codes and profile links beyond the plan's limits: kept, paused as after a downgrade. */
  paused: number;
  /**
   * QR codes and links whose random code another account here has (an export imported on the server it
   * came from): each was given a new one, which its QR code shows from now on.
   */
  recoded: number;
  renamed: ImportRename[];
  /**
   * Webhook endpoints recreated, enabled or not as they were, each with a new signing secret (an export has
   * none): their receivers verify nothing until they are given the new one.
   */
  webhooks: number;
  /** The file's webhook endpoints left out: the account has an endpoint with the same URL already. */
  webhooksSkipped: number;
}
