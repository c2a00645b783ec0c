import { describe, expect, it } from 'vitest';
import { passkeyRelyingParty, passkeysOffReason } from '../../server/passkeys/relying-party.ts';

describe('passkeyRelyingParty', () => {
  it('binds passkeys to PUBLIC_URL’s host name and origin', () => {
    expect(passkeyRelyingParty('https://cards.example.com')).toEqual({
      rpID: 'cards.example.com',
      origin: 'https://cards.example.com',
    });
    expect(passkeyRelyingParty('https://cards.example.com:8443')).toEqual({
      rpID: 'cards.example.com',
      origin: 'https://cards.example.com:8443',
    });
    // browsers treat http on localhost as a secure context
    expect(passkeyRelyingParty('http://localhost:3000')).toEqual({
      rpID: 'localhost',
      origin: 'http://localhost:3000',
    });
    expect(passkeyRelyingParty('http://tapcard.localhost')?.rpID).toBe('tapcard.localhost');
  });

  it('offers none where no browser makes a passkey: an IP address, or plain http elsewhere', () => {
    expect(passkeyRelyingParty('http://127.0.0.1:3000')).toBeNull();
    expect(passkeyRelyingParty('https://192.0.2.10')).toBeNull();
    expect(passkeyRelyingParty('https://[2001:db8::1]')).toBeNull();
    expect(passkeyRelyingParty('http://cards.example.com')).toBeNull();
  });

  it('names why passkeys are off, for the start-up log and the account page', () => {
    expect(passkeysOffReason('http://127.0.0.1:3000')).toBe('ip_address');
    expect(passkeysOffReason('https://192.0.2.10')).toBe('ip_address');
    expect(passkeysOffReason('https://[2001:db8::1]')).toBe('ip_address');
    expect(passkeysOffReason('http://cards.example.com')).toBe('not_https');
    expect(passkeysOffReason('https://cards.example.com')).toBeNull();
    expect(passkeysOffReason('http://localhost:3000')).toBeNull();
  });
});
