import { describe, expect, it } from 'vitest';
import { CreateTeamSchema, InviteMemberSchema } from '../../src/schemas/team.ts';
import { hasTeamRole, suggestTeamSlug, teamInvitationState, teamSlugProblem } from '../../src/teams.ts';

describe('team roles', () => {
  it('include what the roles below them may do', () => {
    expect(hasTeamRole('owner', 'admin')).toBe(true);
    expect(hasTeamRole('admin', 'admin')).toBe(true);
    expect(hasTeamRole('admin', 'owner')).toBe(false);
    expect(hasTeamRole('member', 'admin')).toBe(false);
    expect(hasTeamRole('member', 'member')).toBe(true);
  });
});

describe('a team slug', () => {
  it('follows the shape of a chosen username', () => {
    expect(teamSlugProblem('acme-studio')).toBeNull();
    expect(teamSlugProblem('')).toBe('required');
    expect(teamSlugProblem('Acme')).toBe('format');
    expect(teamSlugProblem('ac')).toBe('format');
    expect(teamSlugProblem('-acme')).toBe('format');
    expect(teamSlugProblem('xn--pple-43d')).toBe('lookalike');
  });

  it('is suggested from the name without accents, spaces or punctuation', () => {
    expect(suggestTeamSlug('Acme Studio, S.L.')).toBe('acme-studio-s-l');
    expect(suggestTeamSlug('  Niño & Peña  ')).toBe('nino-pena');
    expect(suggestTeamSlug('A'.repeat(40))).toHaveLength(30);
    expect(suggestTeamSlug('abcdefghijklmnopqrstuvwxyzabc d')).toBe('abcdefghijklmnopqrstuvwxyzabc');
  });
});

describe('the team forms', () => {
  it('report each problem with its message id', () => {
    const result = CreateTeamSchema.safeParse({ name: '', slug: 'xn--acme' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'validation.team.name_required',
      'validation.team.slug_lookalike',
    ]);
    expect(InviteMemberSchema.safeParse({ email: 'ana@example.com', role: 'owner' }).success).toBe(false);
    expect(InviteMemberSchema.safeParse({ email: 'ana@example.com', role: 'admin' }).success).toBe(true);
  });
});

describe("an invitation's state", () => {
  const now = new Date('2026-12-01T12:00:00Z');
  it('is expired once a pending one is past its end, and its stored status otherwise', () => {
    const past = new Date('2026-12-01T11:59:59Z');
    const future = new Date('2026-12-02T00:00:00Z');
    expect(teamInvitationState({ status: 'pending', expires_at: past }, now)).toBe('expired');
    expect(teamInvitationState({ status: 'pending', expires_at: future }, now)).toBe('pending');
    expect(teamInvitationState({ status: 'accepted', expires_at: past }, now)).toBe('accepted');
    expect(teamInvitationState({ status: 'canceled', expires_at: future }, now)).toBe('canceled');
  });
});
