import type { RouterOutputs } from '../../lib/trpc.ts';

export type PeriodTotal = RouterOutputs['analytics']['overview']['totals']['scans'];

/**
 * How a count moved against the previous 30 days: a percentage up, down or flat, 'new' when the previous
 * period had nothing and this one has something, 'none' when neither had anything.
 */
export type Trend = 'up' | 'down' | 'flat' | 'new' | 'none';

export function trendOf(total: PeriodTotal): Trend {
  if (total.change === null) return total.current > 0 ? 'new' : 'none';
  if (total.change > 0) return 'up';
  if (total.change < 0) return 'down';
  return 'flat';
}
