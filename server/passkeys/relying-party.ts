import { isIP } from 'node:net';

export interface RelyingParty {
  /** The WebAuthn RP ID: PUBLIC_URL's host name, which every passkey of this server is bound to. */
  rpID: string;
  /** The one origin a ceremony may come from: PUBLIC_URL's. */
  origin: string;
}

/**
 * Why no browser would make a passkey for a server at PUBLIC_URL: its host is an IP address (WebAuthn
 * needs a domain name as the RP ID), or it is plain http on a name other than localhost (WebAuthn needs
 * a secure context).
 */
export type PasskeysOffReason = 'ip_address' | 'not_https';

/** Why passkeys are off for a server reached at `publicUrl`, or null where they can work. */
export function passkeysOffReason(publicUrl: string): PasskeysOffReason | null {
  const url = new URL(publicUrl);
  const host = url.hostname;
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return 'ip_address';
  const localhost = host === 'localhost' || host.endsWith('.localhost');
  if (url.protocol !== 'https:' && !localhost) return 'not_https';
  return null;
}

/**
 * Where passkeys can work for a server reached at `publicUrl`, or null where no browser would make one
 * (passkeysOffReason). With null the server offers no passkey at all
 * (docs/decisions/007-security-beyond-the-spec.md: no button that cannot work), and says so: a line in its
 * start-up log and a note on the account page.
 */
export function passkeyRelyingParty(publicUrl: string): RelyingParty | null {
  if (passkeysOffReason(publicUrl) !== null) return null;
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

const OFF_EXPLANATIONS: Record<PasskeysOffReason, string> = {
  ip_address: 'is an IP address, and browsers make passkeys only for a domain name',
  not_https: 'is not https, and browsers make passkeys only on https (or on http://localhost)',
};

/** The operator's start-up line when passkeys are off (server/app.ts logs it). */
export function passkeysOffLogMessage(publicUrl: string, reason: PasskeysOffReason): string {
  return `passkeys are off: PUBLIC_URL ${publicUrl} ${OFF_EXPLANATIONS[reason]}; set PUBLIC_URL to the https address of a domain name to offer them`;
}
