import { describe, expect, it } from 'vitest';
import {
  accountPause,
  firstVcardId,
  limitOf,
  rankForLive,
  splitLive,
  summarizePauses,
  type LiveCandidate,
} from '../../src/pauses.ts';
import { availableUntil, isProfileAvailable, PLANS, UNLIMITED } from '../../src/plans.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 23, 12);

const item = (id: string, chosenAt: number | null = null): LiveCandidate => ({
  id,
  chosenAt: chosenAt === null ? null : new Date(chosenAt),
});
const ids = (items: readonly LiveCandidate[]) => items.map((candidate) => candidate.id);

describe('rankForLive', () => {
  it('keeps the own order when nothing was chosen', () => {
    expect(ids(rankForLive([item('a'), item('b'), item('c')]))).toEqual(['a', 'b', 'c']);
  });

  it('puts the chosen items first, the latest choice first, then the rest in their own order', () => {
    const ranked = rankForLive([item('a'), item('b', NOW - DAY), item('c'), item('d', NOW)]);
    expect(ids(ranked)).toEqual(['d', 'b', 'a', 'c']);
  });

  it('puts the first item (the primary vCard) before every choice', () => {
    expect(ids(rankForLive([item('a'), item('b'), item('c', NOW)], 'b'))).toEqual(['b', 'c', 'a']);
  });
});

describe('splitLive', () => {
  it('keeps the first `limit` ranked items live and pauses the rest', () => {
    const split = splitLive([item('a'), item('b'), item('c', NOW)], 2);
    expect([ids(split.live), ids(split.paused)]).toEqual([['c', 'a'], ['b']]);
  });

  it('keeps everything live without a limit', () => {
    expect(ids(splitLive([item('a'), item('b')], UNLIMITED).paused)).toEqual([]);
  });
});

describe('summarizePauses', () => {
  it('names each paused item and the live item a swap would pause', () => {
    const summary = summarizePauses([item('a'), item('b'), item('c')], 2, null);
    expect([...summary.reasons]).toEqual([['c', 'over_limit']]);
    expect(summary.swapOut?.id).toBe('b');
  });

  it('names no swap while everything fits', () => {
    expect(summarizePauses([item('a')], 1, null)).toEqual({ reasons: new Map(), swapOut: null });
  });

  it('pauses everything, with no swap, while the account itself is paused', () => {
    const summary = summarizePauses([item('a'), item('b')], 1, 'trial_ended');
    expect([...summary.reasons]).toEqual([
      ['a', 'trial_ended'],
      ['b', 'trial_ended'],
    ]);
    expect(summary.swapOut).toBeNull();
  });
});

describe('firstVcardId', () => {
  it('is the primary card, or the oldest while none is picked', () => {
    expect(firstVcardId('b', [{ id: 'a' }, { id: 'b' }])).toBe('b');
    expect(firstVcardId(null, [{ id: 'a' }, { id: 'b' }])).toBe('a');
    expect(firstVcardId(null, [])).toBeNull();
  });
});

describe('limitOf', () => {
  it('reads each kind from the plan table', () => {
    expect(limitOf('free', 'vcard')).toBe(PLANS.free.limits.vcards);
    expect(limitOf('pro', 'qrCode')).toBe(PLANS.pro.limits.qrCodes);
    expect(limitOf('free', 'profileLink')).toBe(PLANS.free.limits.links);
  });
});

describe('accountPause and availableUntil', () => {
  const trial = (startedDaysAgo: number) => ({
    plan_type: 'free',
    subscription_end: null,
    trial_start_date: new Date(NOW - startedDaysAgo * DAY),
    trial_days: 14,
  });

  it('is null while a trial runs, trial_ended after it, at the exact moment it ends', () => {
    expect(accountPause(trial(13), NOW)).toBeNull();
    expect(availableUntil(trial(14))).toBe(NOW);
    expect(accountPause(trial(14), NOW - 1)).toBeNull();
    expect(accountPause(trial(14), NOW)).toBe('trial_ended');
    expect(isProfileAvailable(trial(14), new Date(NOW))).toBe(false);
  });

  it('is plan_ended for a paid plan past its end, or a free account whose paid plan ended', () => {
    const paid = { ...trial(30), plan_type: 'pro', subscription_end: new Date(NOW - DAY) };
    expect(accountPause(paid, NOW)).toBe('plan_ended');
    expect(accountPause({ ...paid, plan_type: 'free' }, NOW)).toBe('plan_ended');
    expect(accountPause({ ...paid, subscription_end: null }, NOW)).toBeNull();
    expect(availableUntil({ ...paid, subscription_end: null })).toBe(Infinity);
  });

  it('is null for a paid plan past its end while the trial runs, with or without the webhook', () => {
    const ended = { ...trial(3), plan_type: 'pro', subscription_end: new Date(NOW - DAY) };
    expect(accountPause(ended, NOW)).toBeNull();
    expect(accountPause({ ...ended, plan_type: 'free' }, NOW)).toBeNull();
    // and plan_ended the moment the trial ends too
    expect(accountPause(ended, NOW + 11 * DAY)).toBe('plan_ended');
    expect(accountPause({ ...ended, plan_type: 'free' }, NOW + 11 * DAY)).toBe('plan_ended');
  });
});
