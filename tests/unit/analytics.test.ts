import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_WINDOW_DAYS,
  addDays,
  canonicalTimeZone,
  changePercent,
  dateInTimeZone,
  daysEndingOn,
} from '../../src/analytics.ts';
import { AnalyticsOverviewInputSchema } from '../../src/schemas/analytics.ts';
import { trendOf } from '../../web/pages/analytics/change.ts';

describe('the activity window', () => {
  it('is the 30 days of spec section 9', () => {
    expect(ACTIVITY_WINDOW_DAYS).toBe(30);
  });
});

describe('changePercent', () => {
  it('is the change against the previous period in percent', () => {
    expect(changePercent(15, 10)).toBe(50);
    expect(changePercent(3, 4)).toBe(-25);
    expect(changePercent(0, 7)).toBe(-100);
    expect(changePercent(8, 8)).toBe(0);
    expect(changePercent(20, 5)).toBe(300);
    expect(changePercent(1, 3)).toBeCloseTo(-66.667, 3);
  });

  it('has no percentage when the previous period had nothing', () => {
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(0, 0)).toBeNull();
  });
});

describe("a stat card's trend", () => {
  it('is up, down or flat with a percentage, new after an empty period, none without anything', () => {
    expect(trendOf({ current: 15, previous: 10, change: changePercent(15, 10) })).toBe('up');
    expect(trendOf({ current: 3, previous: 4, change: changePercent(3, 4) })).toBe('down');
    expect(trendOf({ current: 8, previous: 8, change: changePercent(8, 8) })).toBe('flat');
    expect(trendOf({ current: 5, previous: 0, change: changePercent(5, 0) })).toBe('new');
    expect(trendOf({ current: 0, previous: 0, change: changePercent(0, 0) })).toBe('none');
  });
});

describe('calendar days', () => {
  it('moves a date across months, leap days and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-29', 0)).toBe('2026-03-29');
  });

  it('lists the days that end with a given one, oldest first, one per calendar day across DST', () => {
    const days = daysEndingOn('2026-03-31', ACTIVITY_WINDOW_DAYS);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-03-02');
    expect(days.at(-1)).toBe('2026-03-31');
    // Europe and the US change clocks in March: still every date exactly once
    expect(new Set(days).size).toBe(30);
    expect(days).toContain('2026-03-08');
    expect(days).toContain('2026-03-29');
  });

  it('tells the date of a moment in a time zone', () => {
    const moment = new Date('2026-03-20T03:30:00Z');
    expect(dateInTimeZone(moment, 'UTC')).toBe('2026-03-20');
    expect(dateInTimeZone(moment, 'America/New_York')).toBe('2026-03-19');
    expect(dateInTimeZone(new Date('2026-03-20T11:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-03-21');
  });
});

describe('the time zone the days are counted in', () => {
  it('keeps IANA zones, in their canonical spelling', () => {
    expect(canonicalTimeZone('Europe/Madrid')).toBe('Europe/Madrid');
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
  });

  it('falls back to UTC for anything else', () => {
    for (const bad of [
      '',
      'Mars/Olympus_Mons',
      '+05:00',
      'UTC+5',
      "Europe/Madrid'; drop table",
      'a'.repeat(200),
    ]) {
      expect(canonicalTimeZone(bad), bad).toBe('UTC');
    }
  });

  it('is applied by the input schema of analytics.overview', () => {
    expect(AnalyticsOverviewInputSchema.parse({ timeZone: 'asia/tokyo' })).toEqual({
      timeZone: 'Asia/Tokyo',
      range: '30d',
    });
    expect(AnalyticsOverviewInputSchema.parse({ timeZone: 'nowhere', range: '12m' })).toEqual({
      timeZone: 'UTC',
      range: '12m',
    });
    for (const range of ['14d', '365d', '1y', 30]) {
      expect(AnalyticsOverviewInputSchema.safeParse({ timeZone: 'UTC', range }).success, String(range)).toBe(
        false,
      );
    }
    expect(AnalyticsOverviewInputSchema.safeParse({}).success).toBe(false);
  });
});
