import type { TeamWhiteLabelInput } from '../../src/schemas/team.ts';
import { requireFeature } from '../access/plan-gate.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import type { TeamMembership } from '../access/team-access.ts';
import { teamAccountFor } from '../access/team-account.ts';
import { announceTeamChange, teamMemberIds } from '../team-records/changes.ts';

// A team's white label switch (docs/decisions/015-what-each-plan-feature-is.md, feature whiteLabel): on, its
// cards' pages, their paused and not-found pages, their .vcf and the team's e-mails carry the team's name and
// logo instead of Tapcard's (server/branding/branding.ts decides, from this switch and the plan in effect).

/**
 * The owner or an admin turns white label on or off. Turning it on needs the team's plan (its owner's) to
 * have whiteLabel (plan_required otherwise, and nothing changes); turning it off is always allowed. Every
 * page of the team's cards is shown anew, in every process.
 */
export async function setTeamWhiteLabel(
  ctx: ServiceContext,
  team: TeamMembership,
  input: TeamWhiteLabelInput,
): Promise<{ whiteLabel: boolean }> {
  const account = await ctx.db.transaction().execute(async (trx) => {
    const teamAccount = await teamAccountFor(trx, team.teamId);
    // the team's account has its owner's plan (account_plans)
    if (input.whiteLabel) await requireFeature({ db: trx }, teamAccount, 'whiteLabel');
    await trx
      .updateTable('teams')
      .set({ white_label: input.whiteLabel })
      .where('id', '=', team.teamId)
      .execute();
    return teamAccount;
  });
  ctx.changes.publish({ userId: account, topic: 'cards' });
  announceTeamChange(ctx.changes, await teamMemberIds(ctx.db, team.teamId));
  return { whiteLabel: input.whiteLabel };
}
