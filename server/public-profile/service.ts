import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ProfilesTable, VcardsTable } from '../../db/schema.ts';
import { contactOfStored, type CardContact } from '../../src/card-columns.ts';
import { DEMO_USERNAME } from '../../src/demo.ts';
import type { Locale } from '../../src/i18n.ts';
import { candidateOf, limitOf, splitLive } from '../../src/pauses.ts';
import { postalAddressParts, type PostalAddress } from '../../src/postal-address.ts';
import {
  availableUntil,
  can,
  planInEffect,
  planInEffectUntil,
  type AvailabilityFacts,
} from '../../src/plans.ts';
import { PLAN_FACT_COLUMNS } from '../access/plan-gate.ts';
import {
  brandingFor,
  TAPCARD_BRANDING,
  tapcardBrandingFor,
  type BrandOwner,
  type Branding,
} from '../branding/branding.ts';
import { qrDesignInEffect, type QrDesign } from '../../src/qr-design.ts';
import { FREE_DESIGN, storedDesign, type CardDesign } from '../../src/schemas/card-design.ts';
import { DEFAULT_LEAD_FORM, leadFormOf, type LeadFormSettings } from '../../src/schemas/lead.ts';
import { printedCode } from '../../src/schemas/link.ts';
import { templatedFields, type TeamTemplate } from '../../src/team-template.ts';
import { isWithinLimit } from '../pauses/service.ts';
import { readTeamTemplate } from '../team-records/template.ts';
import { CARD_COLUMNS } from '../vcards/service.ts';
import { managedQrDesign } from '../vcards/managed-qr-design.ts';
import type { DirectoryCard } from './render.ts';

// What a public page shows (spec section 2 "Public pages"): the owner's availability facts and language,
// one vCard, and the profile links in order. Read-only; the page decides availability at request time
// (src/plans.ts isProfileAvailable), so a cached copy never outlives a trial that ends. What the plan in
// effect's limits pause (src/pauses.ts) and its features change with the plan or the cards, each of which
// sends the change notice that drops the cached copy, or when a paid plan ends (planUntil: the cached copy
// is not served past it): they are worked out here, when the profile is loaded.

/** A card as its page, .vcf, wallet pass and contact show it (src/card-columns.ts names its fields). */
export interface PublicCard extends Omit<
  CardContact<PostalAddress | null>,
  'backgroundColour' | 'fontColour' | 'iconColour'
> {
  /** Null for a profile that has no vCard yet: the page then shows the profile's own fields. */
  vcardId: string | null;
  colours: { background: string | null; font: string | null; icon: string | null };
  /** The saved design (FREE_DESIGN when none), whatever the plan: pageFeatures() decides what is shown. */
  design: CardDesign;
  /** Its "Share your contact back" form (server/leads); off for a profile without a vCard. */
  leadForm: LeadFormSettings;
  updatedAt: Date;
}

export interface PublicProfile {
  userId: string;
  language: Locale;
  availability: AvailabilityFacts;
  /** When the plan in effect changes by the clock (src/plans.ts planInEffectUntil): a cached copy ends then. */
  planUntil: number;
  /**
   * Until when (milliseconds since 1970) its page is shown by the clock: while a paid plan or the trial
   * makes the account available (src/plans.ts availableUntil), never while the card is paused. Read by
   * every page request, so worked out once.
   */
  shownUntil: number;
  card: PublicCard;
  /**
   * The card is beyond the plan's vCard limit (the primary card never is), or its team paused it
   * (`vcards.paused_at`, read with the card): its page answers 'Paused'.
   */
  cardPaused: boolean;
  /**
   * The live profile links (kind 'profile'; those over the plan's limit are left out), by order_index,
   * then created_at; shown through /l/{code}.
   */
  links: { title: string; url: string; code: string }[];
  /** The design of the card's QR code (its link's, server/qr-studio), as the plan in effect draws it. */
  qrDesign: QrDesign;
  /** The demo account's (server/demo/): its card's own words are shown in the page's language. */
  demo: boolean;
  /**
   * A team's card (its account is the team's): offline, it answers the paused page
   * (docs/decisions/021-teams.md).
   */
  teamCard: boolean;
  /** A team card's template, already merged into `card` (kept for the dashboard's preview of unsaved fields). */
  teamTemplate: TeamTemplate | null;
  /** Whose brand stands in for Tapcard's under white label (server/branding/branding.ts brandingFor). */
  brandOwner: BrandOwner;
  /** The brand its pages carry on the main address under the plan in effect, which holds until planUntil. */
  mainBranding: Branding;
}

