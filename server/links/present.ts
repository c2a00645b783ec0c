import type { Kysely } from 'kysely';
import type { Database, LinkKind } from '../../db/schema.ts';
import type { LinkRule } from '../../src/link-lifecycle.ts';
import { printedCode, printedOrigin, printedQrUrl, shortLinkUrl } from '../../src/schemas/link.ts';

// How the dashboard sees a link (My QR Codes, the links page, the QR studio), shared by the services that
// list and edit links and by the studio's, whose refused edits carry the link as it is now.

export const LINK_COLUMNS = [
  'id',
  'code',
  'chosen_code',
  'title',
  'url',
  'icon',
  'scan_count',
  'click_count',
  'vcard_id',
  'order_index',
  'domain',
  'version',
  'enabled',
  'active_from',
  'active_until',
  'max_scans',
  'scans_used',
  'fallback_url',
  'rules',
  'created_at',
] as const;

export interface LinkRow {
  id: string;
  code: string;
  chosen_code: string | null;
  title: string;
  url: string;
  icon: string | null;
  scan_count: number;
  click_count: number;
  vcard_id: string | null;
  order_index: number;
  domain: string | null;
  version: number;
  enabled: boolean;
  active_from: Date | null;
  active_until: Date | null;
  max_scans: number | null;
  scans_used: number;
  fallback_url: string | null;
  rules: LinkRule[];
  created_at: Date;
}

/** A link as the dashboard shows it, with the short URL it is copied as and the one its QR code encodes. */
export function present(publicUrl: string, row: LinkRow) {
  const code = printedCode(row);
  return {
    id: row.id,
    code,
    /** Whether the owner chose the code (customLinks). */
    chosen: row.chosen_code !== null,
    title: row.title,
    url: row.url,
    icon: row.icon,
    scanCount: row.scan_count,
    clickCount: row.click_count,
    vcardId: row.vcard_id,
    /** Its edit version (server/lib/edit-versions.ts): what an edit of it is based on. */
    version: row.version,
    createdAt: row.created_at,
    /** Its place among the profile's links (profile links only; the reorder sets it). */
    orderIndex: row.order_index,
    /** The custom domain it is printed with (null: the main address). */
    domain: row.domain,
    shortUrl: shortLinkUrl(printedOrigin(publicUrl, row), code),
    qrUrl: printedQrUrl(publicUrl, row),
    /** When and how often it leads on, where else it sends visitors (src/link-lifecycle.ts linkState). */
    lifecycle: {
      enabled: row.enabled,
      activeFrom: row.active_from,
      activeUntil: row.active_until,
      maxScans: row.max_scans,
      /** The follows it has led on under its limit (0 without one). */
      scansUsed: row.max_scans === null ? 0 : row.scans_used,
      fallbackUrl: row.fallback_url,
      rules: row.rules,
    },
  };
}

export type LinkView = ReturnType<typeof present>;

/**
 * One of a user's links of a kind as its list shows it (a QR code with the studio's saved design), or
 * undefined when they have no such link: what a refused edit of it carries.
 */
export async function readLinkRecord(
  db: Kysely<Database>,
  publicUrl: string,
  userId: string,
  id: string,
  kind: LinkKind,
) {
  const row = await db
    .selectFrom('links')
    .select([...LINK_COLUMNS, 'qr_design'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) return undefined;
  const { qr_design, ...link } = row;
  return kind === 'qr' ? { ...present(publicUrl, link), savedDesign: qr_design } : present(publicUrl, link);
}
