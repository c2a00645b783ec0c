import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PauseReason, PausableKind } from '../../src/pauses.ts';
import { linkCounts as countsOfLink, viewCount as viewsOf } from '../support/counts.ts';
import {
  addLink,
  addVcard,
  buyPlan,
  createOwner,
  createSignedInOwner,
  endTrial,
  setPlan,
  setTrialEnd,
  versionOf,
} from '../support/factories.ts';
import {
  buildTestApp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';
import { expectPausedPage, visitOnPhone } from '../support/visits.ts';

// Plans that end, trials that expire, downgrades (docs/decisions/013-pause-never-delete.md): what a plan does
// not cover is paused, never deleted; a paused card or short link answers a 200 'Paused' page that is not
// counted; the pause starts the moment a trial ends or a plan changes and lifts the moment a plan is bought;
// the owner chooses what stays live within the limit.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Longer than one write delay of the hit and view queues: whatever was going to be written has been. */
const SETTLE_MS = 1_500;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => visitOnPhone(t.app, url, headers);
const expectPaused = expectPausedPage;

function expectRedirect(response: LightMyRequestResponse, location: string) {
  expect(response.statusCode).toBe(302);
  expect(response.headers.location).toBe(location);
}

const linkCounts = (linkId: string) => countsOfLink(t.db, linkId);
const viewCount = (userId: string) => viewsOf(t.db, userId);

/** Waits for a count to reach what is expected, then checks that nothing more arrives. */
async function expectSettled<T>(read: () => Promise<T>, expected: T) {
  await vi.waitFor(async () => expect(await read()).toEqual(expected), { timeout: 5_000 });
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  expect(await read()).toEqual(expected);
}

interface Listed {
  id: string;
  pause: PauseReason | null;
}
interface LinkList {
  items: (Listed & { title: string; code: string })[];
  used: number;
  limit: number;
  swapOut: { id: string; title: string } | null;
}
interface VcardList {
  vcards: (Listed & { name: string })[];
  primaryId: string | null;
  limit: number;
  swapOut: { id: string; name: string } | null;
}

async function listed<T>(cookie: string, path: string): Promise<T> {
  const response = await trpcQuery(t.app, path, cookie);
  expect(response.statusCode).toBe(200);
  return trpcData<T>(response);
}

/** Each listed item's pause, by title or name. */
function pausesOf(items: (Listed & { title?: string; name?: string })[]) {
  return Object.fromEntries(items.map((item) => [item.title ?? item.name, item.pause]));
}

function keepLive(cookie: string, kind: PausableKind, id: string, pausing: string) {
  return trpcMutate(t.app, 'pauses.keepLive', cookie, { kind, id, pausing });
}

describe('an expired trial', () => {
  it("answers the paused page for its QR codes and short links, in the visitor's language, and counts nothing", async () => {
    const owner = await createOwner(t.db, { plan: 'free', language: 'es' });
    await endTrial(t.db, owner.id);
    const qr = await addLink(t.db, owner.id, { kind: 'qr', url: 'https://cafe.example/menu' });
    const profileLink = await addLink(t.db, owner.id, { url: 'https://cafe.example/shop' });

    expectPaused(await get(`/l/${qr.code}?qr`, { 'accept-language': 'en-GB,en;q=0.9' }));
    expectPaused(await get(`/l/${qr.code}`, { 'accept-language': 'en' }));
    expectPaused(await get(`/l/${profileLink.code}`, { 'accept-language': 'en' }), 'Paused');
    // a visitor who asks for none of our languages gets the owner's
    const spanish = await get(`/l/${profileLink.code}`, { 'accept-language': 'de' });
    expectPaused(spanish, 'En pausa');
    expect(spanish.headers['content-language']).toBe('es');

    const none = { scans: 0, clicks: 0, events: 0 };
    await expectSettled(() => linkCounts(qr.id), none);
    expect(await linkCounts(profileLink.id)).toEqual(none);
  });

  it('pauses every link of a paid plan whose subscription has ended', async () => {
    const owner = await createOwner(t.db, {
      plan: 'pro',
      subscriptionEnd: new Date(Date.now() - DAY),
      trialStart: new Date(Date.now() - 30 * DAY),
    });
    const qr = await addLink(t.db, owner.id, { kind: 'qr' });
    expectPaused(await get(`/l/${qr.code}?qr`));
  });

  it('pauses at the moment the trial ends, with the link cached and no job run, and lifts at once when a plan is bought', async () => {
    const owner = await createSignedInOwner(t);
    const trialEnd = new Date(Date.now() + 10 * MINUTE);
    await setTrialEnd(t.db, owner.userId, trialEnd);
    const vcardId = await addVcard(t.db, owner.userId);
    const qr = await addLink(t.db, owner.userId, { kind: 'qr', url: 'https://cafe.example/menu' });

    // read into the caches while the trial runs
    expectRedirect(await get(`/l/${qr.code}?qr`), 'https://cafe.example/menu');
    expect((await get(`/${owner.username}`)).statusCode).toBe(200);
    await expectSettled(() => linkCounts(qr.id), { scans: 1, clicks: 0, events: 1 });

    // the clock passes the end (within the caches' time to live): nothing announced it
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(trialEnd.getTime() + 1_000);
    expectPaused(await get(`/l/${qr.code}?qr`));
    expect((await get(`/${owner.username}`)).statusCode).toBe(403);
    expect((await get(`/vcard/${vcardId}`)).statusCode).toBe(403);
    await expectSettled(() => linkCounts(qr.id), { scans: 1, clicks: 0, events: 1 });

    await buyPlan(t, owner.cookie, 'pro');
    expectRedirect(await get(`/l/${qr.code}?qr`), 'https://cafe.example/menu');
    expect((await get(`/${owner.username}`)).statusCode).toBe(200);
  });
});

describe('a downgrade', () => {
  /**
   * A free account whose trial runs, holding what a paid plan allowed: three vCards (the middle one is
   * primary), three QR codes and seven profile links whose order is not their age.
   */
  async function overLimitAccount() {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE);
    const vcards = {
      ana: await addVcard(t.db, owner.userId, { name: 'Ana', created_at: at(30) }),
      bea: await addVcard(t.db, owner.userId, { name: 'Bea', created_at: at(20) }),
      cai: await addVcard(t.db, owner.userId, { name: 'Cai', created_at: at(10) }),
    };
    const managed = {
      ana: await addLink(t.db, owner.userId, { vcard_id: vcards.ana, url: `https://t.example/v/ana` }),
      bea: await addLink(t.db, owner.userId, { vcard_id: vcards.bea, url: `https://t.example/v/bea` }),
    };
    expect((await trpcMutate(t.app, 'vcards.setPrimary', owner.cookie, { id: vcards.bea })).statusCode).toBe(
      200,
    );
    const qr = {
      q1: await addLink(t.db, owner.userId, {
        kind: 'qr',
        title: 'Q1',
        url: 'https://t.example/q1',
        created_at: at(30),
      }),
      q2: await addLink(t.db, owner.userId, {
        kind: 'qr',
        title: 'Q2',
        url: 'https://t.example/q2',
        created_at: at(20),
      }),
      q3: await addLink(t.db, owner.userId, {
        kind: 'qr',
        title: 'Q3',
        url: 'https://t.example/q3',
        created_at: at(10),
      }),
    };
    // L0 … L6 in the links page's order; the newest first by age
    const links = [];
    for (let index = 0; index < 7; index += 1) {
      links.push(
        await addLink(t.db, owner.userId, {
          title: `L${index}`,
          url: `https://t.example/l${index}`,
          order_index: index,
          created_at: at(index + 1),
        }),
      );
    }
    await setPlan(t.db, owner.userId, 'free');
    return { owner, vcards, managed, qr, links };
  }

  it('keeps live exactly the primary vCard, the oldest QR codes and the first profile links up to the limits', async () => {
    const { owner, vcards, managed, qr, links } = await overLimitAccount();

    const vcardList = await listed<VcardList>(owner.cookie, 'vcards.list');
    expect(pausesOf(vcardList.vcards)).toEqual({ Ana: 'over_limit', Bea: null, Cai: 'over_limit' });
    expect(vcardList.swapOut).toEqual({ id: vcards.bea, name: 'Bea' });
    const qrList = await listed<LinkList>(owner.cookie, 'links.qrCodes');
    expect(pausesOf(qrList.items.filter((item) => item.title.startsWith('Q')))).toEqual({
      Q1: null,
      Q2: 'over_limit',
      Q3: 'over_limit',
    });
    // the usage still says how far over the limit the account is
    expect([qrList.used, qrList.limit]).toEqual([3, 1]);
    expect(qrList.swapOut).toEqual({ id: qr.q1.id, title: 'Q1' });
    // a vCard's own QR code follows its vCard
    const pauseOfManaged = (code: string) => qrList.items.find((item) => item.code === code)?.pause;
    expect(pauseOfManaged(managed.ana.code)).toBe('over_limit');
    expect(pauseOfManaged(managed.bea.code)).toBeNull();
    const linkList = await listed<LinkList>(owner.cookie, 'links.profileLinks');
    expect(pausesOf(linkList.items)).toEqual({
      L0: null,
      L1: null,
      L2: null,
      L3: null,
      L4: null,
      L5: 'over_limit',
      L6: 'over_limit',
    });
    expect([linkList.used, linkList.limit, linkList.swapOut?.title]).toEqual([7, 5, 'L4']);

    // what visitors meet
    const page = await get(`/${owner.username}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Bea');
    for (const index of [0, 1, 2, 3, 4]) expect(page.body).toContain(`/l/${links[index]?.code}`);
    for (const index of [5, 6]) expect(page.body).not.toContain(`/l/${links[index]?.code}`);
    expect((await get(`/vcard/${vcards.bea}`)).statusCode).toBe(200);
    expectPaused(await get(`/vcard/${vcards.ana}`));
    expectPaused(await get(`/vcard/${vcards.cai}`));
    expectPaused(await get(`/vcard/${vcards.cai}/contact.vcf`));
    expectRedirect(await get(`/l/${qr.q1.code}?qr`), 'https://t.example/q1');
    expectPaused(await get(`/l/${qr.q2.code}?qr`));
    expectRedirect(await get(`/l/${managed.bea.code}?qr`), 'https://t.example/v/bea');
    expectPaused(await get(`/l/${managed.ana.code}?qr`));
    expectRedirect(await get(`/l/${links[4]?.code}`), 'https://t.example/l4');
    expectPaused(await get(`/l/${links[5]?.code}`));

    // paused items stay editable; creating more stays refused while over the limit
    const edited = await trpcMutate(t.app, 'links.updateQrCode', owner.cookie, {
      id: qr.q3.id,
      title: 'Q3',
      url: 'https://t.example/q3-new',
      icon: '',
      baseVersion: await versionOf(t.db, 'links', qr.q3.id),
    });
    expect(edited.statusCode).toBe(200);
    const refused = await trpcMutate(t.app, 'links.createProfileLink', owner.cookie, {
      title: 'One more',
      url: 'https://t.example/more',
    });
    expect(trpcError(refused).data.reason).toBe('limit_reached');
  });

  it('lets the owner swap which items stay live, pausing the one the dashboard named, at once for visitors', async () => {
    const { owner, vcards, qr, links } = await overLimitAccount();
    const [l4, l6] = [links[4], links[6]];
    if (!l4 || !l6) throw new Error('seven links');
    // warm caches that the swap must drop
    expectPaused(await get(`/l/${l6.code}`));
    expectPaused(await get(`/l/${qr.q3.code}?qr`));
    expect((await get(`/${owner.username}`)).body).not.toContain(l6.code);

    // the dashboard named another item than the one the swap would pause: refused, nothing changes
    const stale = await keepLive(owner.cookie, 'profileLink', l6.id, links[0]?.id ?? '');
    expect(trpcError(stale).data.reason).toBe('live_choice_changed');
    expect(pausesOf((await listed<LinkList>(owner.cookie, 'links.profileLinks')).items).L6).toBe(
      'over_limit',
    );

    expect((await keepLive(owner.cookie, 'profileLink', l6.id, l4.id)).statusCode).toBe(200);
    const linkList = await listed<LinkList>(owner.cookie, 'links.profileLinks');
    expect(pausesOf(linkList.items)).toMatchObject({
      L3: null,
      L4: 'over_limit',
      L5: 'over_limit',
      L6: null,
    });
    // the lowest-ranked live link is now L3: the chosen one ranks first
    expect(linkList.swapOut?.title).toBe('L3');
    expectRedirect(await get(`/l/${l6.code}`), 'https://t.example/l6');
    expectPaused(await get(`/l/${l4.code}`));
    const page = await get(`/${owner.username}`);
    expect(page.body).toContain(l6.code);
    expect(page.body).not.toContain(l4.code);
    // in the links page's order, not the order of choice
    expect(page.body.indexOf(links[3]?.code ?? '')).toBeLessThan(page.body.indexOf(l6.code));

    expect((await keepLive(owner.cookie, 'qrCode', qr.q3.id, qr.q1.id)).statusCode).toBe(200);
    expectRedirect(await get(`/l/${qr.q3.code}?qr`), 'https://t.example/q3');
    expectPaused(await get(`/l/${qr.q1.code}?qr`));

    // one live vCard: the chosen card becomes the primary one, shown at the profile address
    expect((await keepLive(owner.cookie, 'vcard', vcards.cai, vcards.bea)).statusCode).toBe(200);
    const vcardList = await listed<VcardList>(owner.cookie, 'vcards.list');
    expect(vcardList.primaryId).toBe(vcards.cai);
    expect(pausesOf(vcardList.vcards)).toEqual({ Ana: 'over_limit', Bea: 'over_limit', Cai: null });
    expect((await get(`/${owner.username}`)).body).toContain('Cai');
    expectPaused(await get(`/vcard/${vcards.bea}`));
    expect((await get(`/vcard/${vcards.cai}`)).statusCode).toBe(200);

    // a live item stays as it is; another person's item, or a vCard's own QR code, is not found
    expect((await keepLive(owner.cookie, 'qrCode', qr.q3.id, qr.q3.id)).statusCode).toBe(200);
    const stranger = await createSignedInOwner(t);
    expect(trpcError(await keepLive(stranger.cookie, 'qrCode', qr.q1.id, qr.q3.id)).data.reason).toBe(
      'not_found',
    );
    const ownQr = (await listed<LinkList>(owner.cookie, 'links.qrCodes')).items.find(
      (item) => !item.title.startsWith('Q'),
    );
    expect(trpcError(await keepLive(owner.cookie, 'qrCode', ownQr?.id ?? '', qr.q3.id)).data.reason).toBe(
      'not_found',
    );

    // deleting a live link makes room: the next one in rank is live at once
    expect((await trpcMutate(t.app, 'links.delete', owner.cookie, { id: links[0]?.id })).statusCode).toBe(
      200,
    );
    expectRedirect(await get(`/l/${l4.code}`), 'https://t.example/l4');
  });

  it('pauses at once when a plan changes to a smaller one in billing, and lifts at once on an upgrade', async () => {
    const owner = await createSignedInOwner(t, { plan: 'free' });
    await buyPlan(t, owner.cookie, 'business');
    const proLimit = 20;
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE);
    const codes = [];
    for (let index = 0; index <= proLimit; index += 1) {
      codes.push(
        await addLink(t.db, owner.userId, {
          kind: 'qr',
          url: `https://t.example/${index}`,
          created_at: at(100 - index),
        }),
      );
    }
    const newest = codes[proLimit];
    if (!newest) throw new Error('21 QR codes');
    expectRedirect(await get(`/l/${newest.code}?qr`), `https://t.example/${proLimit}`);

    await buyPlan(t, owner.cookie, 'pro');
    expectPaused(await get(`/l/${newest.code}?qr`));
    expectRedirect(await get(`/l/${codes[proLimit - 1]?.code}?qr`), `https://t.example/${proLimit - 1}`);

    await buyPlan(t, owner.cookie, 'business');
    expectRedirect(await get(`/l/${newest.code}?qr`), `https://t.example/${proLimit}`);
  });
});

describe("the owner's own visits", () => {
  it('are not counted, while a visitor’s and another signed-in person’s are', async () => {
    const owner = await createSignedInOwner(t);
    await addVcard(t.db, owner.userId);
    const link = await addLink(t.db, owner.userId, { url: 'https://t.example/own' });
    const someoneElse = await createSignedInOwner(t);

    expect((await get(`/${owner.username}`, { cookie: owner.cookie })).statusCode).toBe(200);
    expectRedirect(await get(`/l/${link.code}`, { cookie: owner.cookie }), 'https://t.example/own');
    await expectSettled(() => viewCount(owner.userId), 0);
    expect(await linkCounts(link.id)).toEqual({ scans: 0, clicks: 0, events: 0 });

    await get(`/${owner.username}`);
    await get(`/${owner.username}`, { cookie: someoneElse.cookie });
    await get(`/l/${link.code}`);
    await get(`/l/${link.code}`, { cookie: someoneElse.cookie });
    await expectSettled(() => viewCount(owner.userId), 2);
    expect(await linkCounts(link.id)).toEqual({ scans: 0, clicks: 2, events: 2 });
  });
});
