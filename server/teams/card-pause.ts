import { sql } from 'kysely';
import type { SetTeamCardPausedInput } from '../../src/schemas/team.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import type { TeamMembership } from '../access/team-access.ts';
import { personLabel, recordTeamEvent, teamActorOf } from '../team-records/audit.ts';
import { announceCards, teamCardOf } from './cards.ts';

// A team's owner or admins pause one team card, or resume it (docs/decisions/021-teams.md: offboarding hands
// a card on or pauses it). Nothing is deleted: its page, .vcf and printed QR code's short link answer the
// paused page, as a card paused by its plan does, until it is resumed (the public page and the short link
// read `vcards.paused_at` in the queries that serve them). The member it is for may still edit it.

/**
 * Pauses (`paused`) or resumes a card of the acting team, recorded in the team's log with the card and its
 * member; the 'cards' notice drops its cached page and short link in every process. A card already in that
 * state stays as it is (nothing recorded). Another team's card, or a personal one: not_found.
 */
export async function setTeamCardPaused(
  ctx: ServiceContext,
  team: TeamMembership,
  input: SetTeamCardPausedInput,
): Promise<void> {
  const card = await teamCardOf(ctx.db, team.teamId, input.vcardId);
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('vcards')
      .set({ paused_at: input.paused ? sql<Date>`now()` : null })
      .where('id', '=', card.id)
      .where('paused_at', input.paused ? 'is' : 'is not', null)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    const holder = card.member_id ? await personLabel(trx, card.member_id) : null;
    await recordTeamEvent(trx, {
      teamId: team.teamId,
      actor: teamActorOf(ctx),
      action: input.paused ? 'card_paused' : 'card_resumed',
      subject: holder ? `${card.name} → ${holder}` : card.name,
    });
    return true;
  });
  if (changed) await announceCards(ctx, team.teamId, card.user_id);
}
