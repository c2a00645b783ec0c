import { randomBytes, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import type { Database, LinkEventsTable, LinkKind } from '../../db/schema.ts';
import type { Locale } from '../../src/i18n.ts';
import { TRIAL_DAYS, type BillingInterval, type PaidPlanId, type PlanId } from '../../src/plans.ts';
import { DEFAULT_QR_DESIGN, type QrDesign } from '../../src/qr-design.ts';
import type { CreateCardValues } from '../../src/schemas/card.ts';
import { defaultLeadConsent, givenLeadFields, type LeadField } from '../../src/schemas/lead.ts';
import { FREE_DESIGN, type CardDesign } from '../../src/schemas/card-design.ts';
import type { LeadFormSettings } from '../../src/schemas/lead.ts';
import { emptyVcardForm } from '../../src/schemas/vcard.ts';
import { NO_CAMPAIGN } from '../../src/utm.ts';
import type { UniqueVisitorRecorder } from '../../server/analytics/unique-visitors.ts';
import type { Visit } from '../../server/analytics/visit.ts';
import { generateLinkCode } from '../../server/lib/link-codes.ts';
import type { ApiKeyScope } from '../../src/api-keys.ts';
import { injectFromApp, signUp, trpcData, trpcMutate, TEST_PASSWORD, type TestApp } from './harness.ts';
import { IPHONE_SAFARI } from './user-agents.ts';

// Test data factories (STYLE.md 3.5, as epic-stack's): the users, cards and links a test needs, written
// directly to the database with sensible defaults, so each test names only what it is about. The services
// that create these through the API are tested on their own (cards, links, auth).

let counter = 0;
const next = () => (counter += 1);

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
  /** A fixed id, for a test whose outcome depends on the card's address (else a random one). */
  id: string;
  name: string;
  given_name: string | null;
  family_name: string | null;
  company: string | null;
  department: string | null;
  position: string | null;
  phone: string | null;
  work_phone: string | null;
  /** The postal address as its JSON text (src/postal-address.ts). */
  address: string | null;
  email: string | null;
  website: string | null;
  photo: string | null;
  social_links: { platform: string; url: string; label?: string }[];
  /** On a team's card (tests/support/teams.ts addTeamCard): the member it is for. */
  member_id: string | null;
  /** On a team's card: the invited address it waits for. */
  invitee_email: string | null;
  /** A team's card not public yet (server/teams/cards.ts): left out, public. */
  draft: boolean;
  /** Paused by its team (or written paused): its page answers 'Paused'. */
  paused_at: Date | null;
  background_color: string;
  font_color: string;
  icon_color: string;
  /** Its "Share your contact back" form (src/schemas/lead.ts); left out: never set up (off). */
  lead_form: LeadFormSettings;
  created_at: Date;
}

/** A vCard of `userId` with every field filled unless overridden; returns its id. */
let lastVcardCreatedAt = 0;

/**
 * A new card's creation time: cards made one after another are made in that order even within one
 * millisecond of the embedded database's clock, since the oldest is an account's primary card.
 */
function nextVcardCreatedAt(): Date {
  lastVcardCreatedAt = Math.max(Date.now(), lastVcardCreatedAt + 1);
  return new Date(lastVcardCreatedAt);
}