/** What a team card's brand is made of: the team's name, its own logo and its white label switch. */
interface TeamBrandFields {
  name: string;
  logo: string | null;
  white_label: boolean;
}

const PROFILE_COLUMNS = [
  'profiles.id',
  'profiles.username',
  'profiles.name',
  'profiles.position',
  'profiles.company',
  'profiles.phone',
  'profiles.profile_pic',
  'profiles.theme_color',
  'profiles.language',
  'profiles.primary_vcard_id',
  'profiles.updated_at',
  'account_plans.team_id',
  ...PLAN_FACT_COLUMNS,
] as const;

const VCARD_COLUMNS = [...CARD_COLUMNS, 'user_id', 'paused_at', 'lead_form'] as const;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for the shape of a vCard id; anything else cannot name a vCard (and would be a query error). */
export function isVcardId(value: string): boolean {
  return UUID_PATTERN.test(value);
}

type ProfileFields = Pick<
  Selectable<ProfilesTable>,
  'id' | 'username' | 'name' | 'position' | 'company' | 'phone' | 'profile_pic' | 'theme_color' | 'language'
> &
  Pick<Selectable<ProfilesTable>, 'primary_vcard_id' | 'updated_at'> &
  AvailabilityFacts & { team_id: string | null };
type VcardFields = Pick<Selectable<VcardsTable>, (typeof VCARD_COLUMNS)[number]> & {
  qr_design: QrDesign | null;
};

/** A vCard's columns and the design of the QR code it manages. */
function selectVcard(db: Kysely<Database>) {
  return db.selectFrom('vcards').select(VCARD_COLUMNS).select(managedQrDesign);
}

/**
 * A team card as its team's template shows it (src/team-template.ts templatedFields): locked fields are the
 * template's, unlocked ones the card's own or the template's where the card has none. `designed`: the card
 * has a design of its own (else its layout and font are the template's).
 */
export function applyTeamTemplate(card: PublicCard, template: TeamTemplate, designed: boolean): PublicCard {
  const { background, font, icon } = card.colours;
  const defaults = template.values.colours;
  const fields = templatedFields(
    {
      layout: designed ? card.design.layout : null,
      font: designed ? card.design.font : null,
      colours: {
        backgroundColour: background ?? defaults.backgroundColour,
        fontColour: font ?? defaults.fontColour,
        iconColour: icon ?? defaults.iconColour,
      },
      logo: card.design.logo,
      company: card.company,
      website: card.website,
      address: card.address,
    },
    template,
  );
  return {
    ...card,
    company: fields.company,
    website: fields.website,
    address: fields.address,
    colours: {
      background: fields.colours.backgroundColour,
      font: fields.colours.fontColour,
      icon: fields.colours.iconColour,
    },
    design: { ...card.design, layout: fields.layout, font: fields.font, logo: fields.logo },
  };
}

function cardOfVcard(vcard: VcardFields, template: TeamTemplate | null): PublicCard {
  const card = ownCardOfVcard(vcard);
  return template ? applyTeamTemplate(card, template, vcard.design !== null) : card;
}

