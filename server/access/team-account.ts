import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../lib/errors.ts';

// A team's own account (docs/decisions/021-teams.md): its cards, links and counts belong to it, not to a
// member. Access works out which account a team member acts for from it.

/**
 * The address of a team's account: a reserved domain (RFC 2606 `.invalid`) that no mail reaches and nobody
 * signs up with, so the account is never signed in to.
 */
const TEAM_ACCOUNT_EMAIL_DOMAIN = 'teams.tapcard.invalid';

/** The team's account, made with its first card (or for a team from before team cards). */
export async function teamAccountFor(trx: Transaction<Database>, teamId: string): Promise<string> {
  return (await teamAccountForNewCard(trx, teamId)).account;
}

/**
 * teamAccountFor, with the address the team's new cards' QR codes are printed with (its Address in the
 * code, server/teams/printed-domain.ts), read under the same lock.
 */
export async function teamAccountForNewCard(
  trx: Transaction<Database>,
  teamId: string,
): Promise<{ account: string; printedDomain: string | null }> {
  const team = await trx
    .selectFrom('teams')
    .select(['account_id', 'name', 'printed_domain'])
    .where('id', '=', teamId)
    // two first cards at once make one account
    .forUpdate()
    .executeTakeFirst();
  if (!team) throw new AppError('not_found');
  const printedDomain = team.printed_domain;
  if (team.account_id) return { account: team.account_id, printedDomain };
  const id = randomUUID();
  const email = `team-${teamId}@${TEAM_ACCOUNT_EMAIL_DOMAIN}`;
  await trx.insertInto('users').values({ id, name: team.name, email, email_verified: false }).execute();
  await trx
    .insertInto('profiles')
    .values({ id, name: team.name, email, initialized: true, plan_chosen: true })
    .execute();
  await trx.updateTable('teams').set({ account_id: id }).where('id', '=', teamId).execute();
  return { account: id, printedDomain };
}
