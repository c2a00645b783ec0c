import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { PHOTO_MAX_BYTES } from '../../src/media.ts';
import { ACCOUNT_FILE, EVENTS_FILE, MEDIA_FOLDER } from '../account-export/layout.ts';
import { AppError } from '../lib/errors.ts';

// Reading an account export's ZIP (server/account-export/archive.ts made it) into memory, refusing what
// is not one before anything is written: a damaged or cut ZIP (import_unreadable), one without the
// export's account.json (import_foreign), and one whose files would unpack to more than an export of the
// largest account ever holds, which a small ZIP can claim (a "ZIP bomb"). Each file's size is the one its
// entry declares, checked against what it unpacks to (validateEntrySizes), so the bounds hold on the
// bytes themselves.

/** The most one file may unpack to: account.json and the events of a long, busy history. */
const FILE_MAX_BYTES = 256 * 1024 * 1024;
/** The most all the files read may unpack to together. */
const TOTAL_MAX_BYTES = 512 * 1024 * 1024;
/** The most files an archive may have: every photo of the largest account, and its cards' .vcf files. */
const ENTRIES_MAX = 50_000;

export interface ExportArchive {
  account: Buffer;
  /** The photos by their archive name (media/{key}). */
  media: Map<string, Buffer>;
  events: Buffer | null;
}

/** Whether the bytes start as a ZIP does (a local file header), rather than as a text file. */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
  );
}

function unreadable(cause?: unknown): AppError {
  return new AppError('import_unreadable', undefined, { cause });
}

function openZip(bytes: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    fromBuffer(bytes, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, zip) =>
      error ? reject(unreadable(error)) : resolve(zip),
    ),
  );
}

/** The most a file of this name may unpack to; null: a file the import does not read. */
function sizeLimitOf(name: string): number | null {
  if (name === ACCOUNT_FILE || name === EVENTS_FILE) return FILE_MAX_BYTES;
  if (name.startsWith(MEDIA_FOLDER)) return PHOTO_MAX_BYTES;
  return null;
}

function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(unreadable(error));
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (streamError) => reject(unreadable(streamError)));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    }),
  );
}

/** The files of an export that the import reads; throws import_unreadable or import_foreign. */
export async function readExportArchive(bytes: Buffer): Promise<ExportArchive> {
  const zip = await openZip(bytes);
  if (zip.entryCount > ENTRIES_MAX) throw new AppError('import_foreign');
  const files = new Map<string, Buffer>();
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (error) => reject(unreadable(error)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: Entry) => {
        const limit = sizeLimitOf(entry.fileName);
        if (limit === null || entry.fileName.endsWith('/')) return zip.readEntry();
        total += entry.uncompressedSize;
        if (entry.uncompressedSize > limit || total > TOTAL_MAX_BYTES) {
          return reject(new AppError('import_foreign'));
        }
        readEntry(zip, entry).then((body) => {
          files.set(entry.fileName, body);
          zip.readEntry();
        }, reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  const account = files.get(ACCOUNT_FILE);
  if (!account) throw new AppError('import_foreign');
  const media = new Map([...files].filter(([name]) => name.startsWith(MEDIA_FOLDER)));
  return { account, media, events: files.get(EVENTS_FILE) ?? null };
}
