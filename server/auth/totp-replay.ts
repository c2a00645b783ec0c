import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * How long a presented code is remembered. better-auth accepts the current 30-second step and its
 * neighbours, so a code can be valid for up to 90 seconds; inside that window it is refused a second time.
 */
const CODE_VALID_SECONDS = 90;

/**
 * Claims an authenticator code for a user before better-auth checks it: true the first time, false when
 * the same code was already presented within its validity window (a replayed or shoulder-surfed code).
 * Every presented code is remembered, right or wrong, so a wrong guess in between cannot make a used code
 * usable again; the primary key makes two requests racing with one code unable to both win.
 */
export async function claimTotpCode(db: Kysely<Database>, userId: string, code: string): Promise<boolean> {
  await db
    .deleteFrom('used_totp_codes')
    .where('user_id', '=', userId)
    .where('used_at', '<', sql<Date>`now() - make_interval(secs => ${CODE_VALID_SECONDS})`)
    .execute();
  const claimed = await db
    .insertInto('used_totp_codes')
    .values({ user_id: userId, code })
    .onConflict((conflict) => conflict.columns(['user_id', 'code']).doNothing())
    .returning('code')
    .executeTakeFirst();
  return claimed !== undefined;
}
