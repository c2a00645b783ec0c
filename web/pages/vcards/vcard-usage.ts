import { hasRoomFor, isUnlimited } from '#src/plans.ts';

export interface VcardUsage {
  count: number;
  /** The plan's limit; -1 is unlimited. */
  limit: number;
  unlimited: boolean;
  /** At or above the limit: the create button is blocked and the bar turns red (spec section 4). */
  full: boolean;
  /** How full the bar is, 0 to 100 (an unlimited plan has no bar). */
  percent: number;
}

function percentUsed(count: number, limit: number): number {
  if (isUnlimited(limit)) return 0;
  if (limit <= 0) return 100;
  return Math.min(100, (count / limit) * 100);
}

/** The usage line of My vCards, from the number of cards and the plan limit the server sent. */
export function vcardUsage(count: number, limit: number): VcardUsage {
  return {
    count,
    limit,
    unlimited: isUnlimited(limit),
    full: !hasRoomFor(limit, count),
    percent: percentUsed(count, limit),
  };
}
