import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { BillingInterval, PaidPlanId, PlanId, TrialReminderKind } from '../src/plans.ts';
import type { Locale } from '../src/i18n.ts';
import type { PostalAddress } from '../src/postal-address.ts';
import type { QrDesign } from '../src/qr-design.ts';
import type { LinkOutcome, LinkRule } from '../src/link-lifecycle.ts';
import type { LeadField, LeadNotification } from '../src/schemas/lead.ts';
import type { WebhookBatchedEvent, WebhookDeliveryEvent, WebhookEvent } from '../src/webhooks.ts';
import type { CrmErrorKind, CrmMapping, CrmProvider, CrmSyncStatus } from '../src/crm.ts';
import type { TeamEventAction, TeamInvitationStatus, TeamRole } from '../src/teams.ts';

// The Database type: one interface per table of db/migrations. Timestamps are read as Date.

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: Generated<boolean>;
  image: string | null;
  two_factor_enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: Date;
  ip_address: string | null;
  user_agent: string | null;
  /** better-auth's organization plugin: the team the session acts for */
  active_team_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AccountsTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Date | null;
  refresh_token_expires_at: Date | null;
  scope: string | null;
  password: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Date;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProfilesTable {
  id: string;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  username: string | null;
  theme_color: Generated<string>;
  profile_pic: string | null;
  position: string | null;
  company: string | null;
  phone: string | null;
  language: Generated<Locale>;
  plan_type: Generated<PlanId>;
  initialized: Generated<boolean>;
  trial_start_date: Generated<Date>;
  trial_days: Generated<number>;
  subscription_end: Date | null;
  /** The vCard shown at /{username}; the oldest one when unset. */
  primary_vcard_id: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  /** Stripe's status word (active, trialing, past_due, canceled, unpaid, incomplete…). */
  subscription_status: string | null;
  subscription_price_id: string | null;
  subscription_product_id: string | null;
  subscription_interval: BillingInterval | null;
  cancel_at_period_end: Generated<boolean>;
  /** When the applied subscription state was read: an older state is never applied over it. */
  subscription_updated_at: Date | null;
  /** The paid plan picked in onboarding before it is paid. */
  chosen_plan: PaidPlanId | null;
  /** The paid plan last held, kept when it ends (src/plans.ts endedPaidPlan names it). */
  last_paid_plan: PaidPlanId | null;
  /** Onboarding's step 2 is done: a plan was chosen (a paid one may still wait for its payment). */
  plan_chosen: Generated<boolean>;
  /** When the dashboard first greeted the person ("Welcome"; "Welcome back" from then on). */
  welcomed_at: Date | null;
  /** How the account hears of new leads (src/schemas/lead.ts LEAD_NOTIFICATIONS). */
  lead_notification: Generated<LeadNotification>;
  /** Leads older than this many days are deleted by the nightly clean-up; null: kept until erased. */
  lead_retention_days: number | null;
  /** Its edit version (migration 2026-11-29T0300): one more on every write that changes what a form edits. */
  version: Generated<number>;
  /** When the account import running for it began; null: none runs (migration 2026-12-10T0300). */
  import_started_at: Generated<Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SocialLink {
  platform: string;
  url: string;
  /** The name a person gave the link of platform 'other'. */
  label?: string;
  icon?: string;
  username?: string;
}

export interface VcardsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  /** The given and family name of the .vcf's N; both null: suggested from `name` (src/name-parts.ts). */
  given_name: string | null;
  family_name: string | null;
  company: string | null;
  department: string | null;
  position: string | null;
  /** The phone a contacts app files as mobile; `work_phone` beside it. */
  phone: string | null;
  work_phone: string | null;
  /** The postal address (src/postal-address.ts); null: none. */
  address: ColumnType<PostalAddress | null, string | null | undefined, string | null>;
  email: string | null;
  website: string | null;
  photo: string | null;
  qr_code: string | null;
  social_links: ColumnType<SocialLink[], string | undefined, string>;
  icon_color: Generated<string>;
  font_color: Generated<string>;
  background_color: Generated<string>;
  /** When the owner chose this card to stay live within the plan's limit (src/pauses.ts); null: never. */
  live_chosen_at: Date | null;
  /** Its design (src/schemas/card-design.ts), kept through a downgrade; null: never designed. */
  design: ColumnType<unknown, string | null | undefined, string | null>;
  /** Its edit version (migration 2026-11-29T0300): one more on every write that changes what a form edits. */
  version: Generated<number>;
  /** On a team's card: the member it is for (null: nobody now); null on a personal card. */
  member_id: string | null;
  /** On a team's card made for an invitation: the invited address (lowercase), until they join. */
  invitee_email: string | null;
  /**
   * A team card waiting for its person (migration 2026-12-08T0100): not public until they join or an admin
   * publishes it.
   */
  draft: Generated<boolean>;
  /** On a team's card: when the team's owner or an admin paused it (migration 2026-12-01T0700); null: not. */
  paused_at: Date | null;
  /** Its "Share your contact back" form (src/schemas/lead.ts LeadFormSettings); null: never set up, off. */
  lead_form: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/**
 * The view of the facts each account's plan in effect is worked out from (migration 2026-12-01T0200): a
 * person's own, and for a team's account its owner's Business plan with no trial of its own.
 */
export interface AccountPlansView {
  id: string;
  plan_type: string;
  subscription_end: Date | null;
  trial_start_date: Date;
  trial_days: number;
  /** The team whose account this is; null for a person's. */
  team_id: string | null;
}

/** 'qr': My QR Codes (and the link a vCard manages); 'profile': the links page and the public profile. */
export type LinkKind = 'qr' | 'profile';

export interface LinksTable {
  id: Generated<string>;
  user_id: string;
  kind: LinkKind;
  code: string;
  title: string;
  url: string;
  icon: string | null;
  click_count: Generated<number>;
  scan_count: Generated<number>;
  vcard_id: string | null;
  order_index: Generated<number>;
  /** When the owner chose this link to stay live within the plan's limit (src/pauses.ts); null: never. */
  live_chosen_at: Date | null;
  /** The QR studio's design of a QR code (src/qr-design.ts); null: the plain default. */
  qr_design: ColumnType<QrDesign | null, string | null | undefined, string | null>;
  /** The code the owner chose (a row of link_codes, lowercase) that the link is shown with; null: `code`. */
  chosen_code: string | null;
  /**
   * The verified custom domain of its account a QR code was made for (migration 2026-12-03T0500): what it
   * encodes and is copied with; null: the main address.
   */
  domain: string | null;
  /** Its edit version (migration 2026-11-29T0300): one more on every write that changes what a form edits. */
  version: Generated<number>;
  /** Its lifecycle and rules (migration 2026-12-05T0100, src/link-lifecycle.ts). */
  enabled: Generated<boolean>;
  active_from: Date | null;
  active_until: Date | null;
  max_scans: number | null;
  /** The follows it has led on under its limit: set when the limit is, then raised by each one. */
  scans_used: Generated<number>;
  fallback_url: string | null;
  rules: ColumnType<LinkRule[], string | undefined, string>;
  created_at: CreatedAt;
}

/**
 * Every code a link was given by choice (migration 2026-11-24T0300), in lowercase: the current one
 * (links.chosen_code) and the earlier ones, which keep leading to the link. A deleted link's codes stay,
 * with no link, held until the clean-up frees them (migration 2026-11-28T0100).
 */
export interface LinkCodesTable {
  code: string;
  /** null: the link was deleted (released_at says when) */
  link_id: string | null;
  /** The account the code belongs to (set from its link on insert); null once the account is deleted. */
  user_id: string | null;
  released_at: Date | null;
  created_at: CreatedAt;
}

/** A phone's registration for a card's Apple Wallet pass (server/wallet/). */
export interface WalletRegistrationsTable {
  device_id: string;
  vcard_id: string;
  push_token: string;
  /** When the phone was last woken for a change of the pass; null: not yet. */
  pushed_at: Date | null;
  /** The address it came from, hashed with the day's salt (the per-client bound); null before 2026-12-10. */
  client_address_hash: string | null;
  created_at: CreatedAt;
}

/** Views of one card: a row holds the views of one second (`views`), so counts are sums. */
/**
 * Views of one card: a row holds those of one device, browser, referrer and country in one second
 * (`views`): one event row of the analytics CSV.
 */
export interface ProfileViewsTable {
  id: Generated<number>;
  user_id: string;
  vcard_id: string | null;
  views: Generated<number>;
  device: Generated<string>;
  browser: Generated<string>;
  referrer_host: string | null;
  /** ISO 3166-1 alpha-2, null when unknown or not recorded (ANALYTICS_COUNTRIES=off). */
  country: string | null;
  /** The campaign of the address visited (src/utm.ts), null for none. */
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  viewed_at: CreatedAt;
}

/**
 * Scans or clicks of one link: a row holds those of one kind, device, browser, referrer and country in
 * one second (`hits`): one event row of the analytics CSV.
 */
export interface LinkEventsTable {
  id: Generated<number>;
  link_id: string;
  user_id: string;
  kind: 'scan' | 'click';
  device: Generated<string>;
  browser: Generated<string>;
  referrer_host: string | null;
  country: string | null;
  /** The campaign of the address followed (src/utm.ts), null for none. */
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  /** How the follows were served (migration 2026-12-05T0100). */
  outcome: Generated<LinkOutcome>;
  hits: Generated<number>;
  occurred_at: CreatedAt;
}

/**
 * Visits of one user per UTC day, kind and value of one dimension (item: the link or vCard id; device,
 * browser, referrer, country, utm_source, utm_medium, utm_campaign; '' for none), kept by database triggers
 * from link_events and profile_views (migrations 2026-11-24T0400, 2026-12-01T0300): what the breakdowns sum.
 */
export interface ActivityBreakdownDaysTable {
  user_id: string;
  day: string;
  kind: 'scan' | 'click' | 'view';
  dimension: string;
  value: string;
  visits: number;
}

/**
 * The same sums per item (a link's scans and clicks, a card's views) rather than per account, kept by the
 * database as well (migration 2026-12-09T0200): a team's breakdowns of one member's or one card's visits.
 */
export interface ItemBreakdownDaysTable {
  item: string;
  day: string;
  kind: 'scan' | 'click' | 'view';
  dimension: string;
  value: string;
  visits: number;
}

/** The salt of unique-visitor hashes of the current UTC day (older ones are deleted when a day starts). */
export interface VisitorSaltsTable {
  day: string;
  salt: string;
}

/** One unique visitor of a user's cards and links on a UTC day: a salted hash, no address. */
export interface VisitorsTable {
  user_id: string;
  day: string;
  visitor: string;
}

/**
 * Scans, views, clicks and leads of one user in one quarter hour (UTC-aligned), kept by database triggers
 * from link_events, profile_views and lead_events (migrations 2026-11-22T0510, 2026-12-04T0200): what the
 * analytics home sums.
 */
export interface ActivityQuarterHoursTable {
  user_id: string;
  starts_at: Date;
  scans: number;
  views: number;
  clicks: number;
  leads: Generated<number>;
}

/**
 * A lead received on one of a user's cards, as the analytics count it (migration 2026-12-04T0200): the
 * card and the time, nothing about the visitor, and no link to the lead, which may be erased.
 */
export interface LeadEventsTable {
  id: Generated<number>;
  user_id: string;
  /** null once the card is deleted. */
  vcard_id: string | null;
  received_at: Date;
}

/**
 * A post a card's lead form took, kept a day (migration 2026-12-10T0100): what its limits count, whatever
 * became of the lead (erased, or beyond what the plan keeps).
 */
export interface LeadPostsTable {
  id: Generated<number>;
  user_id: string;
  vcard_id: string;
  /** The day's salted hash of the visitor's address (addressHashOfToday), never the address. */
  client_address_hash: string;
  /** Its owner was sent an e-mail of it (the hourly cap of those e-mails counts these). */
  mailed: Generated<boolean>;
  posted_at: Generated<Date>;
}

/**
 * A contact a visitor shared on a card's page, with its consent receipt (migration 2026-12-04T0100): the
 * consent text as shown, its language, the time (created_at), the card and the fields given.
 */
export interface LeadsTable {
  id: Generated<string>;
  user_id: string;
  /** null once the card is deleted; `card_name` keeps its name as it was. */
  vcard_id: string | null;
  card_name: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  note: string | null;
  consent_text: string;
  consent_language: Locale;
  fields_given: ColumnType<LeadField[], string, string>;
  /** When the owner was told of it (its e-mail or a digest); null: not yet. */
  notified_at: Date | null;
  created_at: CreatedAt;
}

/**
 * A message to the team from the contact form: an account's (user_id), or a visitor's from /contact
 * (user_id null, with the hash of the client address its rate limit counts by; migration 2026-11-28T0400).
 */
export interface SupportMessagesTable {
  id: Generated<string>;
  user_id: string | null;
  /** The sender's name as given (visitors) or as on the profile (accounts). */
  name: string | null;
  /** A visitor's address hashed with the day's salt (addressHashOfToday), never the address itself. */
  client_address_hash: string | null;
  email: string;
  subject: string;
  message: string;
  /** The plan the sender had when writing (src/plans.ts PlanId); null for a visitor without an account. */
  sender_plan: string | null;
  created_at: CreatedAt;
}

/** An uploaded photo in the storage adapter (server/media), under a server-generated key. */
export interface MediaTable {
  key: string;
  user_id: string;
  content_type: string;
  bytes: number;
  width: number;
  height: number;
  created_at: CreatedAt;
}

/** A reminder e-mail about one trial's end (server/trials): claimed, then marked sent (migration 0520). */
export interface TrialRemindersTable {
  user_id: string;
  trial_ends_at: Date;
  kind: TrialReminderKind;
  claimed_at: Generated<Date>;
  sent_at: Date | null;
}

/** The e-mail telling that a paid plan ended, once per ended period (server/billing/plan-ends.ts). */
export interface PlanEndNoticesTable {
  user_id: string;
  ended_at: Date;
  claimed_at: Generated<Date>;
  sent_at: Date | null;
}

/** A Stripe event already processed: a repeated delivery changes nothing (server/billing). */
export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: CreatedAt;
}

