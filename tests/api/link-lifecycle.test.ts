import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LinkView } from '../../server/links/service.ts';
import type { LinkOutcome } from '../../src/link-lifecycle.ts';
import type { LinkLifecycleValues } from '../../src/schemas/link.ts';
import { emptyVcardForm } from '../../src/schemas/vcard.ts';
import { linkCounts, linkOutcomes } from '../support/counts.ts';
import { createSignedInOwner, versionOf } from '../support/factories.ts';
import {
  buildTestApp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';
import { ANDROID_CHROME, DESKTOP_CHROME, IPHONE_SAFARI } from '../support/user-agents.ts';

// A QR code's or profile link's lifecycle and rules, as its short link follows them: live from and until
// a moment (to the second), a scan limit that holds under concurrent follows, a fallback counted apart,
// turned off and on, rules by device and language; and every refusal leaves the link as it was.

const DESTINATION = 'https://example.com/menu';
const FALLBACK = 'https://example.com/closed';
const SECOND = 1_000;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

type Owner = Awaited<ReturnType<typeof createSignedInOwner>>;

async function createQrCode(owner: Owner, url = DESTINATION): Promise<LinkView> {
  const response = await trpcMutate(t.app, 'links.createQrCode', owner.cookie, {
    title: 'Menu',
    url,
    icon: '',
  });
  expect(response.statusCode, response.body).toBe(200);
  return trpcData<LinkView>(response);
}

/** The lifecycle form as sent: nothing set unless told. */
function lifecycleInput(link: LinkView, fields: Partial<LinkLifecycleValues> = {}): LinkLifecycleValues {
  return {
    id: link.id,
    baseVersion: link.version,
    activeFrom: null,
    activeUntil: null,
    maxScans: null,
    fallbackUrl: '',
    rules: [],
    ...fields,
  };
}

function setLifecycle(owner: Owner, link: LinkView, fields: Partial<LinkLifecycleValues> = {}) {
  return trpcMutate(t.app, 'links.setLifecycle', owner.cookie, lifecycleInput(link, fields));
}

async function setLifecycleOrFail(owner: Owner, link: LinkView, fields: Partial<LinkLifecycleValues>) {
  const response = await setLifecycle(owner, link, fields);
  expect(response.statusCode, response.body).toBe(200);
  return trpcData<LinkView>(response);
}

/** A person's follow (a scan), with no session: counted. */
function follow(link: LinkView, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: `/l/${link.code}?qr`,
    headers: { 'user-agent': IPHONE_SAFARI, ...headers },
  });
}

/** Where a follow was sent: a redirect's address, or the page's status. */
async function outcomeOf(link: LinkView, headers: Record<string, string> = {}) {
  const response = await follow(link, headers);
  return response.statusCode === 302 ? response.headers.location : response.statusCode;
}

/** Waits until the link's counted follows by outcome are what is expected. */
async function expectOutcomes(link: LinkView, expected: Partial<Record<LinkOutcome, number>>) {
  const all = { destination: 0, fallback: 0, rule: 0, ...expected };
  await vi.waitFor(async () => expect(await linkOutcomes(t.db, link.id)).toEqual(all), { timeout: 5_000 });
  const total = all.destination + all.fallback + all.rule;
  expect(await linkCounts(t.db, link.id)).toEqual({ scans: total, clicks: 0, events: total });
}

/** Only Date is faked: the server's timers and the database keep real time. */
function setClock(at: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

/** A whole second an hour from now: the boundaries are compared to the millisecond. */
const anHourFromNow = () => Math.ceil((Date.now() + 3_600 * SECOND) / SECOND) * SECOND;

describe('a link live from and until a moment', () => {
  it('leads to its fallback before its start and from its end, counted apart, and to its destination between', async () => {
    const owner = await createSignedInOwner(t);
    const link = await createQrCode(owner);
    const start = anHourFromNow();
    const end = start + 3_600 * SECOND;
    await setLifecycleOrFail(owner, link, {
      activeFrom: new Date(start),
      activeUntil: new Date(end),
      fallbackUrl: FALLBACK,
    });

    const at = async (moment: number) => {
      setClock(moment);
      return outcomeOf(link);
    };
    expect(await at(start - SECOND)).toBe(FALLBACK);
    expect(await at(start)).toBe(DESTINATION);
    expect(await at(start + SECOND)).toBe(DESTINATION);
    expect(await at(end - SECOND)).toBe(DESTINATION);
    expect(await at(end)).toBe(FALLBACK);
    expect(await at(end + SECOND)).toBe(FALLBACK);
    vi.useRealTimers();
    await expectOutcomes(link, { destination: 3, fallback: 3 });
  });

  it('without a fallback answers a page saying it is not active, in the visitor language, and counts nothing', async () => {
    const owner = await createSignedInOwner(t);
    const link = await createQrCode(owner);
    const start = anHourFromNow();
    await setLifecycleOrFail(owner, link, {
      activeFrom: new Date(start),
      activeUntil: new Date(start + 60 * SECOND),
    });

    setClock(start - SECOND);
    const before = await follow(link, { 'accept-language': 'es-ES,es;q=0.9' });
    expect(before.statusCode).toBe(404);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.body).toContain('Enlace no activo');
    setClock(start + 60 * SECOND + SECOND);
    const after = await follow(link, { 'accept-language': 'en' });
    expect(after.statusCode).toBe(410);
    expect(after.body).toContain('Link Not Active');
    vi.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await linkCounts(t.db, link.id)).toEqual({ scans: 0, clicks: 0, events: 0 });
  });
});

