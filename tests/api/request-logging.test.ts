import { afterEach, describe, expect, it } from 'vitest';
import { KEPT_RECORDS_META } from '../../src/privacy.ts';
import type { Config } from '../../server/config.ts';
import { addLink, addVcard, createApiCaller, createOwner } from '../support/factories.ts';
import { buildTestApp, type TestApp } from '../support/harness.ts';
import { captureLogs, type LogLine } from '../support/logs.ts';

// No visitor's address or user agent in the log (docs/decisions/019-no-visitor-address-kept.md):
// by default no line carries either, on the pages and redirects visitors open; LOG_CLIENT_ADDRESS puts
// them on a line per request for operators who need them. The address is the socket's unless a proxy
// is trusted (TRUST_PROXY), and every line about a request carries its id.

/** A visitor behind a trusted proxy, with a browser string no other line could contain by chance. */
const VISITOR_ADDRESS = '203.0.113.77';
const VISITOR_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.7777.77 Safari/537.36';
const PROXY_ADDRESS = '127.0.0.1';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appLogging(overrides: Partial<Config>, level = 'info') {
  const logs = captureLogs();
  t = await buildTestApp(
    { trustProxy: [PROXY_ADDRESS], ...overrides },
    { logger: { level, stream: logs.stream } },
  );
  return { app: t, lines: logs.lines };
}

/** A card's page, its .vcf and a QR scan of a short link, as a visitor opens them through the proxy. */
async function visitAsVisitor(app: TestApp): Promise<string[]> {
  const owner = await createOwner(app.db);
  const vcardId = await addVcard(app.db, owner.id);
  const link = await addLink(app.db, owner.id);
  const urls = [`/${owner.username}`, `/vcard/${vcardId}/contact.vcf`, `/l/${link.code}?qr`];
  for (const url of urls) {
    const response = await app.app.inject({
      method: 'GET',
      url,
      remoteAddress: PROXY_ADDRESS,
      headers: { 'x-forwarded-for': VISITOR_ADDRESS, 'user-agent': VISITOR_AGENT },
    });
    expect(response.statusCode, url).toBeLessThan(400);
  }
  return urls;
}

const text = (lines: LogLine[]) => lines.map((line) => JSON.stringify(line)).join('\n');

/** What the privacy page is told this server keeps (the HTML shell's meta element, src/privacy.ts). */
async function keptRecordsShown(app: TestApp): Promise<string | undefined> {
  const response = await app.app.inject({ method: 'GET', url: '/privacy' });
  return new RegExp(`<meta name="${KEPT_RECORDS_META}" content="([a-z -]*)">`).exec(response.body)?.[1];
}

describe('a visitor in the log', () => {
  it('leaves neither address nor user agent at the default level (info)', async () => {
    const { app, lines } = await appLogging({});
    await visitAsVisitor(app);
    expect(text(lines)).not.toContain(VISITOR_ADDRESS);
    expect(text(lines)).not.toContain('7777.77');
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
    // and the privacy page says so
    expect(await keptRecordsShown(app)).toBe('devices referrers countries');
  });

  it('at debug, logs each request by id, method and path (no query), still without address or user agent', async () => {
    const { app, lines } = await appLogging({}, 'debug');
    const urls = await visitAsVisitor(app);
    const incoming = lines.filter((line) => line.msg === 'incoming request');
    expect(incoming.map((line) => line.req)).toEqual(
      urls.map((url) => ({ method: 'GET', url: url.split('?')[0], host: 'localhost:80' })),
    );
    for (const line of incoming) expect(line.reqId).toMatch(/^req-[0-9a-z]+$/);
    expect(text(lines)).not.toContain(VISITOR_ADDRESS);
    expect(text(lines)).not.toContain('7777.77');
  });

  it('with LOG_CLIENT_ADDRESS on, logs each request at info with the address and user agent', async () => {
    const { app, lines } = await appLogging({ logClientAddress: true });
    const urls = await visitAsVisitor(app);
    const incoming = lines.filter((line) => line.msg === 'incoming request');
    expect(incoming.map((line) => line.req)).toEqual(
      urls.map((url) => ({
        method: 'GET',
        url: url.split('?')[0],
        host: 'localhost:80',
        remoteAddress: VISITOR_ADDRESS,
        userAgent: VISITOR_AGENT,
      })),
    );
    expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(urls.length);
    expect(await keptRecordsShown(app)).toBe('devices referrers countries logged-addresses');
  });
});

describe('the client address', () => {
  async function remoteAddressLogged(trustProxy: boolean | string[]): Promise<LogLine | undefined> {
    const { app, lines } = await appLogging({ trustProxy, logClientAddress: true });
    await app.app.inject({
      method: 'GET',
      url: '/health',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    return lines.find((line) => line.msg === 'incoming request');
  }

  it('ignores X-Forwarded-For by default and logs a request id', async () => {
    const line = await remoteAddressLogged(false);
    expect(line?.req?.remoteAddress).toBe('127.0.0.1');
    // a random tag of the server's process, then its count (server/lib/request-log.ts)
    expect(line?.reqId).toMatch(/^req-[0-9a-f]{10}[0-9a-z]+$/);
  });

  it('uses X-Forwarded-For only from a configured proxy', async () => {
    const line = await remoteAddressLogged(['127.0.0.1']);
    expect(line?.req?.remoteAddress).toBe('203.0.113.9');
  });
});

describe('the request id', () => {
  it("is every answer's Request-Id, and an API call's log line names it", async () => {
    const { app, lines } = await appLogging({});
    const caller = await createApiCaller(app);
    const answer = await caller.call('GET', '/api/v1/me');
    const requestId = answer.headers['request-id'];
    expect(requestId).toMatch(/^req-[0-9a-f]{10}[0-9a-z]+$/);
    expect(lines.find((line) => line.reqId === requestId && line.msg === 'API request')).toMatchObject({
      api: { method: 'GET', route: '/api/v1/me', status: 200 },
    });
    // a refusal and the app's other routes carry theirs, each its own
    const refused = await app.app.inject({ url: '/api/v1/me' });
    const health = await app.app.inject({ url: '/health' });
    const ids = [requestId, refused.headers['request-id'], health.headers['request-id']];
    expect(new Set(ids).size).toBe(3);
    expect(lines.find((line) => line.reqId === ids[1] && line.msg === 'API request')).toMatchObject({
      api: { status: 401 },
    });
  });
});
