import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isHttpUrl } from '../../src/url.ts';
import { isLinkCode } from './code.ts';

// What /l/{code} needs of a link: whose it is and where it goes. Read-only, for every visitor.

export interface ResolvedLink {
  linkId: string;
  userId: string;
  /** The destination as a Location header value (ASCII: the URL serializer percent-encodes the rest). */
  location: string;
}

/** The link with this short code, or null (unknown, malformed, or a destination that is not http(s)). */
export async function resolveLinkCode(db: Kysely<Database>, code: string): Promise<ResolvedLink | null> {
  if (!isLinkCode(code)) return null;
  const link = await db
    .selectFrom('links')
    .select(['id', 'user_id', 'url'])
    .where('code', '=', code)
    .executeTakeFirst();
  // destinations are checked when stored; a row from before that rule is not followed
  if (!link || !isHttpUrl(link.url)) return null;
  return { linkId: link.id, userId: link.user_id, location: new URL(link.url).href };
}
