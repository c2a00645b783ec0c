import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { viewCount } from '../support/counts.ts';
import { addVcard, createOwner } from '../support/factories.ts';
import { buildTestApp, TEST_METRICS_TOKEN, type TestApp } from '../support/harness.ts';
import { timedAnswers } from '../support/metrics.ts';
import { headersBesideDate, listenOverHttp, textOf, type ListeningApp } from '../support/over-http.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// A warm card's page and .vcf on the main address are answered beneath Fastify (server/lib/fast-lane.ts).
// Over real HTTP (app.inject never reaches the server): the lanes' answers are the routes', header for
// header and byte for byte; every person's view is counted and timed in the metrics; and whatever a lane
// cannot finish alone (a validator to compare, a name to lowercase, a HEAD, a card host) reaches the
// routes, whose hooks run.

const CARD_DOMAIN = 'cards.test';

let t: TestApp;
let send: ListeningApp['send'];
/** Every request that reached Fastify's hooks: the ones the lanes left to the routes. */
let reachedFastify: string[];

beforeAll(async () => {
  t = await buildTestApp({ cardDomain: CARD_DOMAIN, metricsToken: TEST_METRICS_TOKEN });
  ({ send, reachedFastify } = await listenOverHttp(t));
});

afterAll(async () => {
  await t?.close();
});

const PHONE = { 'user-agent': IPHONE_SAFARI, 'accept-language': 'en-GB,en;q=0.9', 'accept-encoding': 'gzip' };
const onPhone = (path: string, headers: Record<string, string> = {}) => send(path, { ...PHONE, ...headers });

/** A Pro account with a card (its page is on a card subdomain too); `username` when given. */
async function ownerWithCard(username?: string) {
  const owner = await createOwner(t.db, { plan: 'pro', ...(username ? { username } : {}) });
  const vcardId = await addVcard(t.db, owner.id, { name: 'Grace Hopper' });
  return { ...owner, vcardId };
}

async function expectViews(userId: string, views: number) {
  await vi.waitFor(async () => expect(await viewCount(t.db, userId)).toBe(views), { timeout: 5_000 });
}

/** Opens `path` while its page is cold (the route renders it into the cache) and returns that answer. */
async function warmUp(path: string) {
  const before = reachedFastify.length;
  const cold = await onPhone(path);
  expect(cold.status).toBe(200);
  expect(reachedFastify.length, 'the first request reached the route').toBe(before + 1);
  return cold;
}

describe('a warm card on the main address', () => {
  it("answers its page at each of its addresses beneath Fastify with the route's very answer, counting every view", async () => {
    const owner = await ownerWithCard();
    const paths = [`/${owner.username}`, `/user/${owner.username}?qr`, `/vcard/${owner.vcardId}`];
    for (const path of paths) {
      const cold = await warmUp(path);
      const before = reachedFastify.length;
      const warm = await Promise.all(Array.from({ length: 10 }, () => onPhone(path)));
      expect(reachedFastify.length, `the warm views of ${path} never reached Fastify`).toBe(before);
      for (const answer of warm) {
        expect(answer.status).toBe(200);
        expect(headersBesideDate(answer)).toEqual(headersBesideDate(cold));
        expect(answer.body.equals(cold.body)).toBe(true);
      }
      expect(cold.headers['content-encoding']).toBe('gzip');
      expect(textOf(cold)).toContain('Grace Hopper');
    }
    await expectViews(owner.id, 33);
  });

  it('sends a client that takes no gzip the plain page, of the same length it names', async () => {
    const owner = await ownerWithCard();
    const zipped = await warmUp(`/${owner.username}`);
    const before = reachedFastify.length;
    const plain = await send(`/${owner.username}`, { 'user-agent': IPHONE_SAFARI });
    expect(reachedFastify.length).toBe(before);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(plain.body.length));
    expect(plain.body.equals(gunzipSync(zipped.body))).toBe(true);
    expect(plain.headers.etag).toBe(zipped.headers.etag);
  });

  it("answers the .vcf beneath Fastify once made, the route's very file, and counts no view", async () => {
    const owner = await ownerWithCard();
    const path = `/vcard/${owner.vcardId}/contact.vcf`;
    const before = reachedFastify.length;
    const made = await onPhone(path);
    expect(reachedFastify.length).toBe(before + 1);
    const warm = await Promise.all(Array.from({ length: 5 }, () => onPhone(path)));
    expect(reachedFastify.length).toBe(before + 1);
    expect(made.status).toBe(200);
    expect(made.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(made.headers['content-disposition']).toContain('Grace Hopper');
    expect(made.headers['x-content-type-options']).toBe('nosniff');
    expect(made.body.toString()).toContain('FN:Grace Hopper');
    for (const answer of warm) {
      expect(headersBesideDate(answer)).toEqual(headersBesideDate(made));
      expect(answer.body.equals(made.body)).toBe(true);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await viewCount(t.db, owner.id)).toBe(0);
  });

  it("times the lanes' answers in the metrics, as Fastify's", async () => {
    const owner = await ownerWithCard();
    await warmUp(`/${owner.username}`);
    const read = () => timedAnswers(send, 'public_page', '2xx');
    const before = await read();
    await Promise.all(Array.from({ length: 5 }, () => onPhone(`/${owner.username}`)));
    expect(await read()).toBe(before + 5);
  });
});

describe('what the lanes leave to the routes', () => {
  it('a request with If-None-Match: the route compares it (304), and counts the view', async () => {
    const owner = await ownerWithCard();
    const cold = await warmUp(`/${owner.username}`);
    const before = reachedFastify.length;
    const revalidated = await onPhone(`/${owner.username}`, { 'if-none-match': String(cold.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(reachedFastify.length).toBe(before + 1);
    await expectViews(owner.id, 2);
  });

  it('a name in capitals, and a HEAD request: the route answers them', async () => {
    const owner = await ownerWithCard();
    await warmUp(`/${owner.username}`);
    const before = reachedFastify.length;
    const capitals = await onPhone(`/${owner.username.toUpperCase()}`);
    expect(capitals.status).toBe(301);
    expect(capitals.headers.location).toBe(`/${owner.username}`);
    const head = await send(`/${owner.username}`, PHONE, 'HEAD');
    expect(head.status).toBe(200);
    expect(reachedFastify.length).toBe(before + 2);
  });

  it("another account's card on a card host: the guard's 404, not counted", async () => {
    const [owner, other] = [await ownerWithCard(), await ownerWithCard()];
    await warmUp(`/vcard/${owner.vcardId}`);
    // answered by the card-host guard's hook (before the hook that notes what reached Fastify)
    const answer = await onPhone(`/vcard/${owner.vcardId}`, { host: `${other.username}.${CARD_DOMAIN}` });
    expect(answer.status).toBe(404);
    expect(textOf(answer)).not.toContain('Grace Hopper');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await viewCount(t.db, owner.id)).toBe(1);
  });
});
