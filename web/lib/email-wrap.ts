/** The address cut before each `@` and after each dot (written out: older Safari has no lookbehind). */
export function emailWrapPoints(address: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let index = 0; index < address.length; index += 1) {
    const cut = address[index] === '@' ? index : address[index] === '.' ? index + 1 : -1;
    if (cut > start && cut < address.length) {
      parts.push(address.slice(start, cut));
      start = cut;
    }
  }
  parts.push(address.slice(start));
  return parts;
}
