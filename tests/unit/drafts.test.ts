import { describe, expect, it } from 'vitest';
import { emptyVcardForm } from '#src/schemas/vcard.ts';
import {
  clearAccountDrafts,
  draftKey,
  overlayDraft,
  readDraft,
  removeDraft,
  sameValues,
  writeDraft,
  type DraftStorage,
} from '#web/lib/drafts.ts';

// Drafts of the card editor and the design page (web/lib/drafts.ts): kept per account, form and card;
// whatever is stored is read back only as far as it fits the form.

/** A localStorage stand-in over a Map. */
function memoryStorage(entries: Record<string, string> = {}): DraftStorage & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    map,
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

describe('draft storage', () => {
  it('keeps one draft per account, form and card, and reads it back', () => {
    const storage = memoryStorage();
    const ada = draftKey('vcard', 'user-ada', 'card-1');
    expect(
      new Set([
        ada,
        draftKey('vcard', 'user-bob', 'card-1'),
        draftKey('design', 'user-ada', 'card-1'),
        draftKey('vcard', 'user-ada', 'new'),
      ]).size,
    ).toBe(4);
    const draft = {
      savedAt: 1_700_000_000_000,
      base: '2026-11-29T10:00:00.000Z',
      values: { position: 'CTO' },
    };
    writeDraft(storage, ada, draft);
    expect(readDraft(storage, ada)).toEqual(draft);
    removeDraft(storage, ada);
    expect(readDraft(storage, ada)).toBeNull();
  });

  it('drops an entry that is not a draft (damaged, or written by something else)', () => {
    const key = draftKey('design', 'user-ada', 'card-1');
    for (const text of [
      '{not json',
      '"text"',
      '{"savedAt":"yesterday","base":null,"values":{}}',
      '{"savedAt":1,"values":{}}',
    ]) {
      const storage = memoryStorage({ [key]: text });
      expect(readDraft(storage, key)).toBeNull();
      expect(storage.map.has(key)).toBe(false);
    }
  });

  it('survives a storage that refuses (full, or turned off): no draft, no failure', () => {
    const refusing: DraftStorage = {
      length: 0,
      key: () => null,
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    const key = draftKey('vcard', 'user-ada', 'card-1');
    expect(() => writeDraft(refusing, key, { savedAt: 1, base: null, values: {} })).not.toThrow();
    expect(readDraft(refusing, key)).toBeNull();
    expect(() => clearAccountDrafts(refusing, 'user-ada')).not.toThrow();
  });

  it("a Logout deletes that account's drafts only", () => {
    const storage = memoryStorage({ language: 'es' });
    const draft = { savedAt: 1, base: null, values: {} };
    writeDraft(storage, draftKey('vcard', 'user-ada', 'card-1'), draft);
    writeDraft(storage, draftKey('design', 'user-ada', 'card-2'), draft);
    writeDraft(storage, draftKey('vcard', 'user-ada2', 'card-3'), draft);
    clearAccountDrafts(storage, 'user-ada');
    expect([...storage.map.keys()].sort()).toEqual(['language', draftKey('vcard', 'user-ada2', 'card-3')]);
  });
});

describe('sameValues', () => {
  it('compares form states whatever the order of their keys', () => {
    expect(sameValues({ a: 'x', b: { c: 1, d: [1, 2] } }, { b: { d: [1, 2], c: 1 }, a: 'x' })).toBe(true);
    expect(sameValues({ a: 'x' }, { a: 'y' })).toBe(false);
    expect(sameValues({ list: [1, 2] }, { list: [2, 1] })).toBe(false);
  });

  it('reads an absent, null or undefined field as the same emptiness, and an empty text as a value', () => {
    expect(sameValues({ logo: null, layout: 'dark' }, { layout: 'dark' })).toBe(true);
    expect(sameValues({ logo: undefined }, {})).toBe(true);
    expect(sameValues({ photo: '' }, { photo: null })).toBe(false);
  });
});

describe('overlayDraft', () => {
  const saved = { ...emptyVcardForm(), name: 'Ada Lovelace', company: 'Analytical Engines' };

  it('puts a draft of the same form back whole', () => {
    const draft = {
      ...saved,
      position: 'Countess',
      socialLinks: { ...saved.socialLinks, github: 'https://github.com/ada' },
      photo: '/media/ada.jpg',
    };
    expect(overlayDraft(saved, draft)).toEqual(draft);
  });

  it('keeps what fits of a draft from an older or damaged form, and the saved value elsewhere', () => {
    const draft = {
      name: 'Ada King',
      company: 42, // not text
      socialLinks: 'https://github.com/ada', // not a group
      photo: null,
      unknownField: 'kept as text',
      nested: { deep: true }, // not text, not a field of the form
    };
    const restored = overlayDraft(saved, draft);
    expect(restored).toEqual({ ...saved, name: 'Ada King', photo: null, unknownField: 'kept as text' });
  });

  it('ignores a draft that is no form at all', () => {
    expect(overlayDraft(saved, 'text')).toEqual(saved);
    expect(overlayDraft(saved, null)).toEqual(saved);
    expect(overlayDraft(saved, [saved])).toEqual(saved);
  });

  it('takes an optional field the saved values lack (a logo chosen in the draft)', () => {
    const savedDesign = { layout: 'centred', font: 'system' } as {
      layout: string;
      font: string;
      logo?: string | null;
    };
    expect(overlayDraft(savedDesign, { layout: 'dark', font: 'inter', logo: '/media/logo.png' })).toEqual({
      layout: 'dark',
      font: 'inter',
      logo: '/media/logo.png',
    });
  });
});
