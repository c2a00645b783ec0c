import { execFileSync } from 'node:child_process';
import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import path from 'node:path';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPaths } from '../../src/routes.ts';
import { applePassPath, googleWalletPath } from '../../src/wallet.ts';
import { createLocalChangeBus } from '../../server/lib/changes.ts';
import { loadWalletCredentials } from '../../server/wallet/credentials.ts';
import { startPassPushes } from '../../server/wallet/push.ts';
import { WALLET_DEVICES_PER_CLIENT, WALLET_DEVICES_PER_PASS } from '../../server/wallet/registrations.ts';
import { captureLogs } from '../support/logs.ts';
import { GOOGLE_SAVE_URL } from '../../server/wallet/google-pass.ts';
import { passAuthenticationToken } from '../../server/wallet/apple-pass.ts';
import { addVcard, createOwner, endTrial } from '../support/factories.ts';
import { buildTestApp, type TestApp } from '../support/harness.ts';
import { addTeam, addTeamCard } from '../support/teams.ts';
import { zipEntries } from '../support/zip.ts';
import {
  makeWalletCredentials,
  TEST_ISSUER_ID,
  TEST_PASS_TYPE_ID,
  type TestWalletCredentials,
} from '../support/wallet-credentials.ts';

// Wallet passes with a throwaway certificate chain: the .pkpass's manifest names every file by its hash
// and its signature verifies with openssl; Apple's pass web service answers as Apple documents (register,
// changed passes, latest pass, unregister, log) and wakes a phone through a stand-in of Apple's push
// service; the Google save link is a JWT the service account's public key verifies.

const PUBLIC_URL = 'https://cards.tapcard.test';
const HOST = 'cards.tapcard.test';

let credentials: TestWalletCredentials;
let t: TestApp;
let changes: ReturnType<typeof createLocalChangeBus>;
let pushes: { path: string; topic: string }[];
let push: Http2SecureServer;
/** What the push stand-in answers: 200, or 410 for a token Apple no longer knows, or 400 with a reason. */
let pushStatus = 200;
let pushReason: string | undefined;

beforeAll(async () => {
  credentials = makeWalletCredentials({ push: true });
  pushes = [];
  push = createSecureServer({
    cert: readFileSync(credentials.pushServer.certPath),
    key: readFileSync(credentials.pushServer.keyPath),
  });
  push.on('stream', (stream, headers) => {
    pushes.push({ path: String(headers[':path']), topic: String(headers['apns-topic']) });
    stream.respond({ ':status': pushStatus });
    stream.end(pushReason === undefined ? undefined : JSON.stringify({ reason: pushReason }));
  });
  await new Promise<void>((resolve) => push.listen(0, '127.0.0.1', resolve));
  const { port } = push.address() as { port: number };
  changes = createLocalChangeBus();
  t = await buildTestApp(
    { publicUrl: PUBLIC_URL, wallet: credentials.config },
    {
      changes,
      applePush: { origin: `https://localhost:${port}`, ca: readFileSync(credentials.wwdrPath) },
    },
  );
});

afterAll(async () => {
  await t?.close();
  await changes?.close();
  await new Promise((resolve) => push?.close(resolve));
  credentials?.remove();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });

/** The content a detached PKCS#7 signature verifies, by openssl against the WWDR stand-in; throws when it does not. */
function verifiedContent(content: Buffer, signature: Buffer): string {
  const folder = credentials.folder;
  writeFileSync(path.join(folder, 'content'), content);
  writeFileSync(path.join(folder, 'signature'), signature);
  const args = ['smime', '-verify', '-binary', '-inform', 'DER', '-in', 'signature', '-content', 'content'];
  return execFileSync('openssl', [...args, '-CAfile', 'wwdr.pem', '-purpose', 'any'], {
    cwd: folder,
    stdio: 'pipe',
  }).toString();
}

const service = `${serverPaths.appleWalletService}/v1`;
const authorization = (serial: string) => ({
  authorization: `ApplePass ${passAuthenticationToken(t.config.authSecret ?? '', serial)}`,
});
const registrationUrl = (device: string, vcardId: string, passTypeId = TEST_PASS_TYPE_ID) =>
  `${service}/devices/${device}/registrations/${passTypeId}/${vcardId}`;

/**
 * A phone registers for a card's pass with Apple's pass web service, showing the pass's token unless
 * `headers` say otherwise.
 */