/** A batch of counted views or hits already written: a retried batch is not counted twice (server/lib/count-batcher.ts). */
export interface CountBatchesTable {
  id: string;
  written_at: CreatedAt;
}

/** The latest time slot each scheduled admin job was queued for (server/maintenance-schedule.ts). */
export interface ScheduledRunsTable {
  queue: string;
  slot: Date;
}

/**
 * An invoice of the demo billing (no Stripe keys): what the billing page's history shows. A change of
 * plan or interval is prorated on one invoice (migration 2026-11-23T0510): the new plan's charge less the
 * unused time of the previous one and any account credit.
 */
export interface DemoInvoicesTable {
  id: Generated<string>;
  user_id: string;
  plan: PaidPlanId;
  interval: BillingInterval;
  /** What was paid: the plan's charge less the unused credit and the account credit applied, at least 0. */
  amount_cents: number;
  currency: string;
  status: string;
  created_at: CreatedAt;
  /** The plan this invoice changed from, or null for a new subscription. */
  previous_plan: PaidPlanId | null;
  previous_interval: BillingInterval | null;
  /** The subscription period the invoice belongs to (null on invoices from before proration). */
  period_start: Date | null;
  period_end: Date | null;
  /** The new plan's time: its full period, or the rest of the current one; null before proration. */
  plan_charge_cents: number | null;
  /** The previous plan's unused time, credited. */
  unused_credit_cents: Generated<number>;
  /** Account credit left by an earlier change, used on this invoice. */
  credit_applied_cents: Generated<number>;
  /** Account credit left after this invoice, for the next one. */
  ending_credit_cents: Generated<number>;
}

