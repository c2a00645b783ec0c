import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyOrSelect, type ClipboardWriter } from '#web/lib/use-copy-to-clipboard.ts';

// The copy buttons' fallback (web/lib/use-copy-to-clipboard.ts): without the Clipboard API, or when it
// refuses, the text on screen is selected to copy by hand.

/** A field's stand-in: records what the fallback did to it. */
function fakeField() {
  const calls: string[] = [];
  return {
    calls,
    field: {
      focus: () => calls.push('focus'),
      select: () => calls.push('select'),
    } as unknown as HTMLInputElement,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('copyOrSelect', () => {
  it('puts the text on the clipboard and leaves the field alone', async () => {
    const written: string[] = [];
    const clipboard: ClipboardWriter = { writeText: async (text) => void written.push(text) };
    const { calls, field } = fakeField();
    expect(await copyOrSelect('tc_secret', clipboard, field)).toBe(true);
    expect(written).toEqual(['tc_secret']);
    expect(calls).toEqual([]);
  });

  it('selects the field when the browser has no Clipboard API', async () => {
    const { calls, field } = fakeField();
    expect(await copyOrSelect('tc_secret', undefined, field)).toBe(false);
    expect(calls).toEqual(['focus', 'select']);
  });

  it('selects the field when the clipboard refuses', async () => {
    const clipboard: ClipboardWriter = {
      writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
    };
    const { calls, field } = fakeField();
    expect(await copyOrSelect('tc_secret', clipboard, field)).toBe(false);
    expect(calls).toEqual(['focus', 'select']);
  });

  it("selects an element's text (a list of codes) when it is not a field", async () => {
    const selectAllChildren = vi.fn();
    vi.stubGlobal('window', { getSelection: () => ({ selectAllChildren }) });
    const list = { tagName: 'UL' } as unknown as HTMLElement;
    expect(await copyOrSelect('a\nb', undefined, list)).toBe(false);
    expect(selectAllChildren).toHaveBeenCalledWith(list);
  });

  it('fails without selecting anything when there is nothing to select', async () => {
    expect(await copyOrSelect('https://example.com/l/abc', undefined, null)).toBe(false);
  });
});
