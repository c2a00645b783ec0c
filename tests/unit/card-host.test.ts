import { describe, expect, it } from 'vitest';
import { classifyHost, hostRules, type HostKind } from '../../server/lib/hosts.ts';

// The host classifier (docs/decisions/017-hosts-classified-exactly.md): every Host header is the main
// address, one card subdomain, or unknown, exactly; the API tests (tests/api/card-domain.test.ts) check what
// each kind is served.

const rules = hostRules('https://app.example.com', 'cards.example.com');
const classify = (host: string | undefined) => classifyHost(host, rules);
const card = (username: string, port = ''): HostKind => ({ kind: 'card', username, port });
const MAIN: HostKind = { kind: 'main' };
const UNKNOWN: HostKind = { kind: 'unknown' };

describe('classifyHost', () => {
  it('finds the card of one username label under CARD_DOMAIN, in every spelling of the same host', () => {
    expect(classify('paula.cards.example.com')).toEqual(card('paula'));
    expect(classify('PAULA.Cards.Example.COM')).toEqual(card('paula'));
    expect(classify('paula.cards.example.com.')).toEqual(card('paula'));
    expect(classify('paula.cards.example.com:8443')).toEqual(card('paula', '8443'));
    expect(classify('Paula.cards.example.com.:8443')).toEqual(card('paula', '8443'));
    // an empty port is the default port (RFC 3986 section 3.2.3)
    expect(classify('paula.cards.example.com:')).toEqual(card('paula'));
    // a free plan's numeric name, and a hyphenated one
    expect(classify('24178456.cards.example.com')).toEqual(card('24178456'));
    expect(classify('paula-design.cards.example.com')).toEqual(card('paula-design'));
  });

  it('refuses every other host under CARD_DOMAIN', () => {
    for (const host of [
      // a deeper label, in every spelling
      'x.paula.cards.example.com',
      'X.PAULA.CARDS.EXAMPLE.COM.',
      'x.paula.cards.example.com:443',
      'app.app.example.com.cards.example.com',
      // the bare card domain
      'cards.example.com',
      'CARDS.EXAMPLE.COM.',
      'cards.example.com:443',
      // empty labels
      '.cards.example.com',
      'paula..cards.example.com',
      'paula.cards.example.com..',
      // reserved names and labels no username can have
      'www.cards.example.com',
      'api.cards.example.com',
      'app.cards.example.com',
      'dashboard.cards.example.com',
      'l.cards.example.com',
      'pa.cards.example.com',
      '-paula.cards.example.com',
      'paula-.cards.example.com',
      'pa_ula.cards.example.com',
      'paula@evil.cards.example.com',
      'pàula.cards.example.com',
      // IDNA A-labels, which browsers show decoded as other words (аpple with a Cyrillic а), and the other
      // labels with hyphens as 3rd and 4th characters
      'xn--pple-43d.cards.example.com',
      'XN--PPLE-43D.cards.example.com.',
      'ab--cd.cards.example.com',
      `${'a'.repeat(31)}.cards.example.com`,
      '[::1].cards.example.com',
      // ports that are no port
      'paula.cards.example.com:abc',
      'paula.cards.example.com:443:443',
      'paula.cards.example.com:443.',
      'paula.cards.example.com:123456',
    ]) {
      expect(classify(host), host).toEqual(UNKNOWN);
    }
  });

  it("keeps PUBLIC_URL's host and every host outside CARD_DOMAIN the main address", () => {
    for (const host of [
      undefined,
      'app.example.com',
      'APP.example.com.',
      'app.example.com:3000',
      'localhost',
      'localhost:3000',
      '127.0.0.1:3000',
      '[::1]:3000',
      'example.com',
      // not under CARD_DOMAIN, only ending like it
      'evilcards.example.com',
      'cards.example.com.evil.test',
    ]) {
      expect(classify(host), String(host)).toEqual(MAIN);
    }
  });

  it("keeps PUBLIC_URL's host the main address when it lies under CARD_DOMAIN, or is CARD_DOMAIN", () => {
    const under = hostRules('https://app.cards.example.com', 'cards.example.com');
    expect(classifyHost('app.cards.example.com', under)).toEqual(MAIN);
    expect(classifyHost('APP.cards.example.com.:443', under)).toEqual(MAIN);
    expect(classifyHost('x.app.cards.example.com', under)).toEqual(UNKNOWN);
    expect(classifyHost('cards.example.com', under)).toEqual(UNKNOWN);
    expect(classifyHost('paula.cards.example.com', under)).toEqual(card('paula'));

    const same = hostRules('http://localhost:3000', 'localhost');
    expect(classifyHost('localhost:3000', same)).toEqual(MAIN);
    expect(classifyHost('localhost.', same)).toEqual(MAIN);
    expect(classifyHost('grace.localhost:3000', same)).toEqual(card('grace', '3000'));
    expect(classifyHost('127.0.0.1:3000', same)).toEqual(MAIN);
  });

  it('remembers the hosts under CARD_DOMAIN it read, a bounded number, with the same answers', () => {
    const remembering = hostRules('https://app.example.com', 'cards.example.com');
    for (let round = 0; round < 2; round += 1) {
      for (let n = 0; n < 5_000; n += 1) {
        expect(classifyHost(`card-${n}.cards.example.com`, remembering)).toEqual(card(`card-${n}`));
        expect(classifyHost(`x.card-${n}.cards.example.com`, remembering)).toEqual(UNKNOWN);
      }
      expect(remembering.known.size).toBeLessThanOrEqual(4096);
    }
    // hosts outside CARD_DOMAIN are told apart without being remembered
    classifyHost('127.0.0.1:3000', remembering);
    expect(remembering.known.has('127.0.0.1:3000')).toBe(false);
  });

  it('sees every host as the main address without CARD_DOMAIN', () => {
    const none = hostRules('https://app.example.com', null);
    expect(classifyHost('paula.cards.example.com', none)).toEqual(MAIN);
    expect(classifyHost('x.y.z', none)).toEqual(MAIN);
  });
});

