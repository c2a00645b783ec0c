import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { CSV_TEXTS } from '../analytics/csv-texts.ts';
import { eventsCsv } from '../analytics/events-csv.ts';
import { allEvents } from '../analytics/events.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { contactPhotoBase64 } from '../public-profile/contact-photo.ts';
import { findProfileByVcardId, pageBranding } from '../public-profile/service.ts';
import { cardVcf } from '../public-profile/vcf.ts';
import { accountDocument, EXPORT_FORMAT } from './document.ts';
import { ACCOUNT_FILE, cardFileName, EVENTS_FILE, MEDIA_FOLDER } from './layout.ts';

// The account export's ZIP (docs/data.md "Export everything"), streamed as it is made: the photos one at a time,
// the events page by page (server/analytics/events.ts), so a long history is never held in memory.
//
//   media/{key}           every photo and logo the account uploaded (/media/{key} in account.json)
//   account.json          the account, its cards, links and leads (document.ts)
//   cards/{card id}.vcf   each card as its page's Save contact gives it
//   analytics/events.csv  every counted view, scan, click and lead, as the analytics page's CSV has them

/** Already compressed (JPEG, PNG): stored as they are. */
const STORED = { compress: false } as const;

export interface AccountArchive {
  /** The ZIP's bytes, in order; it fails (and the answer is cut) if the database or storage does midway. */
  stream: Readable;
  /** What to call the download. */
  fileName: string;
}

export async function accountArchive(
  deps: AppDeps,
  userId: string,
  now = new Date(),
): Promise<AccountArchive> {
  const document = await accountDocument(deps.db, userId, now);
  const zip = new ZipFile();
  // yazl's output is a stream.PassThrough, typed as the interface of any readable stream
  const output = zip.outputStream as Readable;
  const mtime = now;
  // the account and its .vcf files are read before the answer starts (a failure there is an error answer);
  // the photos and the events are read as they are sent
  const vcfs = await Promise.all(
    document.cards.map(async (card) => {
      const profile = await findProfileByVcardId(deps.db, card.id, { withDraft: true });
      if (!profile?.card.vcardId) return null;
      const photo = await contactPhotoBase64(deps, profile.card.photo).catch(() => null);
      const text = cardVcf(
        profile,
        { ...profile.card, vcardId: profile.card.vcardId },
        photo,
        pageBranding(profile, false, now),
      );
      return { name: cardFileName(card.id), text };
    }),
  );
  const csv = eventsCsv(
    allEvents({ db: deps.db, accountId: userId }),
    true,
    CSV_TEXTS[document.account.language],
  );
  csv.on('error', (error) => output.destroy(error));
  // the photos first: account.json then names only those the storage still had
  void addMedia(deps, zip, document.media, mtime).then(
    (media) => {
      const json = JSON.stringify({ ...document, media }, null, 2);
      zip.addBuffer(Buffer.from(json), ACCOUNT_FILE, { mtime });
      for (const vcf of vcfs) if (vcf) zip.addBuffer(Buffer.from(vcf.text), vcf.name, { mtime });
      zip.addReadStream(csv, EVENTS_FILE, { mtime });
      zip.end();
    },
    (error: unknown) => output.destroy(error as Error),
  );
  const day = now.toISOString().slice(0, 10);
  const who = document.account.username ?? 'account';
  return { stream: output, fileName: `${EXPORT_FORMAT}-${who}-${day}.zip` };
}

/** Adds each photo, read from storage one after the other; returns those added (the storage may have lost one). */
async function addMedia<File extends { path: string }>(
  deps: AppDeps,
  zip: ZipFile,
  media: readonly File[],
  mtime: Date,
): Promise<File[]> {
  const added: File[] = [];
  for (const file of media) {
    const stored = await deps.storage.get(file.path.slice(MEDIA_FOLDER.length));
    if (!stored) continue;
    zip.addBuffer(stored.body, file.path, { ...STORED, mtime });
    added.push(file);
  }
  return added;
}
