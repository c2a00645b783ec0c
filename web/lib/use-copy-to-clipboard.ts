import { useRef } from 'react';
import { toast, type ToastInput } from './toast.ts';

// Copy buttons (an address, a secret, a key, backup codes): the text goes to the clipboard; where the
// Clipboard API is missing (plain http on another host than localhost, an old browser) or refuses, the text
// on screen is selected instead, ready to copy by hand.

/** What can take the text's place on the clipboard: its field, or the element that shows it. */
export type CopyFallbackTarget = HTMLInputElement | HTMLTextAreaElement | HTMLElement;

/** The part of navigator.clipboard a copy needs (absent outside secure contexts). */
export interface ClipboardWriter {
  writeText(text: string): Promise<void>;
}

/**
 * Puts `text` on the clipboard; true when it is there. Otherwise selects `fallback` (a field's value, or an
 * element's text) so that the person can copy it, and returns false.
 */
export async function copyOrSelect(
  text: string,
  clipboard: ClipboardWriter | undefined,
  fallback: CopyFallbackTarget | null,
): Promise<boolean> {
  try {
    if (!clipboard) throw new Error('no Clipboard API');
    await clipboard.writeText(text);
    return true;
  } catch {
    if (fallback && 'select' in fallback) {
      fallback.focus();
      fallback.select();
    } else if (fallback) {
      window.getSelection()?.selectAllChildren(fallback);
    }
    return false;
  }
}

export interface CopyToasts {
  copied?: ToastInput;
  failed?: ToastInput;
}

/**
 * A copy action for a screen: `copy(text, toasts)` copies (or selects the element given to `fallbackRef`)
 * and shows the toast of the outcome, if the screen has one; it resolves to whether the text was copied, for
 * screens that say so beside the button instead.
 */
export function useCopyToClipboard<T extends CopyFallbackTarget = HTMLInputElement>() {
  const fallbackRef = useRef<T>(null);
  async function copy(text: string, toasts: CopyToasts = {}): Promise<boolean> {
    // optional: outside a secure context the browser has no navigator.clipboard at all
    const clipboard = navigator.clipboard as ClipboardWriter | undefined;
    const copied = await copyOrSelect(text, clipboard, fallbackRef.current);
    const message = copied ? toasts.copied : toasts.failed;
    if (message) toast(message);
    return copied;
  }
  return { copy, fallbackRef };
}
