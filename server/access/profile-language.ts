import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DEFAULT_LOCALE, type Locale } from '../../src/i18n.ts';

/** The language a user's e-mails are written in (their profile language). */
export async function getProfileLanguage(db: Kysely<Database>, userId: string): Promise<Locale> {
  const row = await db.selectFrom('profiles').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language ?? DEFAULT_LOCALE;
}
