import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { linkCounts, linkOutcomes } from '../support/counts.ts';
import { addLink, createSignedInOwner } from '../support/factories.ts';
import { buildTestApp, TEST_METRICS_TOKEN, type TestApp } from '../support/harness.ts';
import { timedAnswers } from '../support/metrics.ts';
import { headersBesideDate, listenOverHttp, type ListeningApp } from '../support/over-http.ts';
import { DESKTOP_CHROME, IPHONE_SAFARI } from '../support/user-agents.ts';

// A warm short link on the main address is followed beneath Fastify (server/lib/fast-lane.ts). Over real
// HTTP (app.inject never reaches the server): the lane's answer is the route's, header for header; every
// person's follow is counted with the facts the route records (the client's address through the trusted
// proxy, the campaign, the rule that matched), timed in the metrics; and whatever the lane cannot finish
// alone (HEAD, a card host, a link that is not live) reaches the route, whose hooks run.

const CARD_DOMAIN = 'cards.test';
const PROXY = '127.0.0.1';
/** A British address in geoip-country's database, as a proxy forwards it. */
const VISITOR_IN_GB = '81.2.69.160';

let t: TestApp;
let send: ListeningApp['send'];
/** Every request that reached Fastify's hooks: the ones the lane left to the route. */
let reachedFastify: string[];

beforeAll(async () => {
  t = await buildTestApp({ cardDomain: CARD_DOMAIN, metricsToken: TEST_METRICS_TOKEN, trustProxy: [PROXY] });
  ({ send, reachedFastify } = await listenOverHttp(t, PROXY));
});

afterAll(async () => {
  await t?.close();
});

const onPhone = (path: string, headers: Record<string, string> = {}) =>
  send(path, { 'user-agent': IPHONE_SAFARI, ...headers });

/** Follows `path` once while its link is cold (the route loads it into the cache) and returns that answer. */
async function warmUp(path: string, headers: Record<string, string> = {}) {
  const cold = await onPhone(path, headers);
  expect(cold.status).toBe(302);
  return cold;
}

async function expectCounts(linkId: string, expected: { scans: number; clicks: number }) {
  const total = { ...expected, events: expected.scans + expected.clicks };
  await vi.waitFor(async () => expect(await linkCounts(t.db, linkId)).toEqual(total), { timeout: 5_000 });
}

