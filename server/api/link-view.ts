import { z } from 'zod';
import type { LinkKind } from '../../db/schema.ts';
import { LINK_STATES, linkState, RULE_DEVICES } from '../../src/link-lifecycle.ts';
import {
  lifecycleEndsAfterStart,
  LinkLifecycleFieldsSchema,
  UpdateProfileLinkSchema,
  UpdateQrCodeSchema,
} from '../../src/schemas/link.ts';
import { AppError } from '../lib/errors.ts';
import { readLinkRecord, type LinkView } from '../links/present.ts';
import type { ApiDeps } from './context.ts';
import { apiSchemas } from './openapi.ts';

// A link as the REST API shows it: a QR code (/api/v1/qr-codes) or a profile link (/api/v1/profile-links),
// both rows of `links` with a short code.

export const LinkSchema = z
  .object({
    id: z.uuid(),
    code: z.string().meta({ description: 'The code the link is printed with (/l/{code}).' }),
    chosen: z.boolean(),
    title: z.string(),
    url: z.string(),
    icon: z
      .string()
      .nullable()
      .meta({ description: 'An emoji or a short word the dashboard shows beside the title (null: none).' }),
    scanCount: z.int(),
    clickCount: z.int(),
    vcardId: z
      .uuid()
      .nullable()
      .meta({ description: 'The card whose QR code this is (it follows its card).' }),
    version: z.int().meta({ description: 'The `baseVersion` of a PATCH.' }),
    createdAt: z.date(),
    domain: z
      .string()
      .nullable()
      .meta({ description: 'The custom domain it is printed with (null: the main address).' }),
    shortUrl: z.string(),
    qrUrl: z.string().meta({ description: 'What the QR code encodes.' }),
    state: z.enum(LINK_STATES).meta({
      description:
        "What the short link does now: `live` (leads to its destination, or a rule's), `scheduled` (before " +
        '`activeFrom`), `ended` (from `activeUntil`), `spent` (its `maxScans` reached), `disabled` (turned ' +
        'off). Outside `live` it leads to `fallbackUrl`, or a page that says so.',
    }),
    enabled: z.boolean().meta({ description: 'Off: the link is `disabled` whatever its schedule.' }),
    activeFrom: z
      .date()
      .nullable()
      .meta({ description: 'Live from this instant (null: from its creation).' }),
    activeUntil: z.date().nullable().meta({ description: 'Ended from this instant (null: never).' }),
    maxScans: z
      .int()
      .nullable()
      .meta({ description: 'How many follows (scans and clicks) it leads on while live (null: no limit).' }),
    scansUsed: z.int().meta({ description: 'The follows counted against `maxScans` (0 without a limit).' }),
    fallbackUrl: z
      .string()
      .nullable()
      .meta({ description: 'Where it sends visitors when not live (null: a page saying it is not).' }),
    rules: z
      .array(
        z.object({
          device: z.enum(RULE_DEVICES).nullable(),
          language: z.string().nullable().meta({ description: 'A primary language subtag (`es`).' }),
          url: z.string(),
        }),
      )
      .meta({ description: 'Where visitors of a device or language go instead, first match wins.' }),
  })
  .register(apiSchemas, { id: 'Link' });

/** An instant of a link's schedule as the API writes it: an ISO 8601 date-time with its offset, or null. */
const scheduleInstant = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value))
  .nullable();

/** What a PATCH may change of a link besides its details: its lifecycle and whether it is on. */
const linkLifecycleBody = LinkLifecycleFieldsSchema.extend({
  activeFrom: scheduleInstant,
  activeUntil: scheduleInstant,
  enabled: z.boolean(),
}).shape;

/** A QR code as a PATCH changes it: the QR code form's fields, its lifecycle, and `baseVersion`. */
export const UpdateQrCodeBodySchema = UpdateQrCodeSchema.omit({ id: true })
  .extend(linkLifecycleBody)
  .strict()
  .refine(...lifecycleEndsAfterStart);

/** A profile link as a PATCH changes it: title and URL, its lifecycle, and `baseVersion`. */
export const UpdateProfileLinkBodySchema = UpdateProfileLinkSchema.omit({ id: true })
  .extend(linkLifecycleBody)
  .strict()
  .refine(...lifecycleEndsAfterStart);

/**
 * A link's stored values as a PATCH merges onto them: title, URL and its lifecycle, with the schedule's
 * instants as the API writes them (a QR code adds its icon and domain).
 */
export function patchableLinkValues(link: LinkView) {
  const { lifecycle } = link;
  return {
    title: link.title,
    url: link.url,
    enabled: lifecycle.enabled,
    activeFrom: lifecycle.activeFrom?.toISOString() ?? null,
    activeUntil: lifecycle.activeUntil?.toISOString() ?? null,
    maxScans: lifecycle.maxScans,
    fallbackUrl: lifecycle.fallbackUrl ?? '',
    rules: lifecycle.rules,
  };
}

/** The REST shape of a link view (the dashboard's, without the QR studio's design). */
export function presentLink(link: LinkView): z.output<typeof LinkSchema> {
  const { id, code, chosen, title, url, icon, scanCount, clickCount, vcardId, version, createdAt } = link;
  const { domain, shortUrl, qrUrl, lifecycle } = link;
  const { enabled, activeFrom, activeUntil, maxScans, scansUsed, fallbackUrl, rules } = lifecycle;
  const state = linkState(
    {
      enabled,
      activeFrom: activeFrom?.getTime() ?? null,
      activeUntil: activeUntil?.getTime() ?? null,
      maxScans,
      scansUsed,
    },
    Date.now(),
  );
  return {
    id,
    code,
    chosen,
    title,
    url,
    icon,
    scanCount,
    clickCount,
    vcardId,
    version,
    createdAt,
    domain,
    shortUrl,
    qrUrl,
    state,
    enabled,
    activeFrom,
    activeUntil,
    maxScans,
    scansUsed,
    fallbackUrl,
    rules,
  };
}

/** One of the account's links of a kind; another kind's id, or another account's, is not found. */
export async function readLink(deps: ApiDeps, userId: string, id: string, kind: LinkKind): Promise<LinkView> {
  const link = await readLinkRecord(deps.db, deps.config.publicUrl, userId, id, kind);
  if (!link) throw new AppError('not_found');
  return link;
}
