import type { I18n } from '@lingui/core';

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
