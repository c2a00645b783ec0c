import type { Locale } from '#src/i18n.ts';
import type { VcardFormValues } from '#src/schemas/vcard.ts';
import { vcardFormValues, type StoredVcard } from '#src/vcard-form.ts';
import type { Versioned } from '../../components/conflict/edit-conflict.ts';

/** A stored vCard as a version of the form: the values an edit of it starts from, with their version. */
export function storedVcardForm(
  vcard: StoredVcard & { version: number },
  locale: Locale,
): Versioned<VcardFormValues> {
  return {
    values: { ...vcardFormValues(vcard, locale), baseVersion: vcard.version },
    version: vcard.version,
  };
}
