// The names in an account export's ZIP (docs/data.md "Export everything"), which the export writes
// (archive.ts) and the import reads (server/account-import/archive.ts).

export const ACCOUNT_FILE = 'account.json';
export const EVENTS_FILE = 'analytics/events.csv';
/** media/{key}: a photo that account.json names by its address, /media/{key}. */
export const MEDIA_FOLDER = 'media/';

export const mediaFileName = (key: string) => `${MEDIA_FOLDER}${key}`;
export const cardFileName = (cardId: string) => `cards/${cardId}.vcf`;