function registerPhone(
  vcardId: string,
  phone: { device: string; pushToken: string; headers?: Record<string, string>; passTypeId?: string },
) {
  return t.app.inject({
    method: 'POST',
    url: registrationUrl(phone.device, vcardId, phone.passTypeId),
    headers: { host: HOST, ...(phone.headers ?? authorization(vcardId)) },
    payload: { pushToken: phone.pushToken },
  });
}

describe('Apple Wallet', () => {
  it('makes a signed pass whose manifest names every file by its hash', async () => {
    const owner = await createOwner(t.db, { plan: 'pro' });
    const vcardId = await addVcard(t.db, owner.id, {
      name: 'José Núñez',
      company: 'Núñez & Co',
      phone: '+34 600 000 000',
    });

    const answer = await get(applePassPath(vcardId), { 'accept-language': 'es' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(answer.headers['content-disposition']).toContain('.pkpass');
    const files = await zipEntries(answer.rawPayload);
    const manifest = files.get('manifest.json') ?? Buffer.alloc(0);
    const hashes = JSON.parse(manifest.toString()) as Record<string, string>;
    const named = [...files.keys()].filter((name) => name !== 'manifest.json' && name !== 'signature').sort();
    expect(Object.keys(hashes).sort()).toEqual(named);
    expect(named).toEqual(expect.arrayContaining(['pass.json', 'icon.png', 'icon@2x.png', 'icon@3x.png']));
    for (const name of named) {
      expect(hashes[name], name).toBe(
        createHash('sha1')
          .update(files.get(name) ?? '')
          .digest('hex'),
      );
    }

    const signature = files.get('signature') ?? Buffer.alloc(0);
    expect(verifiedContent(manifest, signature)).toBe(manifest.toString());
    // a byte changed in the manifest no longer verifies
    expect(() => verifiedContent(Buffer.concat([manifest, Buffer.from(' ')]), signature)).toThrow();

    const pass = JSON.parse(files.get('pass.json')?.toString() ?? '{}');
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: TEST_PASS_TYPE_ID,
      teamIdentifier: 'TEAM123456',
      serialNumber: vcardId,
      organizationName: 'Tapcard',
      description: 'Tarjeta de visita de José Núñez',
      webServiceURL: `${PUBLIC_URL}${serverPaths.appleWalletService}`,
      authenticationToken: authorization(vcardId).authorization.slice('ApplePass '.length),
    });
    expect(pass.barcodes).toEqual([
      {
        message: `${PUBLIC_URL}/vcard/${vcardId}`,
        format: 'PKBarcodeFormatQR',
        messageEncoding: 'iso-8859-1',
      },
    ]);
    expect(pass.generic.primaryFields).toEqual([{ key: 'name', label: 'Engineer', value: 'José Núñez' }]);
    expect(pass.generic.secondaryFields).toEqual([{ key: 'company', label: 'Empresa', value: 'Núñez & Co' }]);
    expect(pass.generic.backFields).toContainEqual({
      key: 'back-mobile',
      label: 'Móvil',
      value: '+34 600 000 000',
    });
  });

  it('answers for a card whose page is not shown as its page does', async () => {
    const owner = await createOwner(t.db);
    const vcardId = await addVcard(t.db, owner.id);
    await endTrial(t.db, owner.id);
    const answer = await get(applePassPath(vcardId));
    expect(answer.statusCode).toBe(403);
    expect(answer.headers['content-type']).toContain('text/html');
    expect((await get(applePassPath('not-a-card'))).statusCode).toBe(404);
  });

  it("has no pass for a team's draft card (made before its person joined) until it is published", async () => {
    const owner = await createOwner(t.db, { plan: 'business' });
    const { teamId } = await addTeam(t.db, [{ userId: owner.id, role: 'owner' }]);
    const draft = await addTeamCard(t.db, teamId, {
      inviteeEmail: 'nora@example.com',
      card: { draft: true },
    });
    expect((await get(applePassPath(draft.vcardId))).statusCode).toBe(404);
    expect((await get(googleWalletPath(draft.vcardId))).statusCode).toBe(404);
    await t.db.updateTable('vcards').set({ draft: false }).where('id', '=', draft.vcardId).execute();
    changes.publish({ userId: draft.accountId, topic: 'cards' });
    expect((await get(applePassPath(draft.vcardId))).statusCode).toBe(200);
  });

  it('serves the pass web service as Apple documents it, and wakes a phone when the card changes', async () => {
    const owner = await createOwner(t.db, { plan: 'pro' });
    const vcardId = await addVcard(t.db, owner.id);
    const device = 'device-library-1';
    const registration = registrationUrl(device, vcardId);
    const phone = { device, pushToken: 'push-token-1' };

    const wrongToken = { authorization: 'ApplePass wrong-token-of-the-pass' };
    expect((await registerPhone(vcardId, { ...phone, headers: wrongToken })).statusCode).toBe(401);
    expect((await registerPhone(vcardId, { ...phone, headers: {} })).statusCode).toBe(401);
    expect((await registerPhone(vcardId, { ...phone, passTypeId: 'pass.other.type' })).statusCode).toBe(404);
    expect((await registerPhone(vcardId, phone)).statusCode).toBe(201);
    expect((await registerPhone(vcardId, phone)).statusCode).toBe(200);

    const updates = `${service}/devices/${device}/registrations/${TEST_PASS_TYPE_ID}`;
    const listed = await get(updates);
    expect(listed.statusCode).toBe(200);
    const { serialNumbers, lastUpdated } = listed.json<{ serialNumbers: string[]; lastUpdated: string }>();
    expect(serialNumbers).toEqual([vcardId]);
    expect((await get(`${updates}?passesUpdatedSince=${lastUpdated}`)).statusCode).toBe(204);

    const latest = `${service}/passes/${TEST_PASS_TYPE_ID}/${vcardId}`;
    expect((await get(latest)).statusCode).toBe(401);
    const fetched = await get(latest, authorization(vcardId));
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const lastModified = String(fetched.headers['last-modified']);
    expect(
      (await get(latest, { ...authorization(vcardId), 'if-modified-since': lastModified })).statusCode,
    ).toBe(304);

    // the card changes: the phone is woken once, is told the pass changed, and fetches the new one
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await t.db
      .updateTable('vcards')
      .set({ position: 'Chief Engineer', updated_at: new Date() })
      .where('id', '=', vcardId)
      .execute();
    changes.publish({ userId: owner.id, topic: 'cards' });
    changes.publish({ userId: owner.id, topic: 'cards' });
    await expect.poll(() => pushes.length).toBe(1);
    expect(pushes[0]).toEqual({ path: '/3/device/push-token-1', topic: TEST_PASS_TYPE_ID });
    const changed = await get(`${updates}?passesUpdatedSince=${lastUpdated}`);
    expect(changed.json()).toMatchObject({ serialNumbers: [vcardId] });
    const renewed = await get(latest, { ...authorization(vcardId), 'if-modified-since': lastModified });
    expect(renewed.statusCode).toBe(200);
    const pass = JSON.parse((await zipEntries(renewed.rawPayload)).get('pass.json')?.toString() ?? '{}');
    expect(pass.generic.primaryFields[0].label).toBe('Chief Engineer');

    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${service}/log`,
          headers: { host: HOST },
          payload: { logs: ['a phone said this'] },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: registration, headers: { host: HOST } })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: registration,
          headers: { host: HOST, ...authorization(vcardId) },
        })
      ).statusCode,
    ).toBe(200);
    expect((await get(updates)).statusCode).toBe(204);
  });

  it('forgets a phone whose token Apple calls bad (400), and keeps one when the 400 is about the request', async () => {
    const owner = await createOwner(t.db, { plan: 'pro' });
    const vcardId = await addVcard(t.db, owner.id);
    const registered = await registerPhone(vcardId, { device: 'device-bad', pushToken: 'push-token-bad' });
    expect(registered.statusCode).toBe(201);
    const devicesOfCard = () =>
      t.db.selectFrom('wallet_registrations').select('device_id').where('vcard_id', '=', vcardId).execute();
    const changeCard = async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await t.db.updateTable('vcards').set({ updated_at: new Date() }).where('id', '=', vcardId).execute();
      changes.publish({ userId: owner.id, topic: 'cards' });
    };
    pushStatus = 400;
    try {
      pushReason = 'BadTopic';
      const before = pushes.length;
      await changeCard();
      await expect.poll(() => pushes.length).toBe(before + 1);
      expect(await devicesOfCard()).toEqual([{ device_id: 'device-bad' }]);

      pushReason = 'BadDeviceToken';
      await changeCard();
      await expect.poll(devicesOfCard).toEqual([]);
    } finally {
      pushStatus = 200;
      pushReason = undefined;
    }
  });

  it('takes a handful of phones per pass from one address, and a bounded number in all', async () => {
    const owner = await createOwner(t.db, { plan: 'pro' });
    const vcardId = await addVcard(t.db, owner.id);
    const statuses: number[] = [];
    for (let i = 0; i < 300; i += 1) {
      statuses.push(
        (await registerPhone(vcardId, { device: `flood-${i}`, pushToken: `token-${i}` })).statusCode,
      );
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(WALLET_DEVICES_PER_CLIENT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(300 - WALLET_DEVICES_PER_CLIENT);
    // a phone registered already still renews its push token
    expect((await registerPhone(vcardId, { device: 'flood-0', pushToken: 'token-new' })).statusCode).toBe(
      200,
    );

    await t.db
      .insertInto('wallet_registrations')
      .values(
        Array.from({ length: WALLET_DEVICES_PER_PASS - WALLET_DEVICES_PER_CLIENT }, (_, i) => ({
          device_id: `elsewhere-${i}`,
          vcard_id: vcardId,
          push_token: `token-elsewhere-${i}`,
          client_address_hash: `client-${i}`,
        })),
      )
      .execute();
    const another = await t.app.inject({
      method: 'POST',
      url: registrationUrl('one-more', vcardId),
      remoteAddress: '198.51.100.77',
      headers: { host: HOST, ...authorization(vcardId) },
      payload: { pushToken: 'token-one-more' },
    });
    expect(another.statusCode).toBe(429);
    const { count } = await t.db
      .selectFrom('wallet_registrations')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('vcard_id', '=', vcardId)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(WALLET_DEVICES_PER_PASS);
  });

  it("writes the phones' reports at the level set, a few posts a minute per client", async () => {
    const logs = captureLogs();
    const apple = credentials.config.apple;
    if (!apple) throw new Error('no Apple settings');
    const logged = await buildTestApp(
      { publicUrl: PUBLIC_URL, wallet: { ...credentials.config, apple: { ...apple, logLevel: 'debug' } } },
      { logger: { level: 'debug', stream: logs.stream } },
    );
    try {
      const post = (remoteAddress: string) =>
        logged.app.inject({
          method: 'POST',
          url: `${service}/log`,
          remoteAddress,
          headers: { host: HOST },
          payload: { logs: [`a phone at ${remoteAddress} said this`] },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) statuses.push((await post('203.0.113.5')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
      expect((await post('203.0.113.6')).statusCode).toBe(200);
      const reports = logs.lines.filter((line) => line.msg === 'wallet pass log');
      expect(reports.map((line) => [line.level, line.walletLog])).toEqual([
        ...Array.from({ length: 6 }, () => [20, 'a phone at 203.0.113.5 said this']),
        [20, 'a phone at 203.0.113.6 said this'],
      ]);
    } finally {
      await logged.close();
    }
  });

  it('forgets a phone whose push token Apple no longer knows', async () => {
    const owner = await createOwner(t.db, { plan: 'pro' });
    const vcardId = await addVcard(t.db, owner.id);
    const registered = await registerPhone(vcardId, { device: 'device-gone', pushToken: 'push-token-gone' });
    expect(registered.statusCode).toBe(201);
    pushStatus = 410;
    await new Promise((resolve) => setTimeout(resolve, 50));
    await t.db.updateTable('vcards').set({ updated_at: new Date() }).where('id', '=', vcardId).execute();
    changes.publish({ userId: owner.id, topic: 'cards' });
    await expect
      .poll(() =>
        t.db.selectFrom('wallet_registrations').select('device_id').where('vcard_id', '=', vcardId).execute(),
      )
      .toEqual([]);
    pushStatus = 200;
  });
});

describe('Apple Wallet pushes', () => {
  it("leave a phone to be woken again when Apple's push service cannot be reached", async () => {
    const owner = await createOwner(t.db, { plan: 'pro' });
    const vcardId = await addVcard(t.db, owner.id);
    const registered = await registerPhone(vcardId, {
      device: 'device-unreached',
      pushToken: 'push-token-unreached',
    });
    expect(registered.statusCode).toBe(201);
    await t.db
      .updateTable('vcards')
      .set({ updated_at: new Date(Date.now() + 1_000) })
      .where('id', '=', vcardId)
      .execute();
    // a pusher of its own, on a change bus of its own, towards a port nothing listens on
    const { apple } = await loadWalletCredentials(credentials.config);
    if (!apple) throw new Error('no Apple settings');
    const bus = createLocalChangeBus();
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
    const stop = startPassPushes(t.db, bus, apple, { origin: 'https://127.0.0.1:9' }, log);
    try {
      bus.publish({ userId: owner.id, topic: 'cards' });
      await expect.poll(() => warnings.length).toBe(1);
      const row = await t.db
        .selectFrom('wallet_registrations')
        .select('pushed_at')
        .where('vcard_id', '=', vcardId)
        .executeTakeFirstOrThrow();
      expect(row.pushed_at).toBeNull();
    } finally {
      stop();
      await bus.close();
    }
  });
});

describe('Google Wallet', () => {
  it('sends the visitor to Google with a pass signed by the service account', async () => {
    const owner = await createOwner(t.db, { plan: 'pro' });
    const vcardId = await addVcard(t.db, owner.id, { name: 'Ada Lovelace', company: 'Analytical Engines' });
    const answer = await get(googleWalletPath(vcardId));
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['cache-control']).toBe('no-store');
    const location = String(answer.headers.location);
    expect(location.startsWith(GOOGLE_SAVE_URL)).toBe(true);
    const jwt = location.slice(GOOGLE_SAVE_URL.length);
    const key = await importSPKI(credentials.googlePublicKeyPem, 'RS256');
    const { payload, protectedHeader } = await jwtVerify(jwt, key, {
      issuer: 'wallet@tapcard-test.iam.gserviceaccount.com',
      audience: 'google',
    });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: 'test-key-1' });
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: [PUBLIC_URL] });
    const [object] = (payload.payload as { genericObjects: Record<string, unknown>[] }).genericObjects;
    expect(object).toMatchObject({
      id: `${TEST_ISSUER_ID}.${vcardId}`,
      classId: `${TEST_ISSUER_ID}.tapcard_card`,
      header: { defaultValue: { language: 'en', value: 'Ada Lovelace' } },
      cardTitle: { defaultValue: { language: 'en', value: 'Analytical Engines' } },
      barcode: { type: 'QR_CODE', value: `${PUBLIC_URL}/vcard/${vcardId}` },
    });
    // a key that is not the service account's does not verify it
    const other = makeWalletCredentials();
    try {
      await expect(jwtVerify(jwt, await importSPKI(other.googlePublicKeyPem, 'RS256'))).rejects.toThrow();
    } finally {
      other.remove();
    }
  });
});

describe('the card page', () => {
  it('offers both wallets where they are set up, and neither where they are not', async () => {
    const owner = await createOwner(t.db, { plan: 'pro' });
    const vcardId = await addVcard(t.db, owner.id);
    const page = (await get(`/vcard/${vcardId}`, { 'accept-language': 'es' })).body;
    expect(page).toContain(`href="${applePassPath(vcardId)}"`);
    expect(page).toContain('Añadir a Apple Wallet');
    expect(page).toContain(`href="${googleWalletPath(vcardId)}"`);
    expect(page).toContain('Guardar en Google Wallet');

    const plain = await buildTestApp();
    try {
      const other = await createOwner(plain.db, { plan: 'pro' });
      const otherCard = await addVcard(plain.db, other.id);
      const html = (await plain.app.inject({ method: 'GET', url: `/vcard/${otherCard}` })).body;
      expect(html).toContain('contact.vcf');
      expect(html).not.toContain('Wallet');
      expect((await plain.app.inject({ method: 'GET', url: applePassPath(otherCard) })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('wallet credentials', () => {
  it('stop the start with a sentence naming the setting that is wrong', async () => {
    const apple = credentials.config.apple;
    if (!apple) throw new Error('no Apple settings');
    await expect(
      loadWalletCredentials({ apple: { ...apple, keyPath: '/nowhere/pass.key' }, google: null }),
    ).rejects.toThrow(/APPLE_PASS_KEY \/nowhere\/pass.key cannot be read/);
    await expect(
      loadWalletCredentials({ apple: { ...apple, keyPath: credentials.pushServer.keyPath }, google: null }),
    ).rejects.toThrow('APPLE_PASS_KEY is not the private key of APPLE_PASS_CERT');
    await expect(
      loadWalletCredentials({ apple: { ...apple, passTypeId: 'pass.other.type' }, google: null }),
    ).rejects.toThrow(/not of APPLE_PASS_TYPE_ID pass.other.type/);
    await expect(
      loadWalletCredentials({ apple, google: null }, new Date(Date.now() + 5 * 24 * 3600 * 1000)),
    ).rejects.toThrow(/APPLE_PASS_CERT expired/);
    await expect(
      loadWalletCredentials({
        apple: null,
        google: { issuerId: TEST_ISSUER_ID, serviceAccountPath: apple.certPath },
      }),
    ).rejects.toThrow(/GOOGLE_WALLET_SERVICE_ACCOUNT is not a service account key file/);
  });
});
