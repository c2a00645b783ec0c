import {
  availableUntil,
  getPlan,
  hasPaidPeriod,
  isUnlimited,
  type AvailabilityFacts,
  type PlanId,
} from './plans.ts';

// Plans that end, trials that expire, downgrades (docs/decisions/013-pause-never-delete.md): nothing is
// deleted; what a plan does not cover is paused, worked out from the plan whenever it is asked, so a pause
// starts the moment a trial or plan ends and lifts the moment a plan is bought. The only thing stored is the
// owner's choice of which items stay live within the limit. Pure rules, shared by the server and the
// dashboard.

/** The kinds of item with a plan limit, each paused against its own limit. */
export const PAUSABLE_KINDS = ['vcard', 'qrCode', 'profileLink'] as const;
export type PausableKind = (typeof PAUSABLE_KINDS)[number];

/** The plan limit of a kind (QR codes: those not managed by a vCard, which follow their vCard). */
export function limitOf(plan: PlanId, kind: PausableKind): number {
  const { limits } = getPlan(plan);
  switch (kind) {
    case 'vcard':
      return limits.vcards;
    case 'qrCode':
      return limits.qrCodes;
    case 'profileLink':
      return limits.links;
  }
}

/** How many items of each kind are paused (the dashboard, the billing page and the plan-ended e-mail say). */
export type PausedCounts = Record<PausableKind, number>;

/** The team a person owns whose cards are paused with their plan (its cards run on its owner's plan). */
export interface PausedTeam {
  name: string;
  cards: number;
}

/** Why every card and link of an account is paused: its free trial ended, or its paid plan did. */
export type AccountPause = 'trial_ended' | 'plan_ended';

/** Why one item is paused: the account's pause, or a place beyond the plan's limit. */
export type PauseReason = AccountPause | 'over_limit';

/**
 * The account's pause when its public profile is offline (spec section 4, "Public profile availability"),
 * else null. An account that once paid (src/plans.ts hasPaidPeriod) had a plan that ended.
 */
export function accountPause(facts: AvailabilityFacts, now: number = Date.now()): AccountPause | null {
  if (availableUntil(facts) > now) return null;
  return hasPaidPeriod(facts) ? 'plan_ended' : 'trial_ended';
}

/** An item competing for the live places of its kind. */
export interface LiveCandidate {
  id: string;
  /** When the owner chose it to stay live; null when they never did. */
  chosenAt: Date | null;
}

/** A stored vCard or link as the ranking sees it (`live_chosen_at`: the owner's stored choice). */
export function candidateOf(row: { id: string; live_chosen_at: Date | null }): LiveCandidate {
  return { id: row.id, chosenAt: row.live_chosen_at };
}

/** The vCard ranked first: the primary one, or the oldest while none is picked (as the profile page shows). */
export function firstVcardId(
  primaryId: string | null,
  vcardsOldestFirst: readonly { id: string }[],
): string | null {
  return primaryId ?? vcardsOldestFirst[0]?.id ?? null;
}

/**
 * The items of one kind from the first to keep live to the last: `firstId` first (the vCard shown at the
 * profile address, which must stay live), then the ones the owner chose, the latest choice first, then
 * the rest in the order given, which is the kind's own order (the oldest vCards and QR codes first, the
 * profile links in their order). Choosing a paused item therefore moves it up one place past every live
 * one, and the lowest-ranked live item drops out: a swap.
 */
export function rankForLive<T extends LiveCandidate>(
  itemsInOwnOrder: readonly T[],
  firstId: string | null = null,
): T[] {
  const first = itemsInOwnOrder.filter((item) => item.id === firstId);
  const others = itemsInOwnOrder.filter((item) => item.id !== firstId);
  const chosen = others
    .filter((item) => item.chosenAt !== null)
    .sort((a, b) => (b.chosenAt?.getTime() ?? 0) - (a.chosenAt?.getTime() ?? 0));
  return [...first, ...chosen, ...others.filter((item) => item.chosenAt === null)];
}

export interface LiveSplit<T> {
  /** In rank order. */
  live: T[];
  /** Over the limit, in rank order. */
  paused: T[];
}

/** Which items of one kind a limit keeps live (see rankForLive); an unlimited plan keeps them all. */
export function splitLive<T extends LiveCandidate>(
  itemsInOwnOrder: readonly T[],
  limit: number,
  firstId: string | null = null,
): LiveSplit<T> {
  const ranked = rankForLive(itemsInOwnOrder, firstId);
  if (isUnlimited(limit)) return { live: ranked, paused: [] };
  return { live: ranked.slice(0, limit), paused: ranked.slice(limit) };
}

export interface PauseSummary<T> {
  /** Why each paused item is paused, by id; an item not in it is live. */
  reasons: Map<string, PauseReason>;
  /**
   * The live item that choosing a paused one would pause (the lowest-ranked live one), while items are
   * over the limit and the account itself is not paused; else null.
   */
  swapOut: T | null;
}

/** What the dashboard shows of one kind's pauses: each item's reason and the item a swap would pause. */
export function summarizePauses<T extends LiveCandidate>(
  itemsInOwnOrder: readonly T[],
  limit: number,
  account: AccountPause | null,
  firstId: string | null = null,
): PauseSummary<T> {
  if (account) {
    return { reasons: new Map(itemsInOwnOrder.map((item) => [item.id, account])), swapOut: null };
  }
  const { live, paused } = splitLive(itemsInOwnOrder, limit, firstId);
  return {
    reasons: new Map(paused.map((item) => [item.id, 'over_limit' as const])),
    swapOut: paused.length > 0 ? (live.at(-1) ?? null) : null,
  };
}
