// A datetime-local input holds a wall-clock time without a zone ("2026-12-05T09:30"): the browser's time
// zone gives it its moment, as the person reads it on their own clock.

const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as a datetime-local input shows it, in the browser's time zone, to the minute; null: empty. */
export function toDateTimeLocal(date: Date | null): string {
  if (date === null) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** What a datetime-local input holds, as a moment in the browser's time zone; empty: null. */
export function fromDateTimeLocal(value: string): Date | null {
  // a date-time without an offset is local time (ECMAScript Date.parse)
  return value === '' ? null : new Date(value);
}
