import { PRIVACY_SWITCHES } from './analytics.ts';

// What this server keeps of its visitors beyond the counts, as its operator set it (server/config.ts:
// ANALYTICS_* and LOG_CLIENT_ADDRESS). The server writes it into the HTML shell once at start, so the
// privacy page and the analytics page say exactly what this server keeps, without a session.

export const KEPT_RECORDS_META = 'tapcard-kept';

/** The visit facts that are recorded (PRIVACY_SWITCHES that are on), and whether logs keep addresses. */
export const KEPT_RECORDS = [...PRIVACY_SWITCHES, 'logged-addresses'] as const;
export type KeptRecord = (typeof KEPT_RECORDS)[number];

/** The meta element's content: the records kept, space-separated. */
export function keptRecordsContent(records: readonly KeptRecord[]): string {
  return records.join(' ');
}

/** The records a meta element's content names; unknown words are left out. */
export function keptRecordsOf(content: string): Set<KeptRecord> {
  return new Set(KEPT_RECORDS.filter((record) => content.split(' ').includes(record)));
}
