import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, LinkKind } from '../../db/schema.ts';
import type { Locale } from '../../src/i18n.ts';
import type { PlanId } from '../../src/plans.ts';
import { injectFromApp, signUp, TEST_PASSWORD, type TestApp } from './harness.ts';

// Test data factories (STYLE.md 3.5, as epic-stack's): the users, cards and links a test needs, written
// directly to the database with sensible defaults, so each test names only what it is about. The services
// that create these through the API are tested on their own (cards, links, auth).

let counter = 0;
const next = () => (counter += 1);
const randomCode = () => randomBytes(6).toString('base64url');

export interface OwnerFields {
  username?: string;
  name?: string;
  email?: string;
  plan?: PlanId;
  trialStart?: Date;
  subscriptionEnd?: Date | null;
  language?: Locale;
  initialized?: boolean;
  /** Whether the sign-in address is confirmed (not by default: no sign-up link was opened). */
  emailVerified?: boolean;
}

/** A user and their profile, without a password or session (for public pages and links seen by visitors). */
export async function createOwner(
  db: Kysely<Database>,
  fields: OwnerFields = {},
): Promise<{ id: string; username: string; email: string }> {
  const id = randomUUID();
  const username = fields.username ?? `owner-${next()}-${randomBytes(3).toString('hex')}`;
  const email = fields.email ?? `${username}@example.com`;
  const name = fields.name ?? 'Ada Lovelace';
  await db
    .insertInto('users')
    .values({ id, name, email, email_verified: fields.emailVerified ?? false })
    .execute();
  await db
    .insertInto('profiles')
    .values({
      id,
      name,
      email,
      username,
      plan_type: fields.plan ?? 'pro',
      trial_start_date: fields.trialStart ?? new Date(),
      subscription_end: fields.subscriptionEnd ?? null,
      language: fields.language ?? 'en',
      initialized: fields.initialized ?? true,
    })
    .execute();
  return { id, username, email };
}

/**
 * A signed-in person (sign-up through better-auth, address confirmed) whose profile has the given plan
 * and, unless `username` is null, a username and a finished onboarding.
 */
export async function createSignedInOwner(
  t: TestApp,
  fields: { plan?: PlanId; username?: string | null; name?: string; email?: string } = {},
): Promise<{ cookie: string; userId: string; email: string; username: string | null }> {
  const user = await signUp(t.app, { name: fields.name, email: fields.email });
  const username =
    fields.username === undefined ? `owner-${next()}-${randomBytes(3).toString('hex')}` : fields.username;
  await t.db
    .updateTable('profiles')
    .set({ plan_type: fields.plan ?? 'pro', username, initialized: username !== null })
    .where('id', '=', user.userId)
    .execute();
  return { ...user, username };
}

/**
 * A person who signed up (through better-auth, with its confirmation e-mail) but has not opened the
 * confirmation link yet: no session.
 */
export async function createUnconfirmedUser(
  t: TestApp,
  fields: { name?: string; email?: string } = {},
): Promise<{ userId: string; email: string }> {
  const email = fields.email ?? `unconfirmed-${next()}-${randomBytes(3).toString('hex')}@example.com`;
  const response = await injectFromApp(t.app, {
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: {
      name: fields.name ?? 'Una Confirmed',
      email,
      password: TEST_PASSWORD,
      callbackURL: '/onboarding',
    },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const row = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { userId: row.id, email };
}

/** How many accounts there are (to prove that a refused or repeated sign-up created none). */
export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface VcardFields {
  name: string;
  company: string | null;
  position: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  photo: string | null;
  social_links: { platform: string; url: string }[];
  background_color: string;
  font_color: string;
  icon_color: string;
  created_at: Date;
}

/** A vCard of `userId` with every field filled unless overridden; returns its id. */
export async function addVcard(
  db: Kysely<Database>,
  userId: string,
  fields: Partial<VcardFields> = {},
): Promise<string> {
  const { social_links = [], ...rest } = fields;
  const row = await db
    .insertInto('vcards')
    .values({
      user_id: userId,
      name: 'Ada Lovelace',
      position: 'Engineer',
      company: 'Analytical Engines',
      phone: '+44 20 7946 0000',
      email: 'ada@example.com',
      website: 'https://ada.example.com',
      ...rest,
      social_links: JSON.stringify(social_links),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface LinkFields {
  /** 'profile' unless the link belongs to a vCard (its QR code). */
  kind: LinkKind;
  title: string;
  url: string;
  code: string;
  order_index: number;
  vcard_id: string;
  created_at: Date;
}

/** A link of `userId` (a profile link unless told otherwise); returns its id and short code. */
export async function addLink(
  db: Kysely<Database>,
  userId: string,
  fields: Partial<LinkFields> = {},
): Promise<{ id: string; code: string }> {
  const code = fields.code ?? randomCode();
  const n = next();
  const row = await db
    .insertInto('links')
    .values({
      user_id: userId,
      kind: fields.kind ?? (fields.vcard_id ? 'qr' : 'profile'),
      title: `Link ${n}`,
      url: `https://example.com/${n}`,
      ...fields,
      code,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code };
}

/** Puts a profile on `plan` (a paid plan with an optional end of its paid period). */
export async function setPlan(
  db: Kysely<Database>,
  userId: string,
  plan: PlanId,
  subscriptionEnd: Date | null = null,
): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ plan_type: plan, subscription_end: subscriptionEnd })
    .where('id', '=', userId)
    .execute();
}

/** Ends a profile's free trial: it started longer ago than it lasts. */
export async function endTrial(db: Kysely<Database>, userId: string): Promise<void> {
  const profile = await db
    .selectFrom('profiles')
    .select('trial_days')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const started = new Date(Date.now() - (profile.trial_days + 1) * 24 * 60 * 60 * 1000);
  await db
    .updateTable('profiles')
    .set({ plan_type: 'free', subscription_end: null, trial_start_date: started })
    .where('id', '=', userId)
    .execute();
}
