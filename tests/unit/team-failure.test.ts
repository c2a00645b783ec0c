import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { AuthCallError } from '#web/lib/auth-error.ts';
import { AUTH_ERROR_TEXT, ERROR_REASON_TEXT, VALIDATION_MESSAGE_TEXT } from '#web/lib/error-messages.ts';
import { teamFailureMessage } from '#web/pages/team/team-failure.ts';

const refusedProcedure = (data: Record<string, unknown>) =>
  TRPCClientError.from({ error: { message: 'refused', code: -32603, data } });

describe('teamFailureMessage', () => {
  it("says who may, for the organization plugin's refusals", () => {
    const invite = new AuthCallError({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
    });
    expect(teamFailureMessage(invite)).toBe(
      AUTH_ERROR_TEXT.YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION,
    );
    expect(teamFailureMessage(invite).message).toContain("Only the team's owner and admins");
  });

  it('reads our own codes of the plugin hooks as their reasons', () => {
    for (const [code, reason] of [
      ['ALREADY_IN_TEAM', 'already_in_team'],
      ['PLAN_REQUIRED', 'plan_required'],
      ['OWNER_MUST_TRANSFER', 'owner_must_transfer'],
    ] as const) {
      expect(teamFailureMessage(new AuthCallError({ status: 403, code })), code).toBe(
        ERROR_REASON_TEXT[reason],
      );
    }
    const slug = new AuthCallError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'validation.team.slug_format',
    });
    expect(teamFailureMessage(slug)).toBe(VALIDATION_MESSAGE_TEXT['validation.team.slug_format']);
  });

  it('names the owner alone when a procedure needs the owner, and owner or admins otherwise', () => {
    const ownerOnly = refusedProcedure({ reason: 'team_role_required', meta: { role: 'owner' } });
    expect(teamFailureMessage(ownerOnly).message).toBe("Only the team's owner can do this.");
    const admins = refusedProcedure({ reason: 'team_role_required', meta: { role: 'admin' } });
    expect(teamFailureMessage(admins)).toBe(ERROR_REASON_TEXT.team_role_required);
  });

  it('says a team action got no answer', () => {
    expect(teamFailureMessage(new AuthCallError({ status: 0 })).message).toContain('Could not reach');
  });
});
