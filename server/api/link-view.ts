import { z } from 'zod';
import type { LinkKind } from '../../db/schema.ts';
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
    icon: z.string().nullable(),
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
  })
  .register(apiSchemas, { id: 'Link' });

/** The REST shape of a link view (the dashboard's, without the QR studio's design). */
export function presentLink(link: LinkView): z.output<typeof LinkSchema> {
  const { id, code, chosen, title, url, icon, scanCount, clickCount, vcardId, version, createdAt } = link;
  const { domain, shortUrl, qrUrl } = link;
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
  };
}

/** One of the account's links of a kind; another kind's id, or another account's, is not found. */
export async function readLink(deps: ApiDeps, userId: string, id: string, kind: LinkKind): Promise<LinkView> {
  const link = await readLinkRecord(deps.db, deps.config.publicUrl, userId, id, kind);
  if (!link) throw new AppError('not_found');
  return link;
}
