import { describe, expect, it } from 'vitest';
import {
  addMonths,
  ANALYTICS_RANGES,
  bucketOf,
  featureForRange,
  monthOf,
  rangeWindow,
  RANGE_SHAPES,
} from '../../src/analytics.ts';
import { planUnlocking } from '../../src/plans.ts';

// The ranges of the analytics page: which plan has each, and the dates a range and its compared period
// cover (src/analytics.ts rangeWindow), days and calendar months alike.

describe('the plan of a range', () => {
  it('is every plan for 30 days, Pro for 7 and 90 days, Business for 12 months', () => {
    expect(featureForRange('30d')).toBeNull();
    expect(featureForRange('7d')).toBe('fullAnalytics');
    expect(featureForRange('90d')).toBe('fullAnalytics');
    expect(featureForRange('12m')).toBe('advancedAnalytics');
    expect(planUnlocking('advancedAnalytics')).toBe('business');
    expect(ANALYTICS_RANGES.map((range) => RANGE_SHAPES[range])).toEqual([
      { unit: 'day', count: 7 },
      { unit: 'day', count: 30 },
      { unit: 'day', count: 90 },
      { unit: 'month', count: 12 },
    ]);
  });
});

describe('calendar months', () => {
  it('finds the first day of a month', () => {
    expect(monthOf('2026-11-24')).toBe('2026-11-01');
    expect(monthOf('2026-01-01')).toBe('2026-01-01');
    expect(bucketOf('2026-02-28', 'month')).toBe('2026-02-01');
    expect(bucketOf('2026-02-28', 'day')).toBe('2026-02-28');
  });

  it('moves a date by months across years, keeping a day the month lacks in that month', () => {
    expect(addMonths('2026-11-01', -11)).toBe('2025-12-01');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2025-12-15', 1)).toBe('2026-01-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2028-02-29', -12)).toBe('2027-02-28');
    expect(addMonths('2024-02-29', 48)).toBe('2028-02-29');
    expect(addMonths('2026-05-31', -24)).toBe('2024-05-31');
  });
});

describe('the window of a range', () => {
  it('is as many days before, for a range of days', () => {
    expect(rangeWindow('7d', '2026-03-20')).toEqual({
      unit: 'day',
      first: '2026-03-14',
      last: '2026-03-20',
      previousFirst: '2026-03-07',
      previousLast: '2026-03-13',
      buckets: [
        '2026-03-14',
        '2026-03-15',
        '2026-03-16',
        '2026-03-17',
        '2026-03-18',
        '2026-03-19',
        '2026-03-20',
      ],
    });
    const ninety = rangeWindow('90d', '2026-03-20');
    expect(ninety.buckets).toHaveLength(90);
    expect([ninety.previousFirst, ninety.previousLast, ninety.first]).toEqual([
      '2025-09-22',
      '2025-12-20',
      '2025-12-21',
    ]);
  });

  it('is the 12 calendar months up to this one, compared with the same part of the year before', () => {
    const year = rangeWindow('12m', '2026-11-24');
    expect(year.unit).toBe('month');
    expect(year.buckets).toEqual([
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
    ]);
    expect([year.first, year.last, year.previousFirst, year.previousLast]).toEqual([
      '2025-12-01',
      '2026-11-24',
      '2024-12-01',
      '2025-11-24',
    ]);
    // on the first of January the range is February to January; on 29 February the year before ends on the 28th
    expect(rangeWindow('12m', '2027-01-01').buckets.slice(0, 2)).toEqual(['2026-02-01', '2026-03-01']);
    expect(rangeWindow('12m', '2028-02-29').previousLast).toBe('2027-02-28');
  });
});