function ownCardOfVcard(vcard: VcardFields): PublicCard {
  const { backgroundColour, fontColour, iconColour, ...contact } = contactOfStored(vcard);
  return {
    vcardId: vcard.id,
    ...contact,
    address: postalAddressParts(contact.address),
    socialLinks: Array.isArray(contact.socialLinks) ? contact.socialLinks : [],
    colours: { background: backgroundColour, font: fontColour, icon: iconColour },
    design: storedDesign(vcard.design),
    leadForm: leadFormOf(vcard.lead_form),
    updatedAt: vcard.updated_at,
  };
}

/**
 * A profile without a vCard shows what its owner typed on the card step. Never the e-mail: the profile's
 * is the sign-in address (docs/decisions/012-sign-in-email-never-public.md: it appears on a public page, a
 * .vcf or Open Graph tags only when it was typed into a card).
 */
function cardOfProfile(profile: ProfileFields): PublicCard {
  return {
    vcardId: null,
    name: profile.name?.trim() || profile.username || '',
    givenName: null,
    familyName: null,
    company: profile.company,
    department: null,
    position: profile.position,
    phone: profile.phone,
    workPhone: null,
    address: null,
    email: null,
    website: null,
    photo: profile.profile_pic,
    socialLinks: [],
    colours: { background: profile.theme_color, font: null, icon: null },
    design: FREE_DESIGN,
    leadForm: DEFAULT_LEAD_FORM,
    updatedAt: profile.updated_at,
  };
}

function publicProfile(
  profile: ProfileFields,
  vcard: VcardFields | undefined,
  links: PublicProfile['links'],
  {
    cardPaused = false,
    teamTemplate = null,
    team = null,
  }: { cardPaused?: boolean; teamTemplate?: TeamTemplate | null; team?: TeamBrandFields | null } = {},
): PublicProfile {
  const availability = {
    plan_type: profile.plan_type,
    subscription_end: profile.subscription_end,
    trial_start_date: profile.trial_start_date,
    trial_days: profile.trial_days,
  };
  const card = vcard ? cardOfVcard(vcard, teamTemplate) : cardOfProfile(profile);
  const paused = cardPaused || (vcard?.paused_at ?? null) !== null;
  const plan = planInEffect(availability);
  // a team's brand is its template's logo (else its own)
  const brandOwner: BrandOwner = team
    ? { name: team.name, logo: teamTemplate?.values.logo ?? team.logo, teamWhiteLabel: team.white_label }
    : personBrandOwner(profile, card);
  return {
    userId: profile.id,
    language: profile.language,
    availability,
    planUntil: planInEffectUntil(availability),
    shownUntil: paused ? -Infinity : availableUntil(availability),
    card,
    cardPaused: paused,
    links,
    qrDesign: qrDesignInEffect(plan, vcard?.qr_design ?? null),
    demo: profile.username === DEMO_USERNAME,
    teamCard: profile.team_id !== null,
    teamTemplate,
    brandOwner,
    mainBranding: brandingFor(plan, brandOwner, false),
  };
}

/** A person's brand: their name and their card's logo. */
function personBrandOwner(profile: ProfileFields, card: PublicCard): BrandOwner {
  return { name: profile.name?.trim() || card.name, logo: card.design.logo, teamWhiteLabel: false };
}

/** A team's brand fields (its account's cards are shown with them), or null for a person's account. */
function teamBrandFields(db: Kysely<Database>, teamId: string | null): Promise<TeamBrandFields | null> {
  if (!teamId) return Promise.resolve(null);
  return db
    .selectFrom('teams')
    .select(['name', 'logo', 'white_label'])
    .where('id', '=', teamId)
    .executeTakeFirst()
    .then((team) => team ?? null);
}

/**
 * What a page shows of its owner's plan features (docs/decisions/015-what-each-plan-feature-is.md): the
 * saved design with customBranding, else the free design (the saved one is kept, and shows again when the
 * plan comes back); the 'Made with Tapcard' footer unless the plan has adFree.
 */
