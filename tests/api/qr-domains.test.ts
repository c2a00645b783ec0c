import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { qrScanUrl, shortLinkUrl } from '../../src/schemas/link.ts';
import { linkCounts } from '../support/counts.ts';
import { customDomainFor, insertDomain } from '../support/domains.ts';
import { createApiCaller, createSignedInOwner, setPlan } from '../support/factories.ts';
import {
  buildTestApp,
  injectFromApp,
  TEST_ORIGIN,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';
import { readQr } from '../support/qr-reader.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// A QR code printed with a custom domain (customDomain): made for one of its account's verified domains, it
// encodes `https://{domain}/l/{code}?qr` and is copied as `https://{domain}/l/{code}` everywhere it is shown
// or drawn (the list, every download, the REST API), and the scan on that domain is followed and counted.
// Any other domain is refused with domain_unusable and nothing is stored; the domain stays with the code
// when it goes later, as it is printed.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

interface QrItem {
  id: string;
  code: string;
  domain: string | null;
  shortUrl: string;
  qrUrl: string;
  version: number;
}

type Owner = Awaited<ReturnType<typeof createSignedInOwner>>;

async function businessWithDomain() {
  const owner = await createSignedInOwner(t, { plan: 'business' });
  const domain = await customDomainFor(t, owner.userId);
  return { owner, domain };
}

const createQr = (owner: Owner, input: Record<string, unknown>) =>
  trpcMutate(t.app, 'links.createQrCode', owner.cookie, {
    title: 'Menu',
    url: 'https://example.com/menu',
    icon: '',
    ...input,
  });

async function qrCodesOf(owner: Owner): Promise<QrItem[]> {
  return trpcData<{ items: QrItem[] }>(await trpcQuery(t.app, 'links.qrCodes', owner.cookie)).items;
}

const downloadPng = (owner: Owner, id: string) =>
  injectFromApp(t.app, { method: 'GET', url: `/api/qr-codes/${id}/png`, headers: { cookie: owner.cookie } });

describe('a QR code made for a verified custom domain', () => {
  it('encodes the domain in the list and the download, and its scan there is followed and counted', async () => {
    const { owner, domain } = await businessWithDomain();
    const created = await createQr(owner, { domain: domain.toUpperCase() });
    expect(created.statusCode, created.body).toBe(200);
    const qr = trpcData<QrItem>(created);
    const origin = `https://${domain}`;
    expect(qr.domain).toBe(domain);
    expect(qr.shortUrl).toBe(shortLinkUrl(origin, qr.code));
    expect(qr.qrUrl).toBe(qrScanUrl(origin, qr.code));
    expect((await qrCodesOf(owner)).find((item) => item.id === qr.id)?.qrUrl).toBe(qr.qrUrl);
    expect((await readQr((await downloadPng(owner, qr.id)).rawPayload)).text).toBe(qr.qrUrl);

    const scan = await t.app.inject({
      method: 'GET',
      url: `/l/${qr.code}?qr`,
      headers: { host: domain, 'user-agent': IPHONE_SAFARI },
    });
    expect(scan.statusCode).toBe(302);
    expect(scan.headers.location).toBe('https://example.com/menu');
    await vi.waitFor(async () => expect((await linkCounts(t.db, qr.id)).scans).toBe(1), {
      timeout: 10_000,
    });
    // the same code keeps working on the main address
    const onMain = await t.app.inject({
      method: 'GET',
      url: `/l/${qr.code}`,
      headers: { host: new URL(TEST_ORIGIN).host },
    });
    expect(onMain.statusCode).toBe(302);
  });

  it('moves to another address by an edit, and keeps one that went when the rest of it changes', async () => {
    const { owner, domain } = await businessWithDomain();
    const qr = trpcData<QrItem>(await createQr(owner, { domain }));
    const toMain = await trpcMutate(t.app, 'links.updateQrCode', owner.cookie, {
      id: qr.id,
      title: 'Menu',
      url: 'https://example.com/menu',
      icon: '',
      domain: '',
      baseVersion: qr.version,
    });
    expect(toMain.statusCode, toMain.body).toBe(200);
    const moved = trpcData<QrItem>(toMain);
    expect(moved.domain).toBeNull();
    expect(moved.qrUrl).toBe(qrScanUrl(TEST_ORIGIN, qr.code));
    expect(moved.version).toBe(qr.version + 1);

    // printed with a domain since removed: the title still changes, the printed domain stays
    const back = trpcData<QrItem>(
      await trpcMutate(t.app, 'links.updateQrCode', owner.cookie, {
        id: qr.id,
        title: 'Menu',
        url: 'https://example.com/menu',
        icon: '',
        domain,
        baseVersion: moved.version,
      }),
    );
    await t.db
      .updateTable('custom_domains')
      .set({ removed_at: new Date() })
      .where('domain', '=', domain)
      .execute();
    const renamed = await trpcMutate(t.app, 'links.updateQrCode', owner.cookie, {
      id: qr.id,
      title: 'Lunch menu',
      url: 'https://example.com/menu',
      icon: '',
      domain,
      baseVersion: back.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(trpcData<QrItem>(renamed).shortUrl).toBe(shortLinkUrl(`https://${domain}`, qr.code));
  });
});

describe('a domain a QR code cannot be printed with', () => {
  it('is refused with domain_unusable, and nothing is stored', async () => {
    const { owner } = await businessWithDomain();
    const other = await businessWithDomain();
    const pending = await insertDomain(t.db, owner.userId, { status: 'pending' });
    const lost = await insertDomain(t.db, owner.userId, { status: 'lost' });
    const removed = await insertDomain(t.db, owner.userId, { status: 'verified', removed: true });
    for (const domain of [other.domain, pending.domain, lost.domain, removed.domain, 'nowhere.example.org']) {
      const refused = await createQr(owner, { domain });
      expect(refused.statusCode, domain).toBe(422);
      expect(trpcError(refused).data.reason, domain).toBe('domain_unusable');
    }
    expect(await qrCodesOf(owner)).toHaveLength(0);
  });

  it('is refused with plan_required once the plan has no custom domains', async () => {
    const { owner, domain } = await businessWithDomain();
    await setPlan(t.db, owner.userId, 'pro');
    const refused = await createQr(owner, { domain });
    expect(trpcError(refused).data.reason).toBe('plan_required');
    expect(await qrCodesOf(owner)).toHaveLength(0);
  });
});

describe('the REST API', () => {
  it('creates, shows and changes the domain a QR code is printed with', async () => {
    const caller = await createApiCaller(t);
    const domain = await customDomainFor(t, caller.userId);
    const created = await caller.call('POST', '/api/v1/qr-codes', {
      payload: { title: 'Flyer', url: 'https://example.com/flyer', icon: '', domain },
    });
    expect(created.statusCode, created.body).toBe(201);
    const qr = created.json<QrItem>();
    expect(qr.domain).toBe(domain);
    expect(qr.qrUrl).toBe(qrScanUrl(`https://${domain}`, qr.code));

    // a change of the title keeps the domain; null puts the code back on the main address
    const renamed = await caller.call('PATCH', `/api/v1/qr-codes/${qr.id}`, {
      payload: { title: 'Flyer 2', baseVersion: qr.version },
    });
    expect(renamed.json<QrItem>().domain).toBe(domain);
    const moved = await caller.call('PATCH', `/api/v1/qr-codes/${qr.id}`, {
      payload: { domain: '', baseVersion: renamed.json<QrItem>().version },
    });
    expect(moved.json<QrItem>().shortUrl).toBe(shortLinkUrl(TEST_ORIGIN, qr.code));

    const refused = await caller.call('POST', '/api/v1/qr-codes', {
      payload: { title: 'Flyer', url: 'https://example.com/flyer', icon: '', domain: 'nowhere.example.org' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ reason: string }>().reason).toBe('domain_unusable');
  });
});