describe('a warm link on the main address', () => {
  it("answers beneath Fastify with the route's very answer, and counts every follow", async () => {
    const owner = await createSignedInOwner(t);
    const link = await addLink(t.db, owner.userId, { url: 'https://example.com/flyer' });
    const path = `/l/${link.code}?qr`;
    const cold = await warmUp(path);
    const before = reachedFastify.length;
    const warm = await Promise.all(Array.from({ length: 20 }, () => onPhone(path)));
    expect(reachedFastify.length, 'the warm follows never reached Fastify').toBe(before);
    for (const answer of warm) {
      expect(answer.status).toBe(302);
      expect(headersBesideDate(answer)).toEqual(headersBesideDate(cold));
      expect(answer.body.length).toBe(0);
    }
    expect(cold.headers.location).toBe('https://example.com/flyer');
    await expectCounts(link.id, { scans: 21, clicks: 0 });
  });

  it('records the address the trusted proxy forwards, and the campaign of the address', async () => {
    const owner = await createSignedInOwner(t);
    const link = await addLink(t.db, owner.userId);
    await warmUp(`/l/${link.code}`);
    const before = reachedFastify.length;
    const answer = await onPhone(`/l/${link.code}?utm_source=flyer&utm_campaign=autumn`, {
      'x-forwarded-for': VISITOR_IN_GB,
      referer: 'https://news.example.org/story',
    });
    expect(answer.status).toBe(302);
    expect(reachedFastify.length).toBe(before);
    await expectCounts(link.id, { scans: 0, clicks: 2 });
    const rows = await t.db
      .selectFrom('link_events')
      .select(['country', 'utm_source', 'utm_campaign', 'referrer_host', 'device', 'hits'])
      .where('link_id', '=', link.id)
      .where('country', '=', 'GB')
      .execute();
    expect(rows).toEqual([
      {
        country: 'GB',
        utm_source: 'flyer',
        utm_campaign: 'autumn',
        referrer_host: 'news.example.org',
        device: 'mobile',
        hits: 1,
      },
    ]);
  });

  it("sends each visitor where the link's rules say, counted as a rule's", async () => {
    const owner = await createSignedInOwner(t);
    const link = await addLink(t.db, owner.userId, {
      url: 'https://example.com/everyone',
      rules: JSON.stringify([{ device: 'ios', language: null, url: 'https://apps.example.com/ios' }]),
    });
    await warmUp(`/l/${link.code}`);
    const before = reachedFastify.length;
    const iphone = await onPhone(`/l/${link.code}`);
    const desktop = await send(`/l/${link.code}`, { 'user-agent': DESKTOP_CHROME });
    expect(reachedFastify.length).toBe(before);
    expect(iphone.headers.location).toBe('https://apps.example.com/ios');
    expect(desktop.headers.location).toBe('https://example.com/everyone');
    await expectCounts(link.id, { scans: 0, clicks: 3 });
    expect(await linkOutcomes(t.db, link.id)).toEqual({ destination: 1, fallback: 0, rule: 2 });
  });

  it("leads bots, prefetches and the owner's own browser on without counting them", async () => {
    const owner = await createSignedInOwner(t);
    const link = await addLink(t.db, owner.userId);
    const path = `/l/${link.code}`;
    await warmUp(path);
    const before = reachedFastify.length;
    const answers = await Promise.all([
      send(path, { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' }),
      onPhone(path, { 'sec-purpose': 'prefetch' }),
      onPhone(path, { cookie: owner.cookie }),
    ]);
    expect(reachedFastify.length).toBe(before);
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302]);
    // the owner's session is looked up beside the answer: give it time to have been counted, if it were
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await expectCounts(link.id, { scans: 0, clicks: 1 });
  });

  it("times the lane's answers in the metrics, as Fastify's", async () => {
    const owner = await createSignedInOwner(t);
    const link = await addLink(t.db, owner.userId);
    await warmUp(`/l/${link.code}`);
    const read = () => timedAnswers(send, 'short_link', '3xx');
    const before = await read();
    await Promise.all(Array.from({ length: 5 }, () => onPhone(`/l/${link.code}`)));
    expect(await read()).toBe(before + 5);
  });
});

describe('what the lane leaves to the route', () => {
  it('a HEAD request: led on, not counted', async () => {
    const owner = await createSignedInOwner(t);
    const link = await addLink(t.db, owner.userId);
    await warmUp(`/l/${link.code}`);
    const before = reachedFastify.length;
    const head = await send(`/l/${link.code}`, { 'user-agent': IPHONE_SAFARI }, 'HEAD');
    expect(head.status).toBe(302);
    expect(reachedFastify.length).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await expectCounts(link.id, { scans: 0, clicks: 1 });
  });

  it("another account's code on a card host: the 404 page, not counted", async () => {
    const [owner, other] = [await createSignedInOwner(t), await createSignedInOwner(t)];
    const link = await addLink(t.db, owner.userId);
    await warmUp(`/l/${link.code}`);
    const before = reachedFastify.length;
    const answer = await onPhone(`/l/${link.code}`, { host: `${other.username}.${CARD_DOMAIN}` });
    expect(answer.status).toBe(404);
    expect(reachedFastify.length).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await expectCounts(link.id, { scans: 0, clicks: 1 });
  });

  it("a warm link whose end has come: the route's 'not active' page, not counted", async () => {
    const owner = await createSignedInOwner(t);
    const link = await addLink(t.db, owner.userId, { active_until: new Date(Date.now() + 1_500) });
    await warmUp(`/l/${link.code}`);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    const before = reachedFastify.length;
    const ended = await onPhone(`/l/${link.code}`);
    expect(ended.status).toBe(410);
    expect(reachedFastify.length).toBe(before + 1);
    await expectCounts(link.id, { scans: 0, clicks: 1 });
  });
});