describe('turning a link off', () => {
  it('sends visitors to its fallback (or the not-active page) until it is turned on again, without deleting it', async () => {
    const owner = await createSignedInOwner(t);
    const link = await createQrCode(owner);
    const setEnabled = (enabled: boolean) =>
      trpcMutate(t.app, 'links.setEnabled', owner.cookie, { id: link.id, enabled });

    const off = await setEnabled(false);
    expect(off.statusCode, off.body).toBe(200);
    expect(trpcData<LinkView>(off).lifecycle.enabled).toBe(false);
    expect(await outcomeOf(link)).toBe(404);
    const withFallback = await setLifecycleOrFail(owner, link, { fallbackUrl: FALLBACK });
    expect(await outcomeOf(withFallback)).toBe(FALLBACK);
    expect((await setEnabled(true)).statusCode).toBe(200);
    expect(await outcomeOf(link)).toBe(DESTINATION);
    await expectOutcomes(link, { destination: 1, fallback: 1 });
  });
});

describe('a scan limit', () => {
  it('leads on exactly its number of 50 concurrent follows and sends the rest to the fallback, counted apart', async () => {
    const owner = await createSignedInOwner(t);
    const link = await createQrCode(owner);
    const limited = await setLifecycleOrFail(owner, link, { maxScans: 20, fallbackUrl: FALLBACK });
    expect(limited.lifecycle).toMatchObject({ maxScans: 20, scansUsed: 0 });

    const answers = await Promise.all(Array.from({ length: 50 }, () => outcomeOf(link)));
    expect(answers.filter((answer) => answer === DESTINATION)).toHaveLength(20);
    expect(answers.filter((answer) => answer === FALLBACK)).toHaveLength(30);
    await expectOutcomes(link, { destination: 20, fallback: 30 });

    const listed = trpcData<{ items: LinkView[] }>(await trpcQuery(t.app, 'links.qrCodes', owner.cookie));
    expect(listed.items.find((item) => item.id === link.id)?.lifecycle).toMatchObject({
      maxScans: 20,
      scansUsed: 20,
    });
  });

  it('takes no scan for the owner, bots or HEAD requests, and starts from the follows counted so far', async () => {
    const owner = await createSignedInOwner(t);
    const link = await createQrCode(owner);
    expect(await outcomeOf(link)).toBe(DESTINATION);
    expect(await outcomeOf(link)).toBe(DESTINATION);
    await expectOutcomes(link, { destination: 2 });

    const limited = await setLifecycleOrFail(owner, link, { maxScans: 3 });
    expect(limited.lifecycle.scansUsed).toBe(2);
    // the owner checking their printed code, a link preview and a HEAD request
    expect(await outcomeOf(link, { cookie: owner.cookie })).toBe(DESTINATION);
    expect(await outcomeOf(link, { 'user-agent': 'WhatsApp/2.23.20.0' })).toBe(DESTINATION);
    const head = await t.app.inject({ method: 'HEAD', url: `/l/${link.code}?qr` });
    expect(head.statusCode).toBe(302);
    expect(await versionOf(t.db, 'links', link.id)).toBe(limited.version);
    const { scans_used } = await t.db
      .selectFrom('links')
      .select('scans_used')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(scans_used).toBe(2);

    expect(await outcomeOf(link)).toBe(DESTINATION);
    // spent, with no fallback: over for good
    expect(await outcomeOf(link)).toBe(410);
    await expectOutcomes(link, { destination: 3 });
  });
});

