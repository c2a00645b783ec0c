// File names made from what a person typed (a QR code's title, a card's name). Browsers keep a name's
// letters, accents and emoji, but Chromium replaces every format character (Unicode Cf) in a download's
// name with "_", the zero-width joiners of emoji sequences among them: "👩🏽‍💻" would arrive as "👩🏽_💻",
// a woman and a laptop with a line between them. So a joined sequence is written as its parts side by
// side ("👩🏽💻"), the way Unicode says to show it where it is not supported, and a long name is cut
// between grapheme clusters (what a reader sees as one character), never inside one.

/** Most file systems allow 255 bytes in a name: the name of a title keeps under it, extension included. */
export const FILE_NAME_MAX_BYTES = 200;

const JOINERS = /[\u200C\u200D]/g;

let segmenter: Intl.Segmenter | null | undefined;

/** The grapheme clusters of a text; code points where the browser has no Intl.Segmenter (Firefox < 125). */
function graphemes(text: string): Iterable<string> {
  segmenter ??=
    typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('en', { granularity: 'grapheme' }) : null;
  if (!segmenter) return Array.from(text);
  return Array.from(segmenter.segment(text), ({ segment }) => segment);
}

/**
 * `text` (one line, without characters a file system refuses: the callers' own rules) ready to be a file
 * name: each grapheme cluster whole and without joiners, and at most `maxBytes` bytes of UTF-8.
 */
export function fileNameText(text: string, maxBytes = FILE_NAME_MAX_BYTES): string {
  const encoder = new TextEncoder();
  let name = '';
  let bytes = 0;
  for (const cluster of graphemes(text)) {
    const kept = cluster.replace(JOINERS, '');
    const size = encoder.encode(kept).length;
    if (bytes + size > maxBytes) break;
    name += kept;
    bytes += size;
  }
  return name;
}