/**
 * Every username an account has had (migration 2026-11-23T0100), in lowercase: the current one and those
 * held after a rename. Claimed by a trigger when profiles.username is set. When the account is deleted
 * user_id becomes null and account_deleted_at is set; the clean-up frees the name after the hold.
 */
export interface UsernamesTable {
  username: string;
  user_id: string | null;
  account_deleted_at: Date | null;
  created_at: CreatedAt;
}

export interface RateLimitsTable {
  id: string;
  key: string;
  count: number;
  last_request: number;
}

export interface TwoFactorsTable {
  id: string;
  user_id: string;
  secret: string;
  backup_codes: string;
  verified: Generated<boolean>;
  failed_verification_count: Generated<number>;
  locked_until: Date | null;
  created_at: CreatedAt;
}

/** A WebAuthn credential (better-auth passkey plugin); `name` is the one the person gave it. */
export interface PasskeysTable {
  id: string;
  user_id: string;
  name: string | null;
  public_key: string;
  credential_id: string;
  counter: number;
  /** 'singleDevice' (a security key, a device-bound credential) or 'multiDevice' (synced by a password manager) */
  device_type: string;
  backed_up: boolean;
  transports: string | null;
  aaguid: string | null;
  created_at: CreatedAt;
}

/** A team's e-mail domain for company sign-in and its proof (migration 2026-12-12T0400, decision 028). */
export interface TeamSsoTable {
  team_id: string;
  /** Lowercase ASCII (xn-- for an internationalised name), no trailing dot. */
  domain: string;
  /** What the TXT record `_tapcard-verify.{domain}` must hold (one record may prove a custom domain too). */
  token: string;
  /** When a check found the record; null: not proved. */
  verified_at: Date | null;
  last_checked_at: Date | null;
  /** Why the last check failed (a DomainCheckFailure), null when it passed or none ran. */
  last_check_error: string | null;
  /** The domain's people sign in only through the team's provider (passwords and social sign-in refused). */
  required: Generated<boolean>;
  created_at: CreatedAt;
}

