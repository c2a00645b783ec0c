import { describe, expect, it } from 'vitest';
import { getPlan, UNLIMITED } from '#src/plans.ts';
import { planUsage } from '#web/components/dashboard/plan-usage.ts';

// The usage banners of My vCards, My QR Codes and the links page (spec section 4, limits in use).

describe('planUsage', () => {
  const freeLimit = getPlan('free').limits.vcards;

  it('is full at the limit and above it', () => {
    expect(planUsage(freeLimit - 1, freeLimit).full).toBe(false);
    expect(planUsage(freeLimit, freeLimit)).toMatchObject({ full: true, percent: 100 });
    expect(planUsage(freeLimit + 2, freeLimit)).toMatchObject({ full: true, percent: 100 });
  });

  it('fills the bar in proportion', () => {
    const proLimit = getPlan('pro').limits.qrCodes;
    expect(planUsage(proLimit / 2, proLimit).percent).toBe(50);
    expect(planUsage(0, getPlan('free').limits.links).percent).toBe(0);
  });

  it('is never full on an unlimited plan', () => {
    expect(planUsage(500, UNLIMITED)).toMatchObject({ unlimited: true, full: false, percent: 0 });
  });
});
