import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { authClient } from './auth-client.ts';
import {
  draftKey,
  overlayDraft,
  readDraft,
  removeDraft,
  sameValues,
  writeDraft,
  type DraftKind,
} from './drafts.ts';

/** A draft found when the form opened and put back into it. */
export interface RestoredDraft {
  savedAt: Date;
  /** The card was saved again (another tab or device) after the draft was made. */
  baseChanged: boolean;
}

export interface DraftControls {
  restored: RestoredDraft | null;
  /** 'Discard draft': deletes it and puts the saved values back into the form. */
  discard: () => void;
  /** Deletes it and keeps no other (the form is being left without saving). */
  forget: () => void;
}

interface DraftOptions<T> {
  kind: DraftKind;
  /** The card the form edits ('new' for a card not created yet); null keeps no draft. */
  cardId: string | null;
  /** The card's saved version the form was opened on (see StoredDraft.base). */
  base: string | null;
  /** The form as it is now. */
  values: T;
  /** The form as saved (what 'unsaved' is measured against). */
  savedValues: T;
  /** Puts values into the form: a restored draft, or the saved values on 'Discard draft'. */
  restore: (values: T) => void;
}

/**
 * Keeps a form's unsaved state in this browser, per account and card, while it differs from the saved
 * state, and puts it back when the form opens again (after a reload, a crash, a closed tab). A restored
 * draft made before the card's last save is still the person's work and is restored all the same; the
 * notice says so. The draft is deleted once the form equals its saved state (a successful save).
 */
export function useDraft<T>({
  kind,
  cardId,
  base,
  values,
  savedValues,
  restore,
}: DraftOptions<T>): DraftControls {
  const accountId = authClient.useSession().data?.user.id;
  const key = accountId && cardId ? draftKey(kind, accountId, cardId) : null;
  // read once, while the form first renders
  const [found] = useState(() => {
    if (!key) return null;
    const stored = readDraft(localStorage, key);
    if (!stored) return null;
    const restoredValues = overlayDraft(savedValues, stored.values);
    if (sameValues(restoredValues, savedValues)) {
      removeDraft(localStorage, key);
      return null;
    }
    return { values: restoredValues, savedAt: stored.savedAt, base: stored.base };
  });
  const [restored, setRestored] = useState<RestoredDraft | null>(() =>
    found ? { savedAt: new Date(found.savedAt), baseChanged: found.base !== base } : null,
  );
  // the version the unsaved changes were made on: a restored draft's, until the form is saved
  const [draftBase, setDraftBase] = useState(found ? found.base : base);
  // until the restored values reach the form (before the first paint), it still shows the saved ones
  const [restoring, setRestoring] = useState(found !== null);
  const unsaved = !sameValues(values, savedValues);
  // adjusting state while rendering (React's pattern): once the form is saved, its notice and old base go
  if (restoring && unsaved) setRestoring(false);
  if (!restoring && !unsaved && restored) setRestored(null);
  if (!restoring && !unsaved && draftBase !== base) setDraftBase(base);

  const latestRestore = useRef(restore);
  useLayoutEffect(() => {
    latestRestore.current = restore;
  });
  useLayoutEffect(() => {
    if (found) latestRestore.current(found.values as T);
  }, [found]);

  const forgotten = useRef(false);
  const valuesJson = JSON.stringify(values);
  useEffect(() => {
    if (!key || forgotten.current || restoring) return;
    if (unsaved) {
      writeDraft(localStorage, key, { savedAt: Date.now(), base: draftBase, values: JSON.parse(valuesJson) });
    } else {
      removeDraft(localStorage, key);
    }
  }, [key, unsaved, valuesJson, draftBase, restoring]);

  return {
    restored,
    discard() {
      if (key) removeDraft(localStorage, key);
      setRestoring(false);
      setRestored(null);
      latestRestore.current(savedValues);
    },
    forget() {
      forgotten.current = true;
      if (key) removeDraft(localStorage, key);
    },
  };
}