/** better-auth's sso plugin's provider (server/company-sign-in/auth-plugin.ts maps its fields). */
export interface SsoProvidersTable {
  id: string;
  provider_id: string;
  issuer: string;
  /** JSON of the plugin's OIDC configuration, the client secret included: never sent to a browser. */
  oidc_config: string | null;
  saml_config: string | null;
  /** Who registered it. */
  user_id: string | null;
  /** The team it signs in to (teams.id). */
  organization_id: string;
  domain: string;
  /** Copies team_sso.verified_at being set: the plugin refuses a sign-in through an unproved domain. */
  domain_verified: Generated<boolean>;
}

/** A team: better-auth's organization (server/teams/auth-plugin.ts maps its fields). */
export interface TeamsTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: string | null;
  /** The team's own account, whose cards are the team's (migration 2026-12-01T0200); null until its first card. */
  account_id: string | null;
  /** Its owner or an admin turned white label on (server/branding/branding.ts; migration 2026-12-03T0400). */
  white_label: Generated<boolean>;
  /** The verified domain its cards' QR codes are printed with; null: the main address (migration 2026-12-08T0200). */
  printed_domain: string | null;
  created_at: CreatedAt;
}

export interface TeamMembersTable {
  id: string;
  team_id: string;
  /** unique: one team per person */
  user_id: string;
  role: TeamRole;
  created_at: CreatedAt;
}

