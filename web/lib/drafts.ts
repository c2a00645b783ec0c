// Drafts: the unsaved state of a form kept in the browser (localStorage), so a reload, a crash or a closed
// tab does not lose it (docs/decisions/020-edits-carry-their-version.md). One draft per account, form and
// card. Only forms without secrets keep drafts (the card editor and the design page): a draft is readable by
// anyone using this browser profile, and is deleted on a successful save, on 'Discard draft', on leaving
// without saving and on Logout.

/** The forms that keep drafts. */
export type DraftKind = 'vcard' | 'design';

/** What is kept for one form. */
export interface StoredDraft {
  /** When it was last written (ms since the epoch). */
  savedAt: number;
  /**
   * The saved version of the card the changes were made on (opaque: the card's last change as the
   * editor read it), so a draft made before a newer save is still shown as the person's own work.
   */
  base: string | null;
  values: unknown;
}

/** Only what a browser's localStorage offers and this module uses (unit tests pass a Map-backed one). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const PREFIX = 'tapcard.draft';

export function draftKey(kind: DraftKind, accountId: string, cardId: string): string {
  return `${PREFIX}:${accountId}:${kind}:${cardId}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The draft under `key`, or null (none, or not one of ours: a damaged entry is deleted). */
export function readDraft(storage: DraftStorage, key: string): StoredDraft | null {
  let text: string | null;
  try {
    text = storage.getItem(key);
  } catch {
    return null; // storage refused (a browser setting)
  }
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      isRecord(parsed) &&
      typeof parsed.savedAt === 'number' &&
      (typeof parsed.base === 'string' || parsed.base === null) &&
      'values' in parsed
    ) {
      return { savedAt: parsed.savedAt, base: parsed.base, values: parsed.values };
    }
  } catch {
    // not JSON: dropped below
  }
  removeDraft(storage, key);
  return null;
}

/** Keeps a draft; a full or refused storage keeps none (a draft is a help, never a reason to fail). */
export function writeDraft(storage: DraftStorage, key: string, draft: StoredDraft): void {
  try {
    storage.setItem(key, JSON.stringify(draft));
  } catch {
    // quota exceeded or storage disabled
  }
}

export function removeDraft(storage: DraftStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // storage disabled: nothing was kept either
  }
}

/** Deletes every draft of one account (its Logout). */
export function clearAccountDrafts(storage: DraftStorage, accountId: string): void {
  const prefix = `${PREFIX}:${accountId}:`;
  const keys: string[] = [];
  try {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(prefix)) keys.push(key);
    }
  } catch {
    return;
  }
  for (const key of keys) removeDraft(storage, key);
}

/**
 * JSON with the keys of every object in order and its empty (null or undefined) fields left out, so two
 * equal form states read the same.
 */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isRecord(inner)
      ? Object.fromEntries(
          Object.keys(inner)
            .sort()
            .filter((key) => inner[key] !== null && inner[key] !== undefined)
            .map((key) => [key, inner[key]]),
        )
      : inner,
  );
}

/**
 * Whether two form states are the same, whatever the order of their keys; a field that is absent, null or
 * undefined is the same emptiness (an optional logo removed again is no change).
 */
export function sameValues(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function isText(value: unknown): value is string | null {
  return typeof value === 'string' || value === null;
}

/**
 * A stored draft's values laid over the form's saved values: every field of the form takes the draft's
 * value when it is of the same kind (text or empty, number, yes/no, list, group), and keeps the saved value
 * otherwise. So a draft written by an older version of the form, or damaged, restores whatever still fits
 * and never puts a value of the wrong kind into a field. Optional fields the saved values lack (a logo not
 * chosen yet) come from the draft when they are text.
 */
export function overlayDraft<T>(saved: T, draft: unknown): T {
  return overlay(saved, draft) as T;
}

function overlay(saved: unknown, draft: unknown): unknown {
  if (isRecord(saved)) {
    if (!isRecord(draft)) return saved;
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(saved)) result[key] = overlay(value, draft[key]);
    for (const [key, value] of Object.entries(draft)) {
      if (!(key in saved) && isText(value)) result[key] = value;
    }
    return result;
  }
  if (Array.isArray(saved)) return Array.isArray(draft) ? draft : saved;
  if (isText(saved) || saved === undefined) return isText(draft) ? draft : saved;
  return typeof draft === typeof saved ? draft : saved;
}
