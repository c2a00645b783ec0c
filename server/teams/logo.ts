import type { TeamLogoInput } from '../../src/schemas/team.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { releaseUnusedPhotos } from '../media/references.ts';
import { assertOwnPhoto } from '../media/service.ts';
import type { TeamMembership } from '../access/team-access.ts';
import { recordTeamEvent, teamActorOf } from '../team-records/audit.ts';
import { teamAccountFor } from '../access/team-account.ts';
import { announceTeamChange, teamMemberIds } from '../team-records/changes.ts';

// A team's logo: the organization's own `logo` column, set only here (the organization plugin's create and
// update refuse one, server/teams/auth-plugin.ts), so it is always a photo of the team's account, uploaded
// for the team (`?team=1`, server/access/team-access.ts photoAccount): it stays with the team, whoever uploaded it.

/**
 * The owner or an admin sets the team's logo (a graphic uploaded for the team), or removes it (null). The
 * replaced photo is released once nothing else uses it. Throws validation_failed (field photo) for a
 * photo that is not the team's.
 */
export async function setTeamLogo(
  ctx: ServiceContext,
  team: TeamMembership,
  input: TeamLogoInput,
): Promise<{ logo: string | null }> {
  const previous = await ctx.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('teams')
      .select(['name', 'logo'])
      .where('id', '=', team.teamId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new AppError('not_found');
    if (input.logo && input.logo !== current.logo) {
      await assertOwnPhoto(trx, await teamAccountFor(trx, team.teamId), input.logo);
    }
    await trx.updateTable('teams').set({ logo: input.logo }).where('id', '=', team.teamId).execute();
    await recordTeamEvent(trx, {
      teamId: team.teamId,
      actor: teamActorOf(ctx),
      action: input.logo ? 'logo_changed' : 'logo_removed',
      subject: current.name,
    });
    return current.logo;
  });
  announceTeamChange(ctx.changes, await teamMemberIds(ctx.db, team.teamId));
  if (previous !== input.logo) await releaseUnusedPhotos(ctx, [previous]);
  return { logo: input.logo };
}