export interface TeamInvitationsTable {
  id: string;
  team_id: string;
  email: string;
  role: TeamRole;
  status: TeamInvitationStatus;
  sub_team_id: string | null;
  inviter_id: string;
  expires_at: Date;
  created_at: CreatedAt;
  /** When team.member_joined of its acceptance was queued; null on an accepted one: still owed. */
  member_joined_queued_at: ColumnType<Date | null, never, Date | null>;
}

/** One entry of a team's audit log (server/teams/audit.ts). */
export interface TeamEventsTable {
  id: Generated<string>;
  team_id: string;
  actor_id: string | null;
  actor_name: string;
  action: TeamEventAction;
  /** whom or what the action was about: an address, a member's name, the team's new name */
  subject: string;
  role: TeamRole | null;
  /** A team card's edit: the form's paths of the fields it changed, comma-separated (migration 2026-12-08T0400). */
  fields: string | null;
  created_at: CreatedAt;
}

/** A team's template (src/team-template.ts; migration 2026-12-01T0400); a team without one has the default. */
export interface TeamTemplatesTable {
  team_id: string;
  /** The template's values (TeamTemplateValues), read through src/schemas/team-template.ts storedTeamTemplate. */
  fields: ColumnType<unknown, string, string>;
  /** The names of its locked fields. */
  locked: ColumnType<unknown, string | undefined, string>;
  version: Generated<number>;
  updated_at: UpdatedAt;
}

export interface UsedTotpCodesTable {
  user_id: string;
  code: string;
  used_at: CreatedAt;
}

/** What became of an e-mail of the outbox (server/mail/outbox.ts); the id is its job's. */
export interface MailOutboxTable {
  id: string;
  /** The account the message is about, if any (removed with it). */
  user_id: string | null;
  recipient: string;
  /** Which message (MailKind of server/mail/types.ts). */
  kind: string;
  status: Generated<'queued' | 'retrying' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** When the person closed the notice of a message that could not be sent. */
  dismissed_at: Date | null;
  /**
   * The message (server/mail/types.ts MailMessage) until it is sent or given up, then null: it is kept
   * here, not in the job that sends it, whose queue keeps finished jobs for days.
   */
  message: ColumnType<unknown, string | null | undefined, string | null>;
  /** The lead a notification tells of: erasing the lead deletes its message (migration 2026-12-09T0300). */
  lead_id: string | null;
}

