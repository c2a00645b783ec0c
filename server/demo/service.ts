import { randomBytes } from 'node:crypto';
import type { Auth } from '../auth/auth.ts';
import { unusedLinkCode } from '../links/code.ts';
import { releasePhoto, uploadPhoto } from '../media/service.ts';
import type { AppDeps } from '../trpc/context.ts';
import { insertVcard } from '../vcards/service.ts';
import { demoPortraitJpeg } from './portrait.ts';

// The demo account behind the landing page's "View Demo": a complete card anyone can open at /demo.

export const DEMO_USERNAME = 'demo';
export const DEMO_EMAIL = 'demo@tapcard.example';

const DEMO_COLOURS = { backgroundColour: '#4F46E5', fontColour: '#FFFFFF', iconColour: '#FFFFFF' };

const DEMO_CARD = {
  name: 'Alex Rivera',
  givenName: 'Alex',
  familyName: 'Rivera',
  position: 'Head of Partnerships',
  company: 'Northwind Studio',
  phone: '+1 415 555 0134',
  email: 'alex.rivera@northwind.example',
  website: 'https://northwind.example',
  socialLinks: {
    facebook: null,
    instagram: 'https://www.instagram.com/northwind.studio',
    linkedin: 'https://www.linkedin.com/in/alex-rivera-demo',
    tiktok: null,
    twitter: 'https://x.com/northwindstudio',
    youtube: 'https://www.youtube.com/@northwindstudio',
    github: null,
    mastodon: null,
    threads: null,
    telegram: null,
    whatsapp: null,
  },
  otherLink: { label: null, url: null },
};

const DEMO_LINKS = [
  { title: 'Book a call', url: 'https://cal.example/alex-rivera' },
  { title: 'Our portfolio', url: 'https://northwind.example/work' },
  { title: 'Latest talk', url: 'https://www.youtube.com/@northwindstudio' },
];

export type SeedResult = { created: false } | { created: true; email: string; password: string };

/**
 * Creates the demo account once: a user on the Business plan (always online), its profile, a vCard with
 * a photo, social links and the link it manages, and three profile links. A second run changes nothing.
 */
export async function seedDemoAccount(deps: AppDeps & { auth: Auth }): Promise<SeedResult> {
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
  // the plan first: the photo's storage quota is the plan's
  await db.updateTable('profiles').set({ plan_type: 'business' }).where('id', '=', user.id).execute();
  // stored like any upload (storage, then its media row), before the rows that point at it
  const photo = await uploadPhoto({ ...deps, user }, await demoPortraitJpeg());
  try {
    await db.transaction().execute(async (trx) => {
      const vcardId = await insertVcard(trx, config.publicUrl, user.id, {
        ...DEMO_CARD,
        ...DEMO_COLOURS,
        photo: photo.path,
      });
      await trx
        .updateTable('profiles')
        .set({
          username: DEMO_USERNAME,
          position: DEMO_CARD.position,
          company: DEMO_CARD.company,
          phone: DEMO_CARD.phone,
          profile_pic: photo.path,
          theme_color: DEMO_COLOURS.backgroundColour,
          primary_vcard_id: vcardId,
          initialized: true,
          updated_at: new Date(),
        })
        .where('id', '=', user.id)
        .execute();
      const links = [];
      for (const [index, link] of DEMO_LINKS.entries()) {
        links.push({
          user_id: user.id,
          kind: 'profile' as const,
          code: await unusedLinkCode(trx),
          order_index: index,
          ...link,
        });
      }
      await trx.insertInto('links').values(links).execute();
    });
  } catch (error) {
    await releasePhoto(deps, photo.path);
    throw error;
  }
  deps.changes.publish({ userId: user.id, topic: 'cards' });
  return { created: true, email: DEMO_EMAIL, password };
}

/**
 * First start of an empty development database: creates the demo account, so /demo and the landing
 * page's "View Demo" work at once. Does nothing when the database has any user at all.
 */
export async function seedDemoIfEmpty(deps: AppDeps & { auth: Auth }): Promise<SeedResult> {
  const anyUser = await deps.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return { created: false };
  return seedDemoAccount(deps);
}