export async function addVcard(
  db: Kysely<Database>,
  userId: string,
  fields: Partial<VcardFields> = {},
): Promise<string> {
  const { social_links = [], lead_form, ...rest } = fields;
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
      created_at: nextVcardCreatedAt(),
      ...rest,
      social_links: JSON.stringify(social_links),
      ...(lead_form ? { lead_form: JSON.stringify(lead_form) } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface LeadFields {
  userId: string;
  /** The card it was left on (null: a deleted card's lead). */
  vcardId: string | null;
  cardName: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  note: string | null;
  consentText: string;
  consentLanguage: Locale;
  /** Left out: the fields given among those above. */
  fieldsGiven: LeadField[];
  notifiedAt: Date | null;
  createdAt: Date;
}

/**
 * A lead (a contact a visitor shared on a card's page, with its consent receipt) of `userId` left on
 * `vcardId`, written directly as recordLead stores one; every field filled unless overridden. Returns its id.
 */
export async function addLead(
  db: Kysely<Database>,
  fields: Pick<LeadFields, 'userId' | 'vcardId'> & Partial<LeadFields>,
): Promise<string> {
  const values = {
    name: fields.name === undefined ? 'Grace Hopper' : fields.name,
    email: fields.email === undefined ? `grace-${next()}@example.com` : fields.email,
    phone: fields.phone === undefined ? '+1 202 555 0100' : fields.phone,
    company: fields.company === undefined ? 'Navy' : fields.company,
    note: fields.note === undefined ? 'Met at the booth' : fields.note,
  };
  const row = await db
    .insertInto('leads')
    .values({
      user_id: fields.userId,
      vcard_id: fields.vcardId,
      card_name: fields.cardName ?? 'Ada Lovelace',
      ...values,
      consent_text: fields.consentText ?? defaultLeadConsent('en', fields.cardName ?? 'Ada Lovelace'),
      consent_language: fields.consentLanguage ?? 'en',
      fields_given: JSON.stringify(fields.fieldsGiven ?? givenLeadFields(values)),
      notified_at: fields.notifiedAt ?? null,
      ...(fields.createdAt ? { created_at: fields.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * `count` posts to the lead form of `vcardId` (lead_posts, what the form's limits count) of the last
 * minute, each from an address of its own unless one is given.
 */
export async function addLeadPosts(
  db: Kysely<Database>,
  post: { userId: string; vcardId: string; clientAddressHash?: string },
  count: number,
): Promise<void> {
  await db
    .insertInto('lead_posts')
    .values(
      Array.from({ length: count }, () => ({
        user_id: post.userId,
        vcard_id: post.vcardId,
        client_address_hash: post.clientAddressHash ?? randomBytes(16).toString('hex'),
      })),
    )
    .execute();
}

/**
 * The edit version of a row now (migration 2026-11-29T0300): what an edit based on the row as it is now
 * carries as its baseVersion. A profile's id is its user's, a team template's its team's.
 */
export async function versionOf(
  db: Kysely<Database>,
  table: 'vcards' | 'profiles' | 'links' | 'team_templates' | 'webhook_endpoints' | 'crm_connections',
  id: string,
): Promise<number> {
  // a team's template is its team's (its id is the team's)
  const row =
    table === 'team_templates'
      ? await db.selectFrom(table).select('version').where('team_id', '=', id).executeTakeFirstOrThrow()
      : await db.selectFrom(table).select('version').where('id', '=', id).executeTakeFirstOrThrow();
  return row.version;
}

/** A card design (customBranding): the free design's fields unless overridden. */
function cardDesign(overrides: Partial<CardDesign> = {}): CardDesign {
  return { ...FREE_DESIGN, ...overrides };
}

/**
 * What the design screen saves (designs.save) for a vCard: its colours and a design, edited from
 * `baseVersion` of the card (a card just added is at 1).
 */
export function designInput(vcardId: string, design: Partial<CardDesign> = {}, baseVersion = 1) {
  return {
    vcardId,
    colours: { backgroundColour: '#1E3A8A', fontColour: '#FFFFFF', iconColour: '#FDE68A' },
    design: cardDesign(design),
    baseVersion,
  };
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
  /** Its lifecycle's end (src/link-lifecycle.ts). */
  active_until: Date;
  /** Its rules, as stored: JSON. */
  rules: string;
}

/** A link of `userId` (a profile link unless told otherwise); returns its id and short code. */
export async function addLink(
  db: Kysely<Database>,
  userId: string,
  fields: Partial<LinkFields> = {},
): Promise<{ id: string; code: string }> {
  // a real short code: base62, so that /l/{code} looks it up
  const code = fields.code ?? generateLinkCode();
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

/** Gives a link a chosen code (customLinks), held by it as the service does, and shown from now on. */
export async function giveLinkCode(db: Kysely<Database>, linkId: string, code: string): Promise<void> {
  await db.insertInto('link_codes').values({ code, link_id: linkId }).execute();
  await db.updateTable('links').set({ chosen_code: code }).where('id', '=', linkId).execute();
}

/**
 * `count` chosen codes held by `userId`'s deleted links (as the clean-up finds them), taken at `takenAt`
 * and let go at `releasedAt`; returns the codes.
 */
export async function holdLinkCodes(
  db: Kysely<Database>,
  userId: string,
  count: number,
  { takenAt, releasedAt }: { takenAt: Date; releasedAt: Date },
): Promise<string[]> {
  const base = `held-${next()}-${randomBytes(3).toString('hex')}`;
  const codes = Array.from({ length: count }, (_, index) => `${base}-${index}`);
  await db
    .insertInto('link_codes')
    .values(
      codes.map((code) => ({
        code,
        link_id: null,
        user_id: userId,
        released_at: releasedAt,
        created_at: takenAt,
      })),
    )
    .execute();
  return codes;
}

/** `count` earlier usernames kept by `userId` (as after renames), taken at `takenAt`; returns them. */
export async function holdUsernames(
  db: Kysely<Database>,
  userId: string,
  count: number,
  takenAt: Date,
): Promise<string[]> {
  const base = `earlier-${next()}-${randomBytes(3).toString('hex')}`;
  const usernames = Array.from({ length: count }, (_, index) => `${base}-${index}`);
  await db
    .insertInto('usernames')
    .values(usernames.map((username) => ({ username, user_id: userId, created_at: takenAt })))
    .execute();
  return usernames;
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

/** Puts a profile on a free trial that ends at `endsAt` (past or future), with no paid plan behind it. */
export async function setTrialEnd(db: Kysely<Database>, userId: string, endsAt: Date): Promise<void> {
  const profile = await db
    .selectFrom('profiles')
    .select('trial_days')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const started = new Date(endsAt.getTime() - profile.trial_days * 24 * 60 * 60 * 1000);
  await db
    .updateTable('profiles')
    .set({ plan_type: 'free', subscription_end: null, trial_start_date: started })
    .where('id', '=', userId)
    .execute();
}

/**
 * Ends a paid plan at `endedAt` (past), as it is stored when the end-of-subscription webhook never came
 * (`by: 'clock'`: the paid plan_type stays) or as that webhook leaves it (`by: 'webhook'`: free, with the
 * end and the plan that ended kept). The account's free trial ends at `trialEndsAt` (a month ago unless
 * told: running, it keeps the page online on the free rules).
 */
export async function endPaidPlan(
  db: Kysely<Database>,
  userId: string,
  {
    plan = 'pro',
    endedAt,
    by,
    trialEndsAt = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000),
  }: { plan?: PaidPlanId; endedAt: Date; by: 'clock' | 'webhook'; trialEndsAt?: Date },
): Promise<void> {
  await db
    .updateTable('profiles')
    .set({
      plan_type: by === 'clock' ? plan : 'free',
      last_paid_plan: plan,
      subscription_end: endedAt,
      subscription_status: by === 'clock' ? 'active' : 'canceled',
      trial_days: TRIAL_DAYS,
      trial_start_date: new Date(trialEndsAt.getTime() - TRIAL_DAYS * 24 * 60 * 60 * 1000),
    })
    .where('id', '=', userId)
    .execute();
}

/** A free-plan username: 8 digits, different in every call. */
export function freeUsername(): string {
  return String(40_000_000 + next() * 7919 + (Date.now() % 1000));
}

/** What the card step (profile.createCard) sends, filled in, with a free-plan username unless overridden. */
export function cardStepInput(overrides: Partial<CreateCardValues> = {}): CreateCardValues {
  const { backgroundColour: _b, fontColour: _f, iconColour: _i, ...fields } = emptyVcardForm();
  return {
    ...fields,
    name: 'Ana López',
    position: 'Designer',
    company: 'Estudio, S.L.',
    phone: '+34 600 000 000',
    email: 'ana@example.com',
    username: freeUsername(),
    themeColour: '#9333ea',
    ...overrides,
  };
}

/** Ends a profile's free trial: it ended a day ago. */
export async function endTrial(db: Kysely<Database>, userId: string): Promise<void> {
  await setTrialEnd(db, userId, new Date(Date.now() - 24 * 60 * 60 * 1000));
}

/**
 * Buys a paid plan as the signed-in person does in demo billing (the app has no Stripe keys): the Pay
 * button of the local checkout, which changes the plan through the same path as a Stripe event.
 */
export async function buyPlan(
  t: TestApp,
  cookie: string,
  plan: PaidPlanId,
  interval: BillingInterval = 'month',
): Promise<void> {
  const response = await injectFromApp(t.app, {
    method: 'POST',
    url: '/billing/demo/checkout',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ plan, interval, action: 'pay' }).toString(),
  });
  if (response.statusCode !== 303) throw new Error(`demo checkout failed: ${response.statusCode}`);
}

/**
 * A passkey row of `userId` with a credential no authenticator holds (for listing, renaming and removing;
 * the ceremonies use tests/support/software-authenticator.ts); returns its id.
 */
export async function addPasskey(
  db: Kysely<Database>,
  userId: string,
  fields: { name?: string | null; deviceType?: string; createdAt?: Date } = {},
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('passkeys')
    .values({
      id,
      user_id: userId,
      name: fields.name === undefined ? `Passkey ${next()}` : fields.name,
      public_key: randomBytes(77).toString('base64'),
      credential_id: randomBytes(16).toString('base64url'),
      counter: 0,
      device_type: fields.deviceType ?? 'multiDevice',
      backed_up: true,
      transports: 'internal',
      created_at: fields.createdAt ?? new Date(),
    })
    .execute();
  return id;
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

/**
 * A QR studio design that scans whatever the code says (brand colours, square modules, round eyes), with
 * what a test changes. Rounded and dotted modules are refused for some values: jsQR misses about one code
 * in 150 of them at 512 px (measured over random short links and card addresses), and tests make their
 * codes at random.
 */
export function qrDesignInput(overrides: Partial<QrDesign> = {}): QrDesign {
  return {
    ...DEFAULT_QR_DESIGN,
    foreground: '#1E3A8A',
    background: '#FEF3C7',
    moduleStyle: 'square',
    eyeStyle: 'circle',
    ...overrides,
  };
}

/**
 * What a counted visit records of its visitor (server/analytics/visit.ts): a phone's Safari from nowhere,
 * without a campaign, by default.
 */
export function visitFacts(fields: Partial<Visit> = {}): Visit {
  return {
    device: 'mobile',
    browser: 'safari',
    referrerHost: null,
    country: null,
    ...NO_CAMPAIGN,
    visitor: { address: '203.0.113.7', userAgent: 'Mozilla/5.0 (iPhone) Safari/604.1' },
    ...fields,
  };
}

/** A unique-visitor recorder that keeps nothing, for recorders tested without their visitors. */
export const forgetfulVisitors: UniqueVisitorRecorder = {
  record: () => undefined,
  flush: async () => undefined,
  queue: {
    status: () => ({ queued: 0, full: false, failing: null, spillFailing: null }),
    totals: { counted: 0, written: 0, retried: 0, spilled: 0, replayed: 0, refused: 0, dropped: 0 },
  },
};

/**
 * What a counted visit row may record beside its count, as stored: the breakdowns' dimensions (device,
 * browser, referrer_host, country) and its campaign (utm_source, utm_medium, utm_campaign).
 */
export type VisitColumns = Partial<
  Pick<
    Insertable<LinkEventsTable>,
    'device' | 'browser' | 'referrer_host' | 'country' | 'utm_source' | 'utm_medium' | 'utm_campaign'
  >
>;

/**
 * Counted visits written as the counters write them (the database keeps the analytics sums from these
 * rows): `hits` scans or clicks of a link, or `views` of a card (`vcardId` null: of no card), at `at`, on
 * `accountId`'s analytics, with any VisitColumns. What is left out takes the column's default (one visit,
 * now, an unknown device and browser, no referrer, country or campaign).
 */
export async function addVisits(
  db: Kysely<Database>,
  accountId: string,
  visit:
    | ({ linkId: string; kind: 'scan' | 'click'; hits?: number; at?: Date | string } & VisitColumns)
    | ({ vcardId: string | null; views?: number; at?: Date | string } & VisitColumns),
): Promise<void> {
  if ('linkId' in visit) {
    const { linkId, kind, hits, at, ...columns } = visit;
    await db
      .insertInto('link_events')
      .values({ link_id: linkId, user_id: accountId, kind, hits, occurred_at: at, ...columns })
      .execute();
  } else {
    const { vcardId, views, at, ...columns } = visit;
    await db
      .insertInto('profile_views')
      .values({ user_id: accountId, vcard_id: vcardId, views, viewed_at: at, ...columns })
      .execute();
  }
}

/**
 * Every row an API call may write for `userId` (cards, links, the profile, idempotency keys), as a value to
 * compare before and after a refused request: equal, nothing was stored.
 */
export async function storedRowsOf(db: Kysely<Database>, userId: string) {
  const [vcards, links, profile, idempotencyKeys] = await Promise.all([
    db.selectFrom('vcards').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('links').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('profiles').selectAll().where('id', '=', userId).execute(),
    db.selectFrom('api_idempotency_keys').selectAll().where('user_id', '=', userId).orderBy('key').execute(),
  ]);
  return { vcards, links, profile, idempotencyKeys };
}

/** A client of the REST API: a Business owner and an API key of theirs with the given scopes. */
export interface ApiCaller {
  userId: string;
  cookie: string;
  key: string;
  /** A request with the key (no cookie, no Origin); a payload is sent as JSON. */
  call(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    options?: { payload?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
}

export async function createApiCaller(
  t: TestApp,
  scopes: ApiKeyScope[] = ['read', 'write'],
): Promise<ApiCaller> {
  const owner = await createSignedInOwner(t, { plan: 'business' });
  const created = await trpcMutate(t.app, 'apiKeys.create', owner.cookie, {
    name: 'tests',
    scopes,
    expiry: 'never',
  });
  const { key } = trpcData<{ key: string }>(created);
  return {
    userId: owner.userId,
    cookie: owner.cookie,
    key,
    call(method, url, options = {}) {
      return t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${key}`, ...options.headers },
        ...(options.payload === undefined ? {} : { payload: options.payload as object }),
      });
    },
  };
}

/**
 * What a restored or copied database must bring back: a signed-in owner (their session), a card named
 * Grace Hopper, and its short link followed `follows` times (counted once the app closes). The app stays
 * open; close it to write the counts.
 */
export async function ownerWithFollowedCard(t: TestApp, follows = 3) {
  const owner = await createSignedInOwner(t);
  const vcardId = await addVcard(t.db, owner.userId, { name: 'Grace Hopper' });
  const link = await addLink(t.db, owner.userId, { vcard_id: vcardId });
  for (let i = 0; i < follows; i += 1) {
    const followed = await t.app.inject({ url: `/l/${link.code}`, headers: { 'user-agent': IPHONE_SAFARI } });
    if (followed.statusCode !== 302)
      throw new Error(`a follow of /l/${link.code} answered ${followed.statusCode}`);
  }
  return { owner, link };
}