/**
 * An API key (better-auth API key plugin): `key` is the SHA-256 hash of the key, `start` its first
 * characters; `permissions` is the plugin's JSON of scopes (`{"api":["read","write"]}`); `last_request` and
 * `request_count` carry the per-key rate limit, and `last_request` is also the key's last use.
 */
export interface ApiKeysTable {
  id: string;
  config_id: Generated<string>;
  name: string | null;
  start: string | null;
  prefix: string | null;
  key: string;
  reference_id: string;
  refill_interval: number | null;
  refill_amount: number | null;
  last_refill_at: Date | null;
  enabled: Generated<boolean>;
  rate_limit_enabled: Generated<boolean>;
  rate_limit_time_window: number | null;
  rate_limit_max: number | null;
  request_count: Generated<number>;
  remaining: number | null;
  last_request: Date | null;
  expires_at: Date | null;
  permissions: string | null;
  metadata: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** The rate limit's fixed window the count below is of (migration 2026-12-02T0400); null before any request. */
  rate_window_start: Date | null;
  rate_window_requests: Generated<number>;
}

/** A domain an account serves its cards and short links on (server/domains/). */
export interface CustomDomainsTable {
  id: Generated<string>;
  /** The account: a person's, or a team's (teams.account_id). */
  user_id: string;
  /** Lowercase ASCII (xn-- for an internationalised name), no trailing dot. */
  domain: string;
  /** What the TXT record `_tapcard-verify.{domain}` must hold. */
  token: string;
  /** pending: never verified; verified: the record was found at the last check; lost: it was not, after a verification. */
  status: Generated<'pending' | 'verified' | 'lost'>;
  verified_at: Date | null;
  last_checked_at: Date | null;
  /** Why the last check failed (a closed reason), null when it passed or none ran. */
  last_check_error: string | null;
  /** When a check found its record gone (status lost); null otherwise. */
  lost_at: Date | null;
  /** Removed by its owner, or released after DOMAIN_LOST_GRACE_DAYS lost: answered with a redirect to the main address. */
  removed_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A verified custom domain whose row went with its account: answered as an unknown host (migration 2026-12-07T0100). */
export interface ReleasedDomainsTable {
  domain: string;
  released_at: Generated<Date>;
}

/** An account's webhook endpoint (server/webhooks/). */
export interface WebhookEndpointsTable {
  id: Generated<string>;
  user_id: string;
  url: string;
  description: Generated<string>;
  /** Standard Webhooks signing secret (whsec_…). */
  secret: string;
  events: WebhookEvent[];
  enabled: Generated<boolean>;
  disabled_at: Date | null;
  disabled_reason: 'failing' | null;
  /** The first failed delivery since the last success. */
  failing_since: Date | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** An account's connection to a CRM (server/crm/); its tokens sealed (server/crm/sealing.ts). */
export interface CrmConnectionsTable {
  id: Generated<string>;
  account_id: string;
  provider: CrmProvider;
  connected_by: string | null;
  external_id: string;
  external_name: string;
  /** Sealed: AES-256-GCM under a key derived from AUTH_SECRET. */
  access_token: string;
  refresh_token: string;
  access_expires_at: Date;
  /** The connection's own API address (Salesforce's instance_url); null: the CRM's configured one. */
  api_base: string | null;
  status: Generated<'connected' | 'reconnect'>;
  /** Why the CRM refused the token, as it said it. */
  status_detail: string | null;
  mapping: ColumnType<CrmMapping, string, string>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A connect under way at the CRM: its OAuth state and PKCE verifier, for CRM_CONNECT_MINUTES. */
export interface CrmConnectsTable {
  state: string;
  user_id: string;
  account_id: string;
  provider: CrmProvider;
  code_verifier: string;
  expires_at: Date;
}

/** One lead sent to one connection's CRM: queued with the lead, tried until synced or given up. */
export interface CrmSyncsTable {
  id: Generated<string>;
  connection_id: string;
  lead_id: string;
  status: Generated<CrmSyncStatus>;
  attempts: Generated<number>;
  error_kind: CrmErrorKind | null;
  /** The CRM's own words, as it gave them. */
  last_error: string | null;
  next_attempt_at: Date | null;
  record_id: string | null;
  record_created: boolean | null;
  note_id: string | null;
  claimed_until: Date | null;
  synced_at: Date | null;
  created_at: CreatedAt;
}

/** One event sent to one endpoint; `id` is its webhook-id, the same on every try. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  event_type: WebhookDeliveryEvent;
  /** The body sent, as JSON ({ type, timestamp, data }). */
  payload: ColumnType<unknown, string, string>;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  last_status_code: number | null;
  last_response_ms: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  created_at: CreatedAt;
  delivered_at: Date | null;
  /** The lead a lead.created delivery carries: deleting the lead deletes it (migration 2026-12-11T0100). */
  lead_id: ColumnType<string | null, string | null | undefined, never>;
}

/**
 * One try of a delivery and what it got back (migration 2026-12-12T0100): the newest WEBHOOK_TRIES_KEPT of
 * a delivery, deleted with it.
 */
export interface WebhookDeliveryTriesTable {
  id: Generated<string>;
  delivery_id: string;
  tried_at: Date;
  /** The receiver's HTTP status; null when none came (refused target, connection failed, timed out). */
  status_code: number | null;
  response_ms: number | null;
  error: string | null;
  /** The start of the answer's body as text (WEBHOOK_ANSWER_KEPT_BYTES); null without an answer. */
  answer: string | null;
  /** The answer was longer than `answer`. */
  answer_truncated: Generated<boolean>;
}

/** Counted events waiting for their endpoint's next batch (server/webhooks/counts.ts). */
export interface WebhookEventCountsTable {
  id: Generated<string>;
  endpoint_id: string;
  event_type: WebhookBatchedEvent;
  item_id: string | null;
  count: number;
  created_at: CreatedAt;
}

/**
 * The first answer to a REST create sent with an `Idempotency-Key` (server/api/idempotency.ts), per
 * account; `status` null while the first request runs. Kept 24 hours.
 */
export interface ApiIdempotencyKeysTable {
  user_id: string;
  key: string;
  /** SHA-256 of the method, path and body: the same key with another request is refused */
  request_hash: string;
  status: number | null;
  body: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  rate_limits: RateLimitsTable;
  two_factors: TwoFactorsTable;
  passkeys: PasskeysTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  crm_connections: CrmConnectionsTable;
  crm_connects: CrmConnectsTable;
  crm_syncs: CrmSyncsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_tries: WebhookDeliveryTriesTable;
  webhook_event_counts: WebhookEventCountsTable;
  api_idempotency_keys: ApiIdempotencyKeysTable;
  custom_domains: CustomDomainsTable;
  released_domains: ReleasedDomainsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_invitations: TeamInvitationsTable;
  team_events: TeamEventsTable;
  team_templates: TeamTemplatesTable;
  team_sso: TeamSsoTable;
  sso_providers: SsoProvidersTable;
  used_totp_codes: UsedTotpCodesTable;
  profiles: ProfilesTable;
  account_plans: AccountPlansView;
  vcards: VcardsTable;
  links: LinksTable;
  link_codes: LinkCodesTable;
  profile_views: ProfileViewsTable;
  link_events: LinkEventsTable;
  activity_quarter_hours: ActivityQuarterHoursTable;
  lead_events: LeadEventsTable;
  lead_posts: LeadPostsTable;
  activity_breakdown_days: ActivityBreakdownDaysTable;
  item_breakdown_days: ItemBreakdownDaysTable;
  visitor_salts: VisitorSaltsTable;
  visitors: VisitorsTable;
  support_messages: SupportMessagesTable;
  leads: LeadsTable;
  media: MediaTable;
  trial_reminders: TrialRemindersTable;
  plan_end_notices: PlanEndNoticesTable;
  stripe_events: StripeEventsTable;
  count_batches: CountBatchesTable;
  scheduled_runs: ScheduledRunsTable;
  mail_outbox: MailOutboxTable;
  demo_invoices: DemoInvoicesTable;
  usernames: UsernamesTable;
  wallet_registrations: WalletRegistrationsTable;
}

export type ProfileRow = Selectable<ProfilesTable>;
export type NewProfileRow = Insertable<ProfilesTable>;
export type ProfileUpdate = Updateable<ProfilesTable>;
export type VcardRow = Selectable<VcardsTable>;
export type LinkRow = Selectable<LinksTable>;
