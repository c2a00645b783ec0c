import type { I18n } from '@lingui/core';
import type { RangeUnit } from '#src/analytics.ts';

/** A calendar date (YYYY-MM-DD) as a Date to format in UTC, so no time zone moves it to another day. */
function calendarDay(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/**
 * The analytics charts' days (YYYY-MM-DD) in the page's language: `shortDate` for an axis ('3 Mar'),
 * `longDate` for tooltips, tables and sentences ('Mon, 3 March').
 */
export function dayFormat(i18n: I18n) {
  return {
    shortDate: (date: string) =>
      i18n.date(calendarDay(date), { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    longDate: (date: string) =>
      i18n.date(calendarDay(date), { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' }),
  };
}

/** The same for a month (its first day): 'Nov 26' on an axis, 'November 2026' elsewhere. */
export function monthFormat(i18n: I18n) {
  return {
    shortDate: (date: string) =>
      i18n.date(calendarDay(date), { month: 'short', year: '2-digit', timeZone: 'UTC' }),
    longDate: (date: string) =>
      i18n.date(calendarDay(date), { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  };
}

/** How a chart of `unit`s names its points. */
export function bucketFormat(i18n: I18n, unit: RangeUnit) {
  return unit === 'month' ? monthFormat(i18n) : dayFormat(i18n);
}
