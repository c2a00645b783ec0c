import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isLocale, type Locale } from '../../src/i18n.ts';
import { isProfileAvailable, planInEffect } from '../../src/plans.ts';
import {
  defaultLeadConsent,
  givenLeadFields,
  LEAD_FIELDS,
  LEAD_RATE_LIMIT,
  LEAD_REQUIRED_MESSAGES,
  LeadValuesSchema,
  missingLeadFields,
  type LeadField,
  type LeadFormSettings,
} from '../../src/schemas/lead.ts';
import { countLead } from '../analytics/leads.ts';
import { addressHashOfToday } from '../analytics/unique-visitors.ts';
import { announceWrite } from '../lib/after-write.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import type { PublicProfile } from '../public-profile/service.ts';
import type { LeadFormNotice, LeadProblemField } from './texts.ts';
import { notifyNewLead } from './notify.ts';
import { presentLead } from './records.ts';
import { getLead, keepPlansNewestLeads } from './service.ts';
import type { LeadTokens } from './token.ts';

// A visitor's "Share your contact back" post, from the card's page: checked (the card still takes leads,
// the form token, the honeypot, the fields the card asks for, the consent box, the rate limits) and stored
// with its consent receipt, all or nothing, with its lead.created event to the card's account's endpoints
// (a team card's: the team's). A refused post stores nothing and sends nothing.

/** The form's field names besides the lead's own (server/leads/page.ts writes them). */
export const LEAD_FORM_FIELDS = {
  token: 'token',
  language: 'lang',
  /** Which consent text the page showed (consentTextId): a post under a text changed since is asked again. */
  consentTextId: 'consent_text',
  consent: 'consent',
  honeypot: 'homepage',
} as const;

/** The value of the consent box when ticked. */
export const CONSENT_TICKED = 'yes';

/** The message of an unticked consent box (server/leads/texts.ts consentRequired). */
export const CONSENT_REQUIRED = 'validation.lead.consent_required';

/** How long a post to a lead form is recorded (lead_posts): well past the limits' windows (an hour). */
export const LEAD_POSTS_KEPT_DAYS = 1;

/** First key of the per-account advisory lock of the rate limits and the plan's limit; no other feature uses it. */
const LEAD_LOCK_NAMESPACE = 7021;

/** What the visitor typed, as typed, to fill the form again. */
export type LeadFormValues = Record<LeadField, string>;

export type LeadOutcome =
  /** Stored; or a filled honeypot, answered alike so that a bot learns nothing (nothing stored). */
  | { kind: 'sent' }
  /** The card does not take leads now (its form is off, the card or its plan paused). */
  | { kind: 'closed' }
  /** The post did not come from the card's page: no token of this card's. */
  | { kind: 'refused' }
  | { kind: 'rate_limited' }
  /** The form again, with what was typed and why it was not taken. */
  | {
      kind: 'form';
      notice: LeadFormNotice;
      values: LeadFormValues;
      errors: Partial<Record<LeadProblemField, string>>;
      /**
       * The form token to show it with: the posted one while it is good, so the least time still counts
       * from when the card's page was made; a fresh one for a form held too long.
       */
      token: string;
      /** The consent box stays ticked as it was sent, unless the text it agrees to changed meanwhile. */
      consentTicked: boolean;
    };

/** The consent text a page shows for a card's form in a language: the owner's own, or the product's. */
export function consentTextOf(settings: LeadFormSettings, locale: Locale, cardName: string): string {
  return settings.consentText ?? defaultLeadConsent(locale, cardName);
}

