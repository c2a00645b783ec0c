import type { TeamPrintedDomainInput } from '../../src/schemas/team.ts';
import { assertUsableDomain } from '../domains/service.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { assertCardCodesScanPrinted } from '../qr-images/printed-scans.ts';
import type { TeamMembership } from '../access/team-access.ts';
import { recordTeamEvent, teamActorOf } from '../team-records/audit.ts';
import { teamAccountFor } from '../access/team-account.ts';
import { announceCards } from './cards.ts';

// A team's Address in the code: the verified custom domain every team card's QR code is printed with
// (teams.printed_domain, copied to each card's own link as links.domain, which the downloads and the
// short link read), as a person chooses one per QR code. A code printed before keeps working at both
// addresses; a domain removed later leads its printed codes on to the main address, as a person's do.

/**
 * The owner or an admin prints the team's cards' QR codes with one of the team's verified domains, or the
 * main address (`domain` null). Refused, with nothing changed: a domain that is not the team's and
 * verified (domain_unusable), a plan without custom domains, or a designed code that would not scan with
 * the longer address. Logged; every process's cached short links and the team's screens follow.
 */
export async function setTeamPrintedDomain(
  ctx: ServiceContext,
  team: TeamMembership,
  input: TeamPrintedDomainInput,
): Promise<{ domain: string | null }> {
  const account = await ctx.db.transaction().execute((trx) => teamAccountFor(trx, team.teamId));
  if (input.domain !== null) await assertUsableDomain(ctx, account, input.domain);
  await assertCardCodesScanPrinted(ctx, account, input.domain);
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('teams')
      .set({ printed_domain: input.domain })
      .where('id', '=', team.teamId)
      .where((eb) => eb('printed_domain', 'is distinct from', input.domain))
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    await trx
      .updateTable('links')
      .set({ domain: input.domain })
      .where('user_id', '=', account)
      .where('vcard_id', 'is not', null)
      .execute();
    await recordTeamEvent(trx, {
      teamId: team.teamId,
      actor: teamActorOf(ctx),
      action: 'printed_domain_changed',
      subject: input.domain ?? new URL(ctx.config.publicUrl).host,
    });
    return true;
  });
  // the 'cards' notice of the team's account drops its cached short links in every process
  if (changed) await announceCards(ctx, team.teamId, account);
  return { domain: input.domain };
}