describe('rules', () => {
  it('send visitors of a device or language to their address, first match wins, else the destination', async () => {
    const owner = await createSignedInOwner(t);
    const link = await createQrCode(owner);
    await setLifecycleOrFail(owner, link, {
      rules: [
        { device: 'ios', language: 'es', url: 'https://example.com/ios-es' },
        { device: 'ios', language: null, url: 'https://apps.apple.com/app/menu' },
        { device: 'android', language: null, url: 'https://play.google.com/store/apps/menu' },
        { device: null, language: 'fr', url: 'https://example.com/fr' },
      ],
    });

    expect(await outcomeOf(link, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' })).toBe(
      'https://example.com/ios-es',
    );
    // the visitor's first language decides, not any language they accept
    expect(await outcomeOf(link, { 'accept-language': 'en-GB,es;q=0.8' })).toBe(
      'https://apps.apple.com/app/menu',
    );
    expect(await outcomeOf(link, { 'user-agent': ANDROID_CHROME, 'accept-language': 'fr' })).toBe(
      'https://play.google.com/store/apps/menu',
    );
    expect(await outcomeOf(link, { 'user-agent': DESKTOP_CHROME, 'accept-language': 'fr-CA' })).toBe(
      'https://example.com/fr',
    );
    expect(await outcomeOf(link, { 'user-agent': DESKTOP_CHROME, 'accept-language': 'de' })).toBe(
      DESTINATION,
    );
    await expectOutcomes(link, { destination: 1, rule: 4 });
  });

  it('apply only while the link is live: not live, the fallback wins', async () => {
    const owner = await createSignedInOwner(t);
    const link = await createQrCode(owner);
    const edited = await setLifecycleOrFail(owner, link, {
      fallbackUrl: FALLBACK,
      rules: [{ device: 'ios', language: null, url: 'https://apps.apple.com/app/menu' }],
    });
    await trpcMutate(t.app, 'links.setEnabled', owner.cookie, { id: edited.id, enabled: false });
    expect(await outcomeOf(link)).toBe(FALLBACK);
  });
});

describe('refusals', () => {
  it('refuse an end before the start, a limit below the scans counted, a fallback that is not http(s) and a rule without a destination, storing nothing', async () => {
    const owner = await createSignedInOwner(t);
    const link = await createQrCode(owner);
    expect(await outcomeOf(link)).toBe(DESTINATION);
    expect(await outcomeOf(link)).toBe(DESTINATION);
    await expectOutcomes(link, { destination: 2 });
    const stored = () =>
      t.db.selectFrom('links').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
    const before = await stored();

    const start = new Date(anHourFromNow());
    const refused = async (fields: Partial<LinkLifecycleValues>) => {
      const response = await setLifecycle(owner, link, fields);
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      return trpcError(response).data;
    };
    expect(await refused({ activeFrom: start, activeUntil: start })).toMatchObject({
      reason: 'validation_failed',
      fieldErrors: [{ path: 'activeUntil', message: 'validation.link.end_before_start' }],
    });
    expect(await refused({ fallbackUrl: 'javascript:alert(1)' })).toMatchObject({
      reason: 'validation_failed',
      fieldErrors: [{ path: 'fallbackUrl', message: 'validation.url.scheme' }],
    });
    expect(await refused({ rules: [{ device: 'ios', language: null, url: '' }] })).toMatchObject({
      reason: 'validation_failed',
      fieldErrors: [{ path: 'rules.0.url', message: 'validation.link.rule_url_required' }],
    });
    expect(
      await refused({ rules: [{ device: null, language: null, url: 'https://example.com/x' }] }),
    ).toMatchObject({
      reason: 'validation_failed',
      fieldErrors: [{ path: 'rules.0.device', message: 'validation.link.rule_condition_required' }],
    });
    expect(await refused({ maxScans: 0 })).toMatchObject({ reason: 'validation_failed' });
    expect(await refused({ maxScans: 1 })).toMatchObject({
      reason: 'scan_limit_below_used',
      meta: { used: 2 },
    });

    expect(await stored()).toEqual(before);
    expect(await outcomeOf(link)).toBe(DESTINATION);
  });

  it("refuse a vCard's own QR code: the card it is printed on must keep working", async () => {
    const owner = await createSignedInOwner(t);
    const created = await trpcMutate(t.app, 'vcards.create', owner.cookie, {
      ...emptyVcardForm(),
      name: 'Ana López',
    });
    expect(created.statusCode, created.body).toBe(200);
    const listed = trpcData<{ items: LinkView[] }>(await trpcQuery(t.app, 'links.qrCodes', owner.cookie));
    const own = listed.items.find((item) => item.vcardId !== null);
    if (!own) throw new Error('the vCard has no QR code');

    const lifecycle = await setLifecycle(owner, own, { maxScans: 10 });
    expect(trpcError(lifecycle).data.reason).toBe('link_managed_by_vcard');
    const off = await trpcMutate(t.app, 'links.setEnabled', owner.cookie, { id: own.id, enabled: false });
    expect(trpcError(off).data.reason).toBe('link_managed_by_vcard');
    expect(await versionOf(t.db, 'links', own.id)).toBe(own.version);
  });

  it("refuse an edit based on an older version, and another account's link", async () => {
    const owner = await createSignedInOwner(t);
    const link = await createQrCode(owner);
    await setLifecycleOrFail(owner, link, { maxScans: 5 });
    const stale = await setLifecycle(owner, link, { maxScans: 50 });
    expect(trpcError(stale).data.reason).toBe('edit_conflict');
    const stranger = await createSignedInOwner(t);
    const foreign = await setLifecycle(stranger, link, { maxScans: 50 });
    expect(trpcError(foreign).data.reason).toBe('not_found');
  });
});