describe('classifyHost with custom domains', () => {
  const answered = {
    userId: 'u1',
    team: false,
    username: 'paula',
    removed: false,
    plan: { plan_type: 'business', subscription_end: null, trial_start_date: new Date(), trial_days: null },
  };
  const domains = new Map([
    ['cards.acme.com', answered],
    ['xn--caf-dma.test', answered],
  ]);
  const withDomains = hostRules('https://app.example.com', 'cards.example.com', domains);
  const classifyCustom = (host: string) => classifyHost(host, withDomains);
  const custom = (domain: string, port = ''): HostKind => ({ kind: 'custom', domain, port });

  it('finds a custom domain in every spelling of its host', () => {
    expect(classifyCustom('cards.acme.com')).toEqual(custom('cards.acme.com'));
    expect(classifyCustom('CARDS.Acme.COM')).toEqual(custom('cards.acme.com'));
    expect(classifyCustom('cards.acme.com.')).toEqual(custom('cards.acme.com'));
    expect(classifyCustom('cards.acme.com:8443')).toEqual(custom('cards.acme.com', '8443'));
    expect(classifyCustom('Cards.Acme.com.:')).toEqual(custom('cards.acme.com'));
    expect(classifyCustom('XN--CAF-DMA.test')).toEqual(custom('xn--caf-dma.test'));
  });

  it('refuses a deeper label under one, another spelling of one, and a host that is not ASCII', () => {
    for (const host of [
      'x.cards.acme.com',
      'WWW.CARDS.ACME.COM.:443',
      'a.b.cards.acme.com',
      '.cards.acme.com',
      'x..cards.acme.com',
      'cards.acme.com..',
      'cards.acme.com:abc',
      'cards.acme.com:443:443',
      'x.xn--caf-dma.test',
      'café.test',
      'café.example.org',
      'cards.acme.com\u0000',
    ]) {
      expect(classifyCustom(host), host).toEqual(UNKNOWN);
    }
  });

  it('keeps every other host what it was: the main address, card subdomains', () => {
    for (const host of [
      'app.example.com',
      'APP.example.com.',
      'localhost:3000',
      '127.0.0.1',
      'acme.com',
      'xcards.acme.com',
    ]) {
      expect(classifyCustom(host), host).toEqual(MAIN);
    }
    expect(classifyCustom('paula.cards.example.com')).toEqual(card('paula'));
    // without CARD_DOMAIN a custom domain is still one
    const noCardDomain = hostRules('https://app.example.com', null, domains);
    expect(classifyHost('cards.acme.com', noCardDomain)).toEqual(custom('cards.acme.com'));
    expect(classifyHost('paula.cards.example.com', noCardDomain)).toEqual(MAIN);
  });

  it('answers a released domain (its account deleted) and the labels under it as unknown, never the main address', () => {
    const released = new Set(['old.acme.com']);
    const rules = hostRules('https://app.example.com', null, new Map(), released);
    for (const host of ['old.acme.com', 'OLD.acme.com.', 'old.acme.com:443', 'x.old.acme.com']) {
      expect(classifyHost(host, rules), host).toEqual(UNKNOWN);
    }
    expect(classifyHost('acme.com', rules)).toEqual(MAIN);
    // verified again by another account, it is that account's custom domain
    const again = hostRules('https://app.example.com', null, new Map([['old.acme.com', answered]]), released);
    expect(classifyHost('old.acme.com', again)).toEqual(custom('old.acme.com'));
  });

  it('forgets what it remembered when the domains change', () => {
    const changing = new Map(domains);
    const rules = hostRules('https://app.example.com', null, changing);
    expect(classifyHost('new.example.org', rules)).toEqual(MAIN);
    changing.set('new.example.org', answered);
    rules.known.clear();
    expect(classifyHost('new.example.org', rules)).toEqual(custom('new.example.org'));
  });
});
