import { sql } from 'kysely';
import { addDays } from '../../src/analytics.ts';

/**
 * The instants a range of local days starts and ends at (the local midnight of `firstDay` and the one after
 * `lastDay`), worked out by the database (DST included), so a query over them stays an index range.
 */
export function localDayBounds(timeZone: string, firstDay: string, lastDay: string) {
  return {
    since: sql`(${firstDay}::timestamp at time zone ${timeZone})`,
    until: sql`(${addDays(lastDay, 1)}::timestamp at time zone ${timeZone})`,
  };
}
