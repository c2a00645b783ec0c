import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Locale } from '../../src/i18n.ts';
import { createProfileForUser } from './service.ts';

/**
 * A confirmed account with a password, written as better-auth's sign-up writes one (the user, its
 * credential account) with its profile, for accounts made without a sign-up to confirm: the demo card's,
 * and the test suite's people. `passwordHash` comes from the server's own hasher (auth.$context.password).
 */
export async function insertConfirmedAccount(
  db: Kysely<Database>,
  account: { userId: string; name: string; email: string; passwordHash: string; language: Locale },
): Promise<void> {
  const { userId, name, email, passwordHash, language } = account;
  await db.insertInto('users').values({ id: userId, name, email, email_verified: true }).execute();
  await db
    .insertInto('accounts')
    .values({
      id: randomUUID(),
      user_id: userId,
      account_id: userId,
      provider_id: 'credential',
      password: passwordHash,
    })
    .execute();
  await createProfileForUser(db, { id: userId, name, email, language });
}
