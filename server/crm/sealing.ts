import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// A CRM's tokens are kept sealed (docs/decisions/026-crm-connectors.md): AES-256-GCM under a key derived from
// AUTH_SECRET with HKDF, for this use alone, so a copy of the database (a backup, an export, a dump) holds no
// token anyone can use without the server's secret. A new AUTH_SECRET leaves them unreadable: each
// connection then asks to be connected again.

const VERSION = 'v1';

export interface TokenSeal {
  seal(plain: string): string;
  /** The sealed text opened; null when it was sealed under another secret, or changed. */
  open(sealed: string): string | null;
}

export function tokenSeal(authSecret: string): TokenSeal {
  const key = Buffer.from(hkdfSync('sha256', authSecret, '', 'tapcard crm tokens v1', 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const text = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, text, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, text, tag] = sealed.split('.');
      if (version !== VERSION || iv === undefined || text === undefined || tag === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}
