import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import { ProfileDetailsSchema } from '../../src/schemas/card.ts';
import { withUsernameRule } from '../../web/components/card/username-rule.ts';

// The profile page's and the card step's form (docs/decisions/013-pause-never-delete.md): the username the
// person has stays valid after a downgrade, so the other fields save; a new one follows the plan's rule.

function problems(plan: 'free' | 'pro', saved: string | null, username: string): string[] {
  const result = withUsernameRule(ProfileDetailsSchema, plan, saved).safeParse({
    name: 'Grace Hopper',
    username,
    photo: null,
    baseVersion: 1,
  });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('withUsernameRule', () => {
  it('accepts the custom username kept from a paid plan on the free plan', () => {
    expect(problems('free', 'grace-hopper', 'grace-hopper')).toEqual([]);
  });

  it('judges a new username by the rules of the plan', () => {
    expect(problems('free', 'grace-hopper', 'admiral-grace')).toEqual([M.usernameDigits]);
    expect(problems('free', 'grace-hopper', '12345678')).toEqual([]);
    expect(problems('pro', null, 'demo')).toEqual([M.usernameReserved]);
  });
});
