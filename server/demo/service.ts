import { randomBytes, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DEMO_USERNAME } from '../../src/demo.ts';
import type { Auth } from '../auth/auth.ts';
import { insertConfirmedAccount } from '../profile/confirmed-account.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { unusedLinkCode } from '../lib/link-codes.ts';
import { releasePhoto, uploadPhoto } from '../media/service.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { insertVcard } from '../vcards/service.ts';
import { DEMO_TEXTS } from '../public-profile/demo-content.ts';
import { demoPortraitJpeg } from './portrait.ts';

// The demo account behind the landing page's "View Demo": a complete card anyone can open at /demo.

export const DEMO_EMAIL = 'demo@tapcard.example';
/** In DATA_DIR: the password of the demo account the start made (keepDemoPassword). */
export const DEMO_PASSWORD_FILE = 'demo-password';

const DEMO_COLOURS = { backgroundColour: '#4F46E5', fontColour: '#FFFFFF', iconColour: '#FFFFFF' };

const DEMO_CARD = {
  name: 'Alex Rivera',
  givenName: 'Alex',
  familyName: 'Rivera',
  position: DEMO_TEXTS.en.position,
  company: 'Northwind Studio',
  department: null,
  phone: '+1 415 555 0134',
  workPhone: '+1 415 555 0100',
  // proper names only: the demo's words are translated (DEMO_TEXTS), an address's names are not
  address: {
    street: '500 Market Street',
    city: 'San Francisco',
    region: 'CA',
    postalCode: '94105',
    country: null,
  },
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

const [BOOK_A_CALL, PORTFOLIO, LATEST_TALK] = DEMO_TEXTS.en.linkTitles;

/** Stored with the English titles; the public page shows them in its language (content.ts). */
const DEMO_LINKS = [
  { title: BOOK_A_CALL, url: 'https://cal.example/alex-rivera' },
  { title: PORTFOLIO, url: 'https://northwind.example/work' },
  { title: LATEST_TALK, url: 'https://www.youtube.com/@northwindstudio' },
];

export type SeedResult = { created: false } | { created: true; email: string; password: string };

/** The unique index on users' addresses: the demo account's claim. */
const USERS_EMAIL_INDEX = 'users_email_key';

async function demoAccountExists(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
  return row !== undefined;
}

/**
 * Creates the demo account once: a user on the Business plan (always online), its profile, a vCard with
 * a photo, social links and the link it manages, and three profile links. A second run changes nothing,
 * and so do several processes starting at once: the account, its profile, card and links are written in
 * one transaction whose first row claims the demo's address in the database's unique index, so one
 * process creates them all and every other one waits for it and then finds the address taken. Nothing is
 * left half-made by a process that dies on the way. The photo is added after that transaction (an upload
 * belongs to an existing user); without it the card still works.
 */
export async function seedDemoAccount(deps: AppDeps & { auth: Auth }): Promise<SeedResult> {
  const { db, auth, config } = deps;
  if (await demoAccountExists(db)) return { created: false };

  const password = randomBytes(12).toString('base64url');
  const authContext = await auth.$context;
  const passwordHash = await authContext.password.hash(password);
  const userId = randomUUID();
  try {
    await db.transaction().execute(async (trx) => {
      // already confirmed: no e-mail to a made-up address
      await insertConfirmedAccount(trx, {
        userId,
        name: DEMO_CARD.name,
        email: DEMO_EMAIL,
        passwordHash,
        language: 'en',
      });
      const { id: vcardId } = await insertVcard(trx, config.publicUrl, userId, {
        ...DEMO_CARD,
        ...DEMO_COLOURS,
        photo: null,
      });
      await trx
        .updateTable('profiles')
        .set({
          plan_type: 'business',
          username: DEMO_USERNAME,
          position: DEMO_CARD.position,
          company: DEMO_CARD.company,
          phone: DEMO_CARD.phone,
          theme_color: DEMO_COLOURS.backgroundColour,
          primary_vcard_id: vcardId,
          initialized: true,
          updated_at: new Date(),
        })
        .where('id', '=', userId)
        .execute();
      const links = [];
      for (const [index, link] of DEMO_LINKS.entries()) {
        links.push({
          user_id: userId,
          kind: 'profile' as const,
          code: await unusedLinkCode(trx),
          order_index: index,
          ...link,
        });
      }
      await trx.insertInto('links').values(links).execute();
    });
  } catch (error) {
    // another process made it meanwhile
    if (isUniqueViolation(error, USERS_EMAIL_INDEX)) return { created: false };
    throw error;
  }
  await addDemoPhoto(deps, userId);
  deps.changes.publish({ userId, topic: 'cards' });
  return { created: true, email: DEMO_EMAIL, password };
}

/**
 * Keeps the new demo account's password in DATA_DIR/demo-password, readable by the operator only, and
 * returns the file's path: the log says where it is, never what it is (logs are shipped and kept).
 */
export async function keepDemoPassword(dataDir: string, password: string): Promise<string> {
  const file = path.join(dataDir, DEMO_PASSWORD_FILE);
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return file;
}

/** The demo card's portrait, stored like any upload (storage, then its media row), then on the card. */
async function addDemoPhoto(deps: AppDeps, userId: string): Promise<void> {
  const user = { id: userId, name: DEMO_CARD.name, email: DEMO_EMAIL };
  const photo = await uploadPhoto({ ...deps, user }, await demoPortraitJpeg());
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('vcards').set({ photo: photo.path }).where('user_id', '=', userId).execute();
      await trx.updateTable('profiles').set({ profile_pic: photo.path }).where('id', '=', userId).execute();
    });
  } catch (error) {
    await releasePhoto(deps, photo.path);
    throw error;
  }
}
