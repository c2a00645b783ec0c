import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { contactOfStored } from '../../src/card-columns.ts';
import { leadFormOf } from '../../src/schemas/lead.ts';
import { AppError } from '../lib/errors.ts';
import { mediaFileName } from './layout.ts';

// What an account export says of the account in account.json (docs/data.md "Export everything"): its profile
// and settings, every card with its design and contact form, every QR code and profile link with its codes,
// design, lifecycle and rules, and every lead, as stored, in the names the app uses for them. Photos are
// named by their /media/{key} path, which is the file media/{key} of the archive. Counted visits are in
// analytics/events.csv, not here; nothing secret (password, sessions, API keys, webhook secrets) is: the
// webhook endpoints are, without their secrets (an import makes new ones).

/**
 * Names the file and says which reading of it an importer must apply. A new part that an importer of the
 * same version may go without (as `webhooks`, absent from the first files) keeps the version; a part read
 * otherwise, or one an importer must not leave out, makes a new one (docs/data.md).
 */
export const EXPORT_FORMAT = 'tapcard-export';
export const EXPORT_VERSION = 1;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** The account's rows that account.json is made of, each kind in the order the document lists it. */
async function accountRows(db: Kysely<Database>, userId: string) {
  const [profile, cards, links, codes, leads, media, webhooks] = await Promise.all([
    db
      .selectFrom('profiles')
      .select([
        'name',
        'first_name',
        'last_name',
        'email',
        'username',
        'profile_pic',
        'position',
        'company',
        'phone',
        'theme_color',
        'language',
        'plan_type',
        'primary_vcard_id',
        'lead_notification',
        'lead_retention_days',
        'created_at',
      ])
      .where('id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('vcards')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('links')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('kind')
      .orderBy('order_index')
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('link_codes')
      .select(['code', 'link_id'])
      .where('user_id', '=', userId)
      .where('link_id', 'is not', null)
      .orderBy('created_at')
      .orderBy('code')
      .execute(),
    db
      .selectFrom('leads')
      .select([
        'id',
        'vcard_id',
        'card_name',
        'name',
        'email',
        'phone',
        'company',
        'note',
        'fields_given',
        'consent_text',
        'consent_language',
        'created_at',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('media')
      .select(['key', 'content_type', 'bytes', 'width', 'height'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('key')
      .execute(),
    db
      .selectFrom('webhook_endpoints')
      .select(['url', 'description', 'events', 'enabled', 'created_at'])
      .where('user_id', '=', userId)
      // by the URL within one instant, not the id: an import gives new ids, and its export must list them alike
      .orderBy('created_at')
      .orderBy('url')
      .orderBy('id')
      .execute(),
  ]);
  return { profile, cards, links, codes, leads, media, webhooks };
}

type AccountRows = Awaited<ReturnType<typeof accountRows>>;
type LinkRow = AccountRows['links'][number];

function accountOf(profile: NonNullable<AccountRows['profile']>) {
  return {
    name: profile.name,
    firstName: profile.first_name,
    lastName: profile.last_name,
    email: profile.email,
    username: profile.username,
    photo: profile.profile_pic,
    position: profile.position,
    company: profile.company,
    phone: profile.phone,
    themeColour: profile.theme_color,
    language: profile.language,
    plan: profile.plan_type,
    primaryCardId: profile.primary_vcard_id,
    leadNotification: profile.lead_notification,
    leadRetentionDays: profile.lead_retention_days,
    createdAt: iso(profile.created_at),
  };
}

/** A QR code or profile link, with the codes chosen for it (`codes`: the account's, of every link). */
function linkOf(link: LinkRow, codes: AccountRows['codes']) {
  return {
    id: link.id,
    kind: link.kind,
    title: link.title,
    url: link.url,
    icon: link.icon,
    /** The random code it was made with, which always leads to it. */
    code: link.code,
    /** The code it is shown with (null: `code`); `chosenCodes` also holds the earlier ones, which still lead to it. */
    chosenCode: link.chosen_code,
    chosenCodes: codes.filter((code) => code.link_id === link.id).map((code) => code.code),
    domain: link.domain,
    order: link.order_index,
    qrDesign: link.qr_design,
    enabled: link.enabled,
    activeFrom: iso(link.active_from),
    activeUntil: iso(link.active_until),
    maxScans: link.max_scans,
    scansUsed: link.scans_used,
    fallbackUrl: link.fallback_url,
    rules: link.rules,
    scans: link.scan_count,
    clicks: link.click_count,
    createdAt: iso(link.created_at),
  };
}

/** A card, with the QR code it manages (found among the account's `links`). */
function cardOf(card: AccountRows['cards'][number], links: LinkRow[], codes: AccountRows['codes']) {
  const ownQrCode = links.find((link) => link.vcard_id === card.id && link.kind === 'qr');
  return {
    id: card.id,
    ...contactOfStored(card),
    design: card.design,
    leadForm: leadFormOf(card.lead_form),
    /** On a team's card: paused by its team. */
    pausedAt: iso(card.paused_at),
    /** The QR code the card manages, which leads to its page. */
    qrCode: ownQrCode ? linkOf(ownQrCode, codes) : null,
    createdAt: iso(card.created_at),
    updatedAt: iso(card.updated_at),
  };
}

function leadOf(lead: AccountRows['leads'][number]) {
  return {
    id: lead.id,
    cardId: lead.vcard_id,
    cardName: lead.card_name,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    company: lead.company,
    note: lead.note,
    fieldsGiven: lead.fields_given,
    consentText: lead.consent_text,
    consentLanguage: lead.consent_language,
    receivedAt: iso(lead.created_at),
  };
}

export async function accountDocument(db: Kysely<Database>, userId: string, exportedAt: Date) {
  const { profile, cards, links, codes, leads, media, webhooks } = await accountRows(db, userId);
  if (!profile) throw new AppError('not_found');
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: exportedAt.toISOString(),
    account: accountOf(profile),
    cards: cards.map((card) => cardOf(card, links, codes)),
    links: links
      .filter((link) => link.vcard_id === null || link.kind !== 'qr')
      .map((link) => linkOf(link, codes)),
    leads: leads.map(leadOf),
    media: media.map((file) => ({
      path: mediaFileName(file.key),
      contentType: file.content_type,
      bytes: file.bytes,
      width: file.width,
      height: file.height,
    })),
    // where the account's events go; never the secret the receivers check them with
    webhooks: webhooks.map((endpoint) => ({
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.events,
      enabled: endpoint.enabled,
      createdAt: iso(endpoint.created_at),
    })),
  };
}

export type AccountDocument = Awaited<ReturnType<typeof accountDocument>>;
