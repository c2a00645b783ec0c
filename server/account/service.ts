import type { DeleteAccountInput } from '../../src/schemas/auth.ts';
import type { ServiceContext } from '../trpc/context.ts';

/**
 * Deletes the signed-in account for good (DECISIONS.md): the user row, and with it (foreign keys with
 * cascade) the profile, sessions, sign-in methods, two-factor secrets, cards, links, events, views and
 * support messages. The caller signs the person out. The input's confirmation word is checked by its schema.
 */
export async function deleteAccount(ctx: ServiceContext, _input: DeleteAccountInput): Promise<void> {
  await ctx.db.deleteFrom('users').where('id', '=', ctx.user.id).execute();
}
