import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Auth } from '../auth/auth.ts';
import type { Config } from '../config.ts';
import { generateLinkCode } from '../links/code.ts';

// The demo account behind the landing page's "View Demo": a complete card anyone can open at /demo.

export const DEMO_USERNAME = 'demo';
export const DEMO_EMAIL = 'demo@tapcard.example';

const DEMO_CARD = {
  name: 'Alex Rivera',
  position: 'Head of Partnerships',
  company: 'Northwind Studio',
  phone: '+1 415 555 0134',
  email: 'alex.rivera@northwind.example',
  website: 'https://northwind.example',
  socialLinks: [
    { platform: 'linkedin', url: 'https://www.linkedin.com/in/alex-rivera-demo' },
    { platform: 'instagram', url: 'https://www.instagram.com/northwind.studio' },
  ],
};

const DEMO_LINKS = [
  { title: 'Book a call', url: 'https://cal.example/alex-rivera' },
  { title: 'Our portfolio', url: 'https://northwind.example/work' },
  { title: 'Latest talk', url: 'https://www.youtube.com/@northwindstudio' },
];

export type SeedResult = { created: false } | { created: true; email: string; password: string };

/**
 * Creates the demo account once: a user on the Business plan (always online), its profile, a vCard with
 * the link it manages, and three profile links. A second run changes nothing.
 */
export async function seedDemoAccount(deps: {
  db: Kysely<Database>;
  auth: Auth;
  config: Config;
}): Promise<SeedResult> {
  const { db, auth, config } = deps;
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirst();
  if (existing) return { created: false };

  const password = randomBytes(12).toString('base64url');
  // Created directly (no sign-up e-mail to a made-up address), already confirmed.
  const authContext = await auth.$context;
  const user = await authContext.internalAdapter.createUser(
    { name: DEMO_CARD.name, email: DEMO_EMAIL, emailVerified: true },
    { method: 'admin' },
  );
  await authContext.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await authContext.password.hash(password),
  });
  const publicUrl = `${config.publicUrl}/${DEMO_USERNAME}`;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('profiles')
      .set({
        username: DEMO_USERNAME,
        position: DEMO_CARD.position,
        company: DEMO_CARD.company,
        phone: DEMO_CARD.phone,
        plan_type: 'business',
        initialized: true,
        updated_at: new Date(),
      })
      .where('id', '=', user.id)
      .execute();
    const vcard = await trx
      .insertInto('vcards')
      .values({
        user_id: user.id,
        name: DEMO_CARD.name,
        position: DEMO_CARD.position,
        company: DEMO_CARD.company,
        phone: DEMO_CARD.phone,
        email: DEMO_CARD.email,
        website: DEMO_CARD.website,
        qr_code: `${config.publicUrl}/user/${DEMO_USERNAME}`,
        social_links: JSON.stringify(DEMO_CARD.socialLinks),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('links')
      .values([
        {
          user_id: user.id,
          vcard_id: vcard.id,
          code: generateLinkCode(),
          title: DEMO_CARD.name,
          url: publicUrl,
        },
        ...DEMO_LINKS.map((link, index) => ({
          user_id: user.id,
          code: generateLinkCode(),
          order_index: index,
          ...link,
        })),
      ])
      .execute();
  });
  return { created: true, email: DEMO_EMAIL, password };
}
