import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  ACCOUNT_IMPORT_MAX_BYTES,
  ACCOUNT_IMPORT_MAX_MB,
  type AccountImportReport,
} from '../../src/account-import.ts';
import { mediaPath, MEDIA_TYPES, type MediaKind } from '../../src/media.ts';
import { CSV_TEXTS } from '../analytics/csv-texts.ts';
import { EXPORT_FORMAT, EXPORT_VERSION } from '../account-export/document.ts';
import { MEDIA_FOLDER } from '../account-export/layout.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { addProfileLinks } from '../links/service.ts';
import { storePhoto } from '../media/service.ts';
import { releaseUnusedPhotoKeys } from '../media/references.ts';
import { looksLikeZip, readExportArchive, type ExportArchive } from './archive.ts';
import { AccountDocumentSchema, type ImportedDocument } from './document-schema.ts';
import { readEvents } from './events.ts';
import { readLinksCsv } from './links-csv.ts';
import { lockProfile } from '../access/plan-gate.ts';
import { pausedByPlan, writeImport, type StoredImportPhoto } from './write.ts';
import { announceWrite } from '../lib/after-write.ts';
import { throwIfTargetsRefused } from '../webhooks/service.ts';

// An account import (docs/data.md "Import"): a Tapcard export recreated in the signed-in account, or a CSV of
// links added as profile links. account.json and the links CSV are read and checked first
// (document-schema.ts, links-csv.ts), every photo re-encoded as an upload is (server/media/process.ts)
// and stored, then everything is written in one transaction (write.ts), the statistics read and checked
// a batch at a time as they are written (events.ts). When that fails the stored photos are removed again:
// a refused import leaves nothing behind.

/** An import claimed this long ago was left by a server that stopped: far past the longest import. */
const IMPORT_CLAIM_MINUTES = 30;

/** Claims the account for one import (profiles.import_started_at); false when one runs already. */
export async function claimImport(db: Kysely<Database>, userId: string): Promise<boolean> {
  const claimed = await db
    .updateTable('profiles')
    .set({ import_started_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('import_started_at', 'is', null),
        eb('import_started_at', '<', sql<Date>`now() - make_interval(mins => ${IMPORT_CLAIM_MINUTES})`),
      ]),
    )
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

export async function releaseImport(db: Kysely<Database>, userId: string): Promise<void> {
  await db.updateTable('profiles').set({ import_started_at: null }).where('id', '=', userId).execute();
}

export async function importAccount(ctx: ServiceContext, bytes: Buffer): Promise<AccountImportReport> {
  if (bytes.length > ACCOUNT_IMPORT_MAX_BYTES) {
    throw new AppError('payload_too_large', { limitMb: ACCOUNT_IMPORT_MAX_MB });
  }
  if (!looksLikeZip(bytes)) return importLinks(ctx, bytes);
  const archive = await readExportArchive(bytes);
  try {
    return await importExport(ctx, archive);
  } finally {
    archive.close();
  }
}

/** account.json read as the export wrote it: another file, or a newer format, is import_foreign. */
function readDocument(bytes: Buffer): ImportedDocument {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new AppError('import_unreadable', { file: 'account' }, { cause: error });
  }
  const { format, version } = (json ?? {}) as { format?: unknown; version?: unknown };
  if (format !== EXPORT_FORMAT || version !== EXPORT_VERSION) throw new AppError('import_foreign');
  const parsed = AccountDocumentSchema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new AppError('validation_failed', { field: issue?.path.join('.'), message: issue?.message });
  }
  return parsed.data;
}

async function importExport(ctx: ServiceContext, archive: ExportArchive): Promise<AccountImportReport> {
  const document = readDocument(archive.account);
  // before anything is stored: an endpoint is refused where a saved one would be
  await throwIfTargetsRefused(
    ctx,
    document.webhooks.map((endpoint, index) => ({ url: endpoint.url, field: `webhooks.${index}.url` })),
  );
  const { openEvents } = archive;
  const texts = CSV_TEXTS[document.account.language];
  // read as they are written, in the import's transaction: a bad row refuses the whole import
  async function* events(maxRows: number) {
    if (openEvents) yield* readEvents(await openEvents(), texts, maxRows);
  }
  const photos = await storePhotos(ctx, document, archive);
  try {
    const report = await writeImport(ctx, { document, photos, events });
    announceWrite(ctx, ctx.user.id, 'cards', 'links', 'leads', 'views', 'hits');
    return report;
  } catch (error) {
    await releaseImportedPhotos(ctx, photos);
    throw error;
  }
}

/**
 * Re-encodes every photo of the file as an upload is, then stores them, one after the other (a
 * photo's pixels are held only while it is encoded), each with its row (storePhoto); by the path
 * account.json names each with. A photo account.json names that the ZIP lacks is a cut archive
 * (import_unreadable); one that does not decode is refused as an upload is (invalid_image). Any failure
 * removes the ones stored already.
 */
async function storePhotos(
  ctx: ServiceContext,
  document: ImportedDocument,
  archive: ExportArchive,
): Promise<Map<string, StoredImportPhoto>> {
  const stored = new Map<string, StoredImportPhoto>();
  try {
    for (const file of document.media) {
      const bytes = await archive.readMedia(file.path);
      if (!bytes) throw new AppError('import_unreadable', { file: file.path });
      // a PNG is a graphic (a logo, a cover) that may keep its transparency; a JPEG is a photo
      const kind: MediaKind = file.contentType === MEDIA_TYPES.png ? 'graphic' : 'photo';
      const { key } = await storePhoto(ctx, ctx.user.id, bytes, kind);
      stored.set(mediaPath(file.path.slice(MEDIA_FOLDER.length)), { key, path: mediaPath(key) });
    }
  } catch (error) {
    await releaseImportedPhotos(ctx, stored);
    throw error;
  }
  return stored;
}

/** Removes the photos of an import that failed: their rows and files (none of its cards was kept). */
async function releaseImportedPhotos(ctx: ServiceContext, photos: ReadonlyMap<string, StoredImportPhoto>) {
  await releaseUnusedPhotoKeys(
    ctx,
    [...photos.values()].map(({ key }) => key),
  );
}

/** A CSV of links: every row a profile link, all of them or none. */
async function importLinks(ctx: ServiceContext, bytes: Buffer): Promise<AccountImportReport> {
  const rows = readLinksCsv(bytes);
  const paused = await ctx.db.transaction().execute(async (trx) => {
    const { plan } = await lockProfile(trx, ctx.user.id);
    await addProfileLinks(ctx, trx, rows);
    return pausedByPlan(trx, ctx.user.id, plan);
  });
  announceWrite(ctx, ctx.user.id, 'links');
  return { ...NOTHING_IMPORTED, profileLinks: rows.length, paused };
}

const NOTHING_IMPORTED: AccountImportReport = {
  cards: 0,
  qrCodes: 0,
  profileLinks: 0,
  leads: 0,
  leadsNotKept: 0,
  photos: 0,
  events: 0,
  paused: 0,
  recoded: 0,
  renamed: [],
  webhooks: 0,
  webhooksSkipped: 0,
};
