/**
 * Days are counted from the person's own midnight: the browser's time zone, sent with every analytics
 * query (the server falls back to UTC for a zone it does not know).
 */
export const BROWSER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
