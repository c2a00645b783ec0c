import type { Readable } from 'node:stream';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { PHOTO_MAX_BYTES } from '../../src/media.ts';
import { ACCOUNT_FILE, EVENTS_FILE, MEDIA_FOLDER } from '../account-export/layout.ts';
import { AppError } from '../lib/errors.ts';

// Reading an account export's ZIP (server/account-export/archive.ts made it), refusing what is not one
// before anything is written: a damaged or cut ZIP (import_unreadable), one without the export's
// account.json (import_foreign), and one whose files would unpack to more than an export of the largest
// account ever holds, which a small ZIP can claim (a "ZIP bomb"). Each file's size is the one its entry
// declares, checked against what it unpacks to (validateEntrySizes), so the bounds hold on the bytes
// themselves. account.json is read into memory (bounded); each photo is unpacked only when the import
// stores it (readMedia), one at a time, and the statistics, the one file that grows with an account's
// history, as they are read (openEvents), never whole.

/** The most one file may unpack to: account.json and the events of a long, busy history. */
const FILE_MAX_BYTES = 256 * 1024 * 1024;
/** The most all the files read may unpack to together. */
const TOTAL_MAX_BYTES = 512 * 1024 * 1024;
/** The most files an archive may have: every photo of the largest account, and its cards' .vcf files. */
const ENTRIES_MAX = 50_000;

export interface ExportArchive {
  account: Buffer;
  /** Unpacks one photo by its archive name (media/{key}); null: the archive has no such file. */
  readMedia(name: string): Promise<Buffer | null>;
  /** Unpacks the statistics (analytics/events.csv) as they are read; null: the archive has none. */
  openEvents: (() => Promise<Readable>) | null;
  /** Lets the archive go once the import is done with it. */
  close(): void;
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
    fromBuffer(
      bytes,
      // kept open after its last entry: the statistics are unpacked later, as the import writes them
      { lazyEntries: true, strictFileNames: true, validateEntrySizes: true, autoClose: false },
      (error, zip) => (error ? reject(unreadable(error)) : resolve(zip)),
    ),
  );
}

/** The most a file of this name may unpack to; null: a file the import does not read. */
function sizeLimitOf(name: string): number | null {
  if (name === ACCOUNT_FILE || name === EVENTS_FILE) return FILE_MAX_BYTES;
  if (name.startsWith(MEDIA_FOLDER)) return PHOTO_MAX_BYTES;
  return null;
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(unreadable(error)) : resolve(stream))),
  );
}

async function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of await openEntry(zip, entry)) chunks.push(chunk as Buffer);
  } catch (error) {
    throw error instanceof AppError ? error : unreadable(error);
  }
  return Buffer.concat(chunks);
}

/**
 * The files of an export that the import reads; throws import_unreadable or import_foreign. The caller
 * closes the archive once done with it.
 */
export async function readExportArchive(bytes: Buffer): Promise<ExportArchive> {
  const zip = await openZip(bytes);
  let account: Buffer | null = null;
  const media = new Map<string, Entry>();
  let events: Entry | null = null;
  let total = 0;
  try {
    if (zip.entryCount > ENTRIES_MAX) throw new AppError('import_foreign');
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
        if (entry.fileName === ACCOUNT_FILE) {
          return readEntry(zip, entry).then((body) => {
            account = body;
            zip.readEntry();
          }, reject);
        }
        if (entry.fileName === EVENTS_FILE) events = entry;
        else media.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error;
  }
  // set in the entries' callbacks, which TypeScript's narrowing does not follow
  const [accountFile, eventsEntry] = [account as Buffer | null, events as Entry | null];
  if (!accountFile) {
    zip.close();
    throw new AppError('import_foreign');
  }
  return {
    account: accountFile,
    async readMedia(name) {
      const entry = media.get(name);
      return entry ? readEntry(zip, entry) : null;
    },
    openEvents: eventsEntry ? () => openEntry(zip, eventsEntry) : null,
    close: () => zip.close(),
  };
}
