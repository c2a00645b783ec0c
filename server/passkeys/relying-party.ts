import { isIP } from 'node:net';

export interface RelyingParty {
  /** The WebAuthn RP ID: PUBLIC_URL's host name, which every passkey of this server is bound to. */
  rpID: string;
  /** The one origin a ceremony may come from: PUBLIC_URL's. */
  origin: string;
}

/**
 * Where passkeys can work for a server reached at `publicUrl`, or null where no browser would make one:
 * WebAuthn needs a secure context (https, or http on localhost) and a domain name as the RP ID (an IP
 * address is not one). With null the server offers no passkey at all (DECISIONS.md: no button that cannot
 * work).
 */
export function passkeyRelyingParty(publicUrl: string): RelyingParty | null {
  const url = new URL(publicUrl);
  const host = url.hostname;
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return null;
  const localhost = host === 'localhost' || host.endsWith('.localhost');
  if (url.protocol !== 'https:' && !localhost) return null;
  return { rpID: host, origin: url.origin };
}
