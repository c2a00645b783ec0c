import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, LinkKind } from '../../db/schema.ts';
import type { Locale } from '../../src/i18n.ts';
import type { PlanId } from '../../src/plans.ts';
import { signUp, type TestApp } from './harness.ts';

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
  await db.insertInto('users').values({ id, name, email }).execute();
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

/**
 * Moves a demo subscription's current period to [start, end), as if it had been paid at `start`: the
 * profile's end of period and the latest demo invoice's period (what the next change is prorated by).
 */
export async function setDemoBillingPeriod(
  db: Kysely<Database>,
  userId: string,
  period: { start: Date; end: Date },
): Promise<void> {
  await db.updateTable('profiles').set({ subscription_end: period.end }).where('id', '=', userId).execute();
  const latest = await db
    .selectFrom('demo_invoices')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('demo_invoices')
    .set({ period_start: period.start, period_end: period.end })
    .where('id', '=', latest.id)
    .execute();
}
