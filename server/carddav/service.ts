import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { firstVcardId } from '../../src/pauses.ts';

// Whose address book a contacts app set up with the host alone is asking for: the user name it was given
// is a card's id, or a username, which names the account's primary card (the one at /{username}).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id of the card a CardDAV user name names, or null when it names none. */
export async function principalCardOf(db: Kysely<Database>, userName: string): Promise<string | null> {
  if (UUID.test(userName)) {
    const card = await db
      .selectFrom('vcards')
      .select('id')
      .where('id', '=', userName.toLowerCase())
      // a team's draft card is not public (server/teams/cards.ts)
      .where('draft', '=', false)
      .executeTakeFirst();
    return card?.id ?? null;
  }
  const profile = await db
    .selectFrom('profiles')
    .select(['id', 'primary_vcard_id'])
    .where('username', '=', userName.toLowerCase())
    .executeTakeFirst();
  if (!profile) return null;
  const cards = await db
    .selectFrom('vcards')
    .select(['id', 'created_at'])
    .where('user_id', '=', profile.id)
    .where('draft', '=', false)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return firstVcardId(profile.primary_vcard_id, cards);
}
