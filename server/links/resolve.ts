import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Locale } from '../../src/i18n.ts';
import type { LinkLifecycle, RuleDevice } from '../../src/link-lifecycle.ts';
import type { PausableKind } from '../../src/pauses.ts';
import { availableUntil, planInEffectUntil } from '../../src/plans.ts';
import { isHttpUrl } from '../../src/url.ts';
import { PLAN_FACT_COLUMNS } from '../access/plan-gate.ts';
import { isWithinLimit } from '../pauses/service.ts';
import { isChosenLinkCode, isLinkCode } from '../lib/link-codes.ts';

// What /l/{code} needs of a link: whose it is, where it goes, and whether its owner's plan pauses it.
// Read-only, for every visitor.

export interface ResolvedLink {
  linkId: string;
  /** Its owner: whose plan and cache entry it belongs to, and whose own follows are not counted. */
  userId: string;
  /** The destination as a Location header value (ASCII: the URL serializer percent-encodes the rest). */
  location: string;
  /** The owner's language: the paused page's, when the visitor asks for none of ours. */
  ownerLanguage: Locale;
  /**
   * When the owner's account goes offline (a trial or paid plan that ends; milliseconds since 1970,
   * Infinity for never): from then on the link is paused, with no change notice to tell the cache.
   */
  availableUntil: number;
  /**
   * Beyond its plan's limit (a vCard's own QR code: when its vCard is), or a team card's own QR code whose
   * card its team paused: so paused.
   */
  paused: boolean;
  /**
   * When the owner's plan in effect changes by the clock (a paid plan's end; Infinity: no change ahead):
   * from then on `paused` is read again.
   */
  planUntil: number;
  /** A vCard's own QR code: its card, whose page a custom domain of the account serves too; else null. */
  vcardId: string | null;
  /**
   * When and how often it leads on (src/link-lifecycle.ts); the count as read now (a cached link's is raised
   * as its process takes scans of the limit: routes.ts).
   */
  lifecycle: LinkLifecycle;
  /** Where it sends visitors when it does not lead on (as a Location value), or null for the inactive page. */
  fallbackLocation: string | null;
  /** Where visitors of a device or language go instead while it is live, first match wins. */
  rules: { device: RuleDevice | null; language: string | null; location: string }[];
}

/** An address as a Location header value (ASCII: the URL serializer percent-encodes the rest). */
const locationOf = (url: string) => new URL(url).href;

/** The link with this short code, or null (unknown, malformed, or a destination that is not http(s)). */
export async function resolveLinkCode(db: Kysely<Database>, code: string): Promise<ResolvedLink | null> {
  const random = isLinkCode(code);
  const chosen = isChosenLinkCode(code);
  if (!random && !chosen) return null;
  const link = await db
    .selectFrom('links')
    .innerJoin('profiles', 'profiles.id', 'links.user_id')
    .innerJoin('account_plans', 'account_plans.id', 'links.user_id')
    // a vCard's own QR code is paused with its card when its team pauses it, unknown while it is a draft
    .leftJoin('vcards', 'vcards.id', 'links.vcard_id')
    .select([
      'links.id',
      'links.user_id',
      'links.url',
      'links.kind',
      'links.vcard_id',
      'links.enabled',
      'links.active_from',
      'links.active_until',
      'links.max_scans',
      'links.scans_used',
      'links.fallback_url',
      'links.rules',
      'profiles.language',
      'profiles.primary_vcard_id',
      'vcards.paused_at',
      'vcards.draft',
      ...PLAN_FACT_COLUMNS,
    ])
    // a random code as written (case-sensitive: `aB3…` and `Ab3…` are two links), or a code chosen for
    // the link now or before, in any case; a chosen code equals no other link's random code in any case
    // (migration 2026-11-24T0300), so at most one link answers
    .where((eb) =>
      eb.or([
        ...(random ? [eb('links.code', '=', code)] : []),
        ...(chosen
          ? [
              eb(
                'links.id',
                'in',
                eb.selectFrom('link_codes').select('link_id').where('code', '=', code.toLowerCase()),
              ),
            ]
          : []),
      ]),
    )
    .executeTakeFirst();
  // destinations are checked when stored; a row from before that rule is not followed
  if (!link || !isHttpUrl(link.url) || link.draft === true) return null;
  // a vCard's own QR code is live or paused with its vCard
  const [kind, id]: [PausableKind, string] = link.vcard_id
    ? ['vcard', link.vcard_id]
    : [link.kind === 'qr' ? 'qrCode' : 'profileLink', link.id];
  return {
    linkId: link.id,
    userId: link.user_id,
    location: locationOf(link.url),
    ownerLanguage: link.language,
    availableUntil: availableUntil(link),
    planUntil: planInEffectUntil(link),
    vcardId: link.vcard_id,
    paused: link.paused_at !== null || !(await isWithinLimit(db, link.user_id, kind, id, link)),
    lifecycle: {
      enabled: link.enabled,
      activeFrom: link.active_from?.getTime() ?? null,
      activeUntil: link.active_until?.getTime() ?? null,
      maxScans: link.max_scans,
      scansUsed: link.scans_used,
    },
    // addresses are checked when stored, as the destination is
    fallbackLocation:
      link.fallback_url && isHttpUrl(link.fallback_url) ? locationOf(link.fallback_url) : null,
    rules: link.rules
      .filter((rule) => isHttpUrl(rule.url))
      .map((rule) => ({ device: rule.device, language: rule.language, location: locationOf(rule.url) })),
  };
}