export function pageFeatures(
  profile: Pick<PublicProfile, 'availability' | 'card'>,
  now: Date = new Date(),
): { design: CardDesign; adFree: boolean } {
  const plan = planInEffect(profile.availability, now);
  return {
    design: can(plan, 'customBranding') ? profile.card.design : FREE_DESIGN,
    adFree: can(plan, 'adFree'),
  };
}

/**
 * Whose brand a page of the profile carries (server/branding/branding.ts): the customer's on its verified
 * custom domain or for a white-label team, while the plan in effect has whiteLabel; else Tapcard's.
 */
export function pageBranding(
  profile: Pick<PublicProfile, 'availability' | 'brandOwner'>,
  onCustomDomain: boolean,
  now: Date = new Date(),
): Branding {
  return brandingFor(planInEffect(profile.availability, now), profile.brandOwner, onCustomDomain);
}

/** The owner's live profile links in their order. */
async function profileLinks(db: Kysely<Database>, profile: ProfileFields): Promise<PublicProfile['links']> {
  const rows = await db
    .selectFrom('links')
    .select(['id', 'live_chosen_at', 'title', 'url', 'code', 'chosen_code'])
    .where('user_id', '=', profile.id)
    .where('kind', '=', 'profile')
    .orderBy('order_index')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const { paused } = splitLive(rows.map(candidateOf), limitOf(planInEffect(profile), 'profileLink'));
  const pausedIds = new Set(paused.map((link) => link.id));
  return (
    rows
      .filter((row) => !pausedIds.has(row.id))
      // a chosen code is the one the link is shown with (customLinks)
      .map((row) => ({ title: row.title, url: row.url, code: printedCode(row) }))
  );
}

