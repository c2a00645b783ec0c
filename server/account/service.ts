import { mediaPath } from '../../src/media.ts';
import type { DeleteAccountInput } from '../../src/schemas/auth.ts';
import { cancelSubscriptionOf } from '../billing/service.ts';
import { releasePhoto } from '../media/service.ts';
import type { AppDeps, ServiceContext } from '../lib/app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { membershipOf } from '../access/team-access.ts';
import { handOverSentInvitations } from '../teams/service.ts';
import { revokeCrmConnectionsOf } from '../crm/service.ts';

/**
 * Deletes the signed-in account for good (docs/decisions/007-security-beyond-the-spec.md). The caller signs
 * the person out. The input's confirmation word is checked by its schema.
 */
export async function deleteAccount(ctx: ServiceContext, _input: DeleteAccountInput): Promise<void> {
  // a team's cards belong to the team (docs/decisions/021-teams.md): its owner hands it on or deletes it
  // first
  if ((await membershipOf(ctx.db, ctx.user.id))?.role === 'owner') throw new AppError('owner_must_transfer');
  await removeAccount(ctx, ctx.user.id);
}

/**
 * Removes an account and everything of it: its paid subscription (cancelled at Stripe), its CRM connections'
 * tokens (revoked at the CRMs), the user row, and
 * with it (foreign keys with cascade) the profile, sessions, sign-in methods, two-factor secrets, cards,
 * links, events, views, photos and support messages (the team invitations it sent pending go to their
 * teams' owners first); then the photo files in storage. Its usernames stay
 * blocked, without an owner, until the clean-up frees them after ADDRESS_HOLD_DAYS
 * (src/username.ts; the database notes the moment of deletion). The one path for
 * deleting a person, used by the account page and by the clean-up of unconfirmed accounts
 * (`unconfirmedOnly`: not if the address has been confirmed meanwhile). Returns false when there was no
 * such account to remove.
 */
export async function removeAccount(
  deps: AppDeps,
  userId: string,
  options: { unconfirmedOnly?: boolean } = {},
): Promise<boolean> {
  // nobody keeps paying for an account that is gone; if Stripe cannot be reached, the account stays
  // (an unconfirmed account never signed in, so it never subscribed)
  if (!options.unconfirmedOnly) await cancelSubscriptionOf(deps, userId);
  // its CRMs stop accepting the tokens it gave us (docs/decisions/026-crm-connectors.md)
  if (!options.unconfirmedOnly) await revokeCrmConnectionsOf(deps, userId);
  const photos = await deps.db.selectFrom('media').select('key').where('user_id', '=', userId).execute();
  const removed = await deps.db.transaction().execute(async (trx) => {
    if (!options.unconfirmedOnly) await handOverSentInvitations(trx, userId);
    let removal = trx.deleteFrom('users').where('id', '=', userId);
    if (options.unconfirmedOnly) removal = removal.where('email_verified', '=', false);
    return (await removal.executeTakeFirst()).numDeletedRows > 0n;
  });
  if (!removed) return false;
  deps.changes.publish({ userId, topic: 'cards' });
  for (const { key } of photos) await releasePhoto(deps, mediaPath(key));
  return true;
}
