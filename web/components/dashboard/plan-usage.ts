import { hasRoomFor, isUnlimited } from '#src/plans.ts';

/** How much of one plan limit (vCards, QR codes, profile links) is used, as the usage bars show it. */
export interface PlanUsage {
  count: number;
  /** The plan's limit; -1 is unlimited. */
  limit: number;
  unlimited: boolean;
  /** At or above the limit: creating is refused (spec section 4). */
  full: boolean;
  /** How full the bar is, 0 to 100 (an unlimited plan has no bar). */
  percent: number;
}

function percentUsed(count: number, limit: number): number {
  if (isUnlimited(limit)) return 0;
  if (limit <= 0) return 100;
  return Math.min(100, (count / limit) * 100);
}

/** The usage of a limit, from the count and the plan limit the server sent. */
export function planUsage(count: number, limit: number): PlanUsage {
  return {
    count,
    limit,
    unlimited: isUnlimited(limit),
    full: !hasRoomFor(limit, count),
    percent: percentUsed(count, limit),
  };
}
