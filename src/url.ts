// docs/decisions/006-short-links-and-qr-codes.md: only http and https destinations are stored anywhere, and
// the server never writes any other scheme into an href.

/** True for an absolute http:// or https:// URL with a host. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
