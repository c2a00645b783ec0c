// The part of punycode.js (no types of its own) that src/vcard.ts uses: an international domain name,
// from the ASCII form a URL parser gives (xn--…) back to its letters.
declare module 'punycode.js' {
  const punycode: {
    /** Converts each xn-- label of a domain name to Unicode; other labels stay as they are. */
    toUnicode(domain: string): string;
  };
  export default punycode;
}
