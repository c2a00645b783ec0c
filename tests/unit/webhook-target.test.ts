import { describe, expect, it } from 'vitest';
import { tlsServerName } from '../../server/webhooks/target.ts';

// The TLS server name of a webhook's request (server/webhooks/target.ts): it connects to the checked
// address, and the certificate is checked against the URL's name; SNI carries names only.

describe('the TLS server name of a webhook target', () => {
  it('is the host name of an https URL', () => {
    expect(tlsServerName(new URL('https://hooks.example.com:8443/in'))).toEqual({
      servername: 'hooks.example.com',
    });
  });

  it('is not set for an IPv4 or IPv6 literal host', () => {
    expect(tlsServerName(new URL('https://203.0.113.7/in'))).toEqual({});
    expect(tlsServerName(new URL('https://[2001:db8::1]:8443/in'))).toEqual({});
    expect(tlsServerName(new URL('https://[::ffff:203.0.113.7]/in'))).toEqual({});
  });

  it('is not set for http', () => {
    expect(tlsServerName(new URL('http://hooks.example.com/in'))).toEqual({});
  });
});