/** The profile at /{username} and /user/{username} with its primary vCard (or its oldest), or null. */
export async function findProfileByUsername(
  db: Kysely<Database>,
  username: string,
): Promise<PublicProfile | null> {
  const profile = await db
    .selectFrom('profiles')
    .innerJoin('account_plans', 'account_plans.id', 'profiles.id')
    .select(PROFILE_COLUMNS)
    // the unique index is on lower(username)
    .where((eb) => eb(eb.fn('lower', ['profiles.username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  if (!profile) return null;
  const [vcard, links, team] = await Promise.all([
    findPrimaryVcard(db, profile),
    profileLinks(db, profile),
    teamBrandFields(db, profile.team_id),
  ]);
  return publicProfile(profile, vcard, links, { team });
}

/** The vCard a profile's page shows: its primary one when one is set, else its oldest. */
function findPrimaryVcard(
  db: Kysely<Database>,
  profile: Pick<ProfileFields, 'id' | 'primary_vcard_id'>,
): Promise<VcardFields | undefined> {
  return selectVcard(db)
    .where('user_id', '=', profile.id)
    .where('draft', '=', false)
    .orderBy(sql`id = ${profile.primary_vcard_id} is true`, 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The current username of the account that had `username` before a rename (its old addresses redirect
 * there), or null: nobody had it, it is the account's current one, or its account is deleted (the name is
 * then blocked for a while, never redirected).
 */
export async function findRenamedUsername(db: Kysely<Database>, username: string): Promise<string | null> {
  const lower = username.toLowerCase();
  const row = await db
    .selectFrom('usernames')
    .innerJoin('profiles', 'profiles.id', 'usernames.user_id')
    .select('profiles.username')
    .where('usernames.username', '=', lower)
    .executeTakeFirst();
  const current = row?.username?.toLowerCase();
  return current && current !== lower ? current : null;
}

/**
 * The vCard at /vcard/{vcardId} with its owner's profile, or null. A team's draft card (server/teams/cards.ts)
 * is nobody's to see but its editors': null unless `withDraft` (the dashboard's preview, the owner's export).
 */
export async function findProfileByVcardId(
  db: Kysely<Database>,
  vcardId: string,
  { withDraft = false }: { withDraft?: boolean } = {},
): Promise<PublicProfile | null> {
  if (!isVcardId(vcardId)) return null;
  let query = selectVcard(db).where('id', '=', vcardId);
  if (!withDraft) query = query.where('draft', '=', false);
  const vcard = await query.executeTakeFirst();
  if (!vcard) return null;
  const profile = await db
    .selectFrom('profiles')
    .innerJoin('account_plans', 'account_plans.id', 'profiles.id')
    .select(PROFILE_COLUMNS)
    .where('profiles.id', '=', vcard.user_id)
    .executeTakeFirst();
  if (!profile) return null;
  // a team's card follows its team's template, read with the rest (only when the page is loaded)
  const teamId = profile.team_id;
  const [links, live, template, team] = await Promise.all([
    profileLinks(db, profile),
    isWithinLimit(db, profile.id, 'vcard', vcard.id, profile),
    teamId ? readTeamTemplate(db, teamId) : null,
    teamBrandFields(db, teamId),
  ]);
  const teamTemplate = template && { values: template.values, locked: template.locked };
  return publicProfile(profile, vcard, links, { cardPaused: !live, teamTemplate, team });
}

/**
 * A team's brand on its custom domain (server/branding/branding.ts): its name and its template's logo (else
 * its own), as its cards carry them. Null when the account is no team's.
 */
export async function findTeamBrandOwner(
  db: Kysely<Database>,
  accountId: string,
): Promise<BrandOwner | null> {
  const team = await db
    .selectFrom('teams')
    .select(['id', 'name', 'logo', 'white_label'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!team) return null;
  const template = await readTeamTemplate(db, team.id);
  return { name: team.name, logo: template?.values.logo ?? team.logo, teamWhiteLabel: team.white_label };
}

/**
 * Whose brand the pages that stand in for an account's things carry (its short links' paused and not-found
 * pages, the not-found page of a team's domain), served `onCustomDomain` or not: the brand its card pages
 * carry. Reads only as far as the answer can still be the customer's.
 */
export async function findAccountBranding(
  db: Kysely<Database>,
  accountId: string,
  onCustomDomain: boolean,
): Promise<Branding> {
  const profile = await db
    .selectFrom('profiles')
    .innerJoin('account_plans', 'account_plans.id', 'profiles.id')
    .select(PROFILE_COLUMNS)
    .where('profiles.id', '=', accountId)
    .executeTakeFirst();
  if (!profile) return TAPCARD_BRANDING;
  const plan = planInEffect(profile);
  if (!can(plan, 'whiteLabel')) return tapcardBrandingFor(plan);
  if (profile.team_id !== null) {
    const team = await findTeamBrandOwner(db, accountId);
    return team ? brandingFor(plan, team, onCustomDomain) : tapcardBrandingFor(plan);
  }
  // a person's brand stands in on their custom domain only
  if (!onCustomDomain) return tapcardBrandingFor(plan);
  const vcard = await findPrimaryVcard(db, profile);
  return brandingFor(
    plan,
    personBrandOwner(profile, vcard ? cardOfVcard(vcard, null) : cardOfProfile(profile)),
    true,
  );
}

/**
 * What a team's directory lists (render.ts renderTeamDirectoryPage): the team's name, its account's
 * language, its brand, and the cards of the team's account that are not paused, by name. Null when the
 * account is no team's.
 */
export async function findTeamDirectory(
  db: Kysely<Database>,
  accountId: string,
): Promise<{ teamName: string; language: Locale; brandOwner: BrandOwner; cards: DirectoryCard[] } | null> {
  const [account, brandOwner, cards] = await Promise.all([
    db.selectFrom('profiles').select('language').where('id', '=', accountId).executeTakeFirst(),
    findTeamBrandOwner(db, accountId),
    db
      .selectFrom('vcards')
      .select(['id as vcardId', 'name', 'position', 'company'])
      .where('user_id', '=', accountId)
      .where('paused_at', 'is', null)
      .where('draft', '=', false)
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ]);
  if (!account || !brandOwner) return null;
  return { teamName: brandOwner.name, language: account.language, brandOwner, cards };
}