/** A short name of a consent text, written into the form and compared when it is posted. */
export function consentTextId(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

/** Whether a card's page shows the form: its form is on, and the card is shown (not paused, plan available). */
export function takesLeads(profile: PublicProfile): boolean {
  return (
    profile.card.vcardId !== null &&
    profile.card.leadForm.enabled &&
    !profile.cardPaused &&
    isProfileAvailable(profile.availability)
  );
}

/**
 * Checks and stores a lead posted to `profile`'s card. `fields`: the form's fields as posted (anything not a
 * string is left out by the caller); `clientAddress`: hashed with the day's salt for the rate limit, never
 * kept.
 */
export async function captureLead(
  deps: AppDeps,
  tokens: LeadTokens,
  profile: PublicProfile,
  fields: Readonly<Record<string, string>>,
  clientAddress: string,
  now: number = Date.now(),
): Promise<LeadOutcome> {
  const { card } = profile;
  const vcardId = card.vcardId;
  if (vcardId === null || !takesLeads(profile)) return { kind: 'closed' };
  const settings = card.leadForm;
  const values = typedValues(settings, fields);

  const token = fields[LEAD_FORM_FIELDS.token] ?? '';
  const tokenProblem = tokens.check(token, vcardId, now);
  if (tokenProblem === 'invalid') return { kind: 'refused' };
  const again = (notice: LeadFormNotice, errors: Partial<Record<LeadProblemField, string>> = {}) =>
    ({
      kind: 'form',
      notice,
      values,
      errors,
      token: tokenProblem === 'expired' ? tokens.issue(vcardId, now) : token,
      consentTicked: notice !== 'consent_changed' && fields[LEAD_FORM_FIELDS.consent] === CONSENT_TICKED,
    }) as const;
  if (tokenProblem) return again(tokenProblem);
  if ((fields[LEAD_FORM_FIELDS.honeypot] ?? '') !== '') return { kind: 'sent' };

  const posted = fields[LEAD_FORM_FIELDS.language];
  const language = isLocale(posted) ? posted : profile.language;
  const consentText = consentTextOf(settings, language, card.name);
  if (fields[LEAD_FORM_FIELDS.consentTextId] !== consentTextId(consentText)) {
    return again('consent_changed');
  }

  const errors: Partial<Record<LeadProblemField, string>> = {};
  const parsed = LeadValuesSchema.safeParse(values);
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as LeadField;
    errors[field] ??= issue.message;
  }
  for (const field of missingLeadFields(settings, blankAsNull(values))) {
    errors[field] ??= LEAD_REQUIRED_MESSAGES[field];
  }
  if (fields[LEAD_FORM_FIELDS.consent] !== CONSENT_TICKED) errors.consent = CONSENT_REQUIRED;
  if (!parsed.success || Object.keys(errors).length > 0) {
    return again('invalid', errors);
  }

  const lead = parsed.data;
  const clientAddressHash = await addressHashOfToday(deps.db, clientAddress);
  const plan = planInEffect(profile.availability);
  const stored = await deps.db.transaction().execute(async (trx) => {
    // one post per account at a time: two at once cannot both slip under a limit, or both keep the 25th
    await sql`select pg_advisory_xact_lock(${sql.lit(LEAD_LOCK_NAMESPACE)}, hashtext(${profile.userId}))`.execute(
      trx,
    );
    if (await overRateLimit(trx, vcardId, clientAddressHash)) return false;
    const { id, created_at } = await trx
      .insertInto('leads')
      .values({
        user_id: profile.userId,
        vcard_id: vcardId,
        card_name: card.name,
        ...lead,
        consent_text: consentText,
        consent_language: language,
        fields_given: JSON.stringify(givenLeadFields(lead)),
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    await keepPlansNewestLeads(trx, profile.userId, plan);
    await countLead(trx, { userId: profile.userId, vcardId, at: created_at });
    // its deliveries name it: erasing the lead deletes them with the details they carry
    await deps.webhooks.emit(
      trx,
      profile.userId,
      'lead.created',
      async () => presentLead(await getLead({ db: trx, accountId: profile.userId }, { id })),
      { leadId: id },
    );
    // and to the account's CRMs, once (server/crm/sync.ts)
    await deps.crm.queueLead(trx, profile.userId, id);
    const mailed = await notifyNewLead(deps, trx, { id, userId: profile.userId });
    await trx
      .insertInto('lead_posts')
      .values({ user_id: profile.userId, vcard_id: vcardId, client_address_hash: clientAddressHash, mailed })
      .execute();
    return true;
  });
  if (!stored) return { kind: 'rate_limited' };
  announceWrite(deps, profile.userId, 'leads');
  deps.crm.wake();
  return { kind: 'sent' };
}

/** The fields the card's form shows, as typed (hidden ones are not read, whatever was posted). */
function typedValues(settings: LeadFormSettings, fields: Readonly<Record<string, string>>): LeadFormValues {
  const values = {} as LeadFormValues;
  for (const field of LEAD_FIELDS) {
    values[field] = settings.fields[field] === 'hidden' ? '' : (fields[field] ?? '');
  }
  return values;
}

/** The typed values with a blank one (spaces only, too) as not given: which required ones are missing. */
function blankAsNull(values: LeadFormValues): Record<LeadField, string | null> {
  const given = {} as Record<LeadField, string | null>;
  for (const field of LEAD_FIELDS) given[field] = values[field].trim() || null;
  return given;
}

/**
 * Whether the window's posts already reach a limit: those from the same address (by the day's hash), or
 * those to the card from everyone. Posts, not leads: one erased, or dropped beyond what the plan keeps,
 * still counts. With the database's clock, so every process sees the same.
 */
async function overRateLimit(
  trx: Kysely<Database>,
  vcardId: string,
  clientAddressHash: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('lead_posts')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('client_address_hash', '=', clientAddressHash).as('fromAddress'),
      eb.fn.countAll<string>().filterWhere('vcard_id', '=', vcardId).as('toCard'),
    ])
    .where('posted_at', '>', sql<Date>`now() - make_interval(mins => ${LEAD_RATE_LIMIT.windowMinutes})`)
    .where((eb) => eb.or([eb('client_address_hash', '=', clientAddressHash), eb('vcard_id', '=', vcardId)]))
    .executeTakeFirstOrThrow();
  return (
    Number(row.fromAddress) >= LEAD_RATE_LIMIT.perAddress || Number(row.toCard) >= LEAD_RATE_LIMIT.perCard
  );
}
