import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_CONTENT_TYPE } from '../../server/lib/problem.ts';
import { DEFAULT_CARD_COLOURS, emptyVcardForm } from '../../src/schemas/vcard.ts';
import {
  addLink,
  addVcard,
  createApiCaller,
  storedRowsOf,
  versionOf,
  type ApiCaller,
} from '../support/factories.ts';
import { buildTestApp, trpcData, trpcMutate, trpcQuery, type TestApp } from '../support/harness.ts';
import { addTeam, addTeamOfFour, teamKeyCaller, teamTemplateInput } from '../support/teams.ts';
import type { TeamEventView } from '../../server/team-records/audit.ts';

// The REST API under /api/v1: each resource's routes, their scopes, their refusals of
// bad input (problem+json naming the field, nothing stored), pagination and idempotent creates.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

function cardInput(name = 'Ada Lovelace') {
  return { ...emptyVcardForm(), name };
}

interface Page {
  items: { id: string }[];
  next_cursor: string | null;
}

const qrInput = { title: 'Menu', url: 'https://example.com/menu', icon: '' };

async function cardCount(caller: ApiCaller): Promise<number> {
  const rows = await t.db.selectFrom('vcards').select('id').where('user_id', '=', caller.userId).execute();
  return rows.length;
}

function expectProblem(response: Awaited<ReturnType<ApiCaller['call']>>, status: number, reason: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toBe(PROBLEM_CONTENT_TYPE);
  expect(response.json()).toMatchObject({ status, reason, type: `/api/docs#problem-${reason}` });
  return response.json<{ errors?: { field: string; code: string }[] }>();
}

describe('cards', () => {
  it('creates, reads, lists, edits from its version and deletes a card', async () => {
    const caller = await createApiCaller(t);
    const created = await caller.call('POST', '/api/v1/cards', { payload: cardInput() });
    expect(created.statusCode, created.body).toBe(201);
    const card = created.json<{ id: string; name: string; version: number }>();
    expect(card).toMatchObject({ name: 'Ada Lovelace', version: 1 });

    const read = await caller.call('GET', `/api/v1/cards/${card.id}`);
    expect(read.json()).toEqual(card);
    const list = await caller.call('GET', '/api/v1/cards');
    expect(list.json()).toEqual({ items: [card], has_more: false, next_cursor: null });

    const edited = await caller.call('PATCH', `/api/v1/cards/${card.id}`, {
      payload: { ...cardInput('Ada King'), baseVersion: 1 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Ada King', version: 2 });
    const stale = await caller.call('PATCH', `/api/v1/cards/${card.id}`, {
      payload: { ...cardInput('Ada B'), baseVersion: 1 },
    });
    expectProblem(stale, 409, 'edit_conflict');

    expect((await caller.call('DELETE', `/api/v1/cards/${card.id}`)).statusCode).toBe(204);
    expectProblem(await caller.call('GET', `/api/v1/cards/${card.id}`), 404, 'not_found');
  });

  it("answers another account's card exactly like an unknown one", async () => {
    const caller = await createApiCaller(t);
    const other = await createApiCaller(t);
    const id = await addVcard(t.db, other.userId);
    const foreign = await caller.call('GET', `/api/v1/cards/${id}`);
    const unknown = await caller.call('GET', `/api/v1/cards/${crypto.randomUUID()}`);
    expectProblem(foreign, 404, 'not_found');
    expect(foreign.body).toBe(unknown.body);
    expectProblem(await caller.call('DELETE', `/api/v1/cards/${id}`), 404, 'not_found');
    expect(await cardCount(other)).toBe(1);
  });

  it('pages a list with an opaque cursor and refuses a cursor it did not make', async () => {
    const caller = await createApiCaller(t);
    for (let index = 0; index < 3; index += 1) await addVcard(t.db, caller.userId, { name: `Card ${index}` });
    const first = await caller.call('GET', '/api/v1/cards?limit=2');
    const page = first.json<{ items: { id: string }[]; next_cursor: string }>();
    expect(page.items).toHaveLength(2);
    expect(page.next_cursor).toEqual(expect.any(String));
    const second = await caller.call('GET', `/api/v1/cards?limit=2&cursor=${page.next_cursor}`);
    const rest = second.json<{ items: { id: string }[]; next_cursor: null }>();
    expect(rest.items).toHaveLength(1);
    expect(rest.next_cursor).toBeNull();
    expect(new Set([...page.items, ...rest.items].map((card) => card.id)).size).toBe(3);

    const bad = expectProblem(
      await caller.call('GET', '/api/v1/cards?cursor=not-ours'),
      400,
      'validation_failed',
    );
    expect(bad.errors).toEqual([expect.objectContaining({ field: 'cursor' })]);
    expectProblem(await caller.call('GET', '/api/v1/cards?limit=101'), 400, 'validation_failed');
    expectProblem(await caller.call('GET', '/api/v1/cards?limit=0'), 400, 'validation_failed');
  });
});

describe('bad input', () => {
  it('refuses unknown fields, wrong types, malformed JSON, a wrong content type and an oversize body, storing nothing', async () => {
    const caller = await createApiCaller(t);
    const unknownField = expectProblem(
      await caller.call('POST', '/api/v1/cards', { payload: { ...cardInput(), admin: true } }),
      400,
      'validation_failed',
    );
    expect(unknownField.errors).toEqual([
      expect.objectContaining({ field: 'admin', code: 'unrecognized_keys' }),
    ]);
    const wrongType = expectProblem(
      await caller.call('POST', '/api/v1/cards', { payload: { ...cardInput(), name: 42 } }),
      400,
      'validation_failed',
    );
    expect(wrongType.errors).toEqual([expect.objectContaining({ field: 'name', code: 'invalid_type' })]);
    expectProblem(
      await caller.call('POST', '/api/v1/cards', {
        payload: '{"name":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'validation_failed',
    );
    // a body that is not JSON is refused by its media type, not read as something else (issue 50 item 4)
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      const refused = await caller.call('POST', '/api/v1/cards', {
        payload: 'name=Ada',
        headers: { 'content-type': contentType },
      });
      expect(refused.statusCode, `${contentType}: ${refused.body}`).toBe(415);
      expect(refused.headers['content-type']).toBe(PROBLEM_CONTENT_TYPE);
      expect(refused.json()).toMatchObject({
        status: 415,
        reason: 'unsupported_media_type',
        detail: expect.stringContaining(contentType),
      });
    }
    expectProblem(
      await caller.call('POST', '/api/v1/cards', { payload: { ...cardInput(), name: 'x'.repeat(70_000) } }),
      413,
      'payload_too_large',
    );
    expect(await cardCount(caller)).toBe(0);
  });
});

describe('a method the path does not have', () => {
  it('answers 405 with the methods it has in Allow; an unknown path stays 404', async () => {
    const caller = await createApiCaller(t);
    const id = await addVcard(t.db, caller.userId);
    const refused = await caller.call('PUT', `/api/v1/cards/${id}`, { payload: cardInput() });
    expect(refused.statusCode, refused.body).toBe(405);
    expect(refused.headers['content-type']).toBe(PROBLEM_CONTENT_TYPE);
    expect(refused.headers.allow).toBe('DELETE, GET, HEAD, PATCH');
    expect(refused.json()).toMatchObject({
      status: 405,
      reason: 'method_not_allowed',
      detail: expect.stringContaining('PUT'),
    });
    const list = await caller.call('DELETE', '/api/v1/cards');
    expect(list.statusCode).toBe(405);
    expect(list.headers.allow).toBe('GET, HEAD, POST');
    expectProblem(await caller.call('PUT', '/api/v1/nothing-here'), 404, 'not_found');
    expect(await cardCount(caller)).toBe(1);
  });
});

describe('authentication', () => {
  it('answers 401 with WWW-Authenticate: Bearer, invalid_token for a key it does not know (RFC 6750)', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/cards' });
    expectProblem(none, 401, 'unauthenticated');
    expect(none.headers['www-authenticate']).toBe('Bearer');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/cards',
      headers: { authorization: 'Bearer tc_not_a_key' },
    });
    expectProblem(bad, 401, 'unauthenticated');
    expect(bad.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });
});

describe("a problem's detail", () => {
  it('says more than its title, never the same words', async () => {
    const caller = await createApiCaller(t);
    const answers = [
      await caller.call('GET', `/api/v1/cards/${crypto.randomUUID()}`),
      await t.app.inject({ method: 'GET', url: '/api/v1/cards' }),
      await caller.call('GET', '/api/v1/cards?limit=0'),
      await caller.call('PUT', '/api/v1/cards'),
    ];
    for (const answer of answers) {
      const { title, detail } = answer.json<{ title: string; detail: string }>();
      expect(detail, answer.body).not.toBe('');
      expect(detail, answer.body).not.toContain(title);
    }
  });
});

describe('scopes', () => {
  it('lets a read key read and refuses its writes with 403 before reading the body', async () => {
    const caller = await createApiCaller(t, ['read']);
    expect((await caller.call('GET', '/api/v1/cards')).statusCode).toBe(200);
    expectProblem(await caller.call('POST', '/api/v1/cards', { payload: cardInput() }), 403, 'forbidden');
    expectProblem(await caller.call('POST', '/api/v1/cards', { payload: '{' }), 403, 'forbidden');
    expect(await cardCount(caller)).toBe(0);
  });

  it('refuses a write key on reads', async () => {
    const caller = await createApiCaller(t, ['write']);
    expectProblem(await caller.call('GET', '/api/v1/qr-codes'), 403, 'forbidden');
  });

  it('sends no CORS headers', async () => {
    const caller = await createApiCaller(t);
    const response = await caller.call('GET', '/api/v1/cards', {
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });
});

describe('QR codes', () => {
  it('creates, reads, lists, edits and deletes a QR code; a profile link is not one', async () => {
    const caller = await createApiCaller(t);
    const created = await caller.call('POST', '/api/v1/qr-codes', { payload: qrInput });
    expect(created.statusCode, created.body).toBe(201);
    const qr = created.json<{ id: string; version: number; shortUrl: string }>();
    expect(qr).toMatchObject({ title: 'Menu', url: 'https://example.com/menu', version: 1, chosen: false });
    expect((await caller.call('GET', `/api/v1/qr-codes/${qr.id}`)).json()).toEqual(qr);
    expect((await caller.call('GET', '/api/v1/qr-codes')).json()).toEqual({
      items: [qr],
      has_more: false,
      next_cursor: null,
    });

    const edited = await caller.call('PATCH', `/api/v1/qr-codes/${qr.id}`, {
      payload: { title: 'Lunch', url: 'https://example.com/lunch', icon: '', baseVersion: 1 },
    });
    expect(edited.json()).toMatchObject({ title: 'Lunch', version: 2, shortUrl: qr.shortUrl });

    const profileLink = await addLink(t.db, caller.userId, { kind: 'profile' });
    expectProblem(await caller.call('GET', `/api/v1/qr-codes/${profileLink.id}`), 404, 'not_found');
    expectProblem(await caller.call('DELETE', `/api/v1/qr-codes/${profileLink.id}`), 404, 'not_found');

    expect((await caller.call('DELETE', `/api/v1/qr-codes/${qr.id}`)).statusCode).toBe(204);
    expectProblem(await caller.call('GET', `/api/v1/qr-codes/${qr.id}`), 404, 'not_found');
  });
});

describe('profile links', () => {
  it('adds, reads, edits, reorders and deletes profile links; a QR code is not one', async () => {
    const caller = await createApiCaller(t);
    const blog = (
      await caller.call('POST', '/api/v1/profile-links', {
        payload: { title: 'Blog', url: 'https://example.com/blog' },
      })
    ).json<{ id: string }>();
    const shop = (
      await caller.call('POST', '/api/v1/profile-links', {
        payload: { title: 'Shop', url: 'https://example.com/shop' },
      })
    ).json<{ id: string }>();
    expect((await caller.call('GET', `/api/v1/profile-links/${blog.id}`)).json()).toEqual(blog);

    const reordered = await caller.call('PUT', '/api/v1/profile-links/order', {
      payload: { ids: [shop.id, blog.id] },
    });
    expect(reordered.statusCode, reordered.body).toBe(204);
    const firstPage = (await caller.call('GET', '/api/v1/profile-links?limit=1')).json<{
      items: { id: string }[];
      next_cursor: string;
    }>();
    expect(firstPage.items.map((link) => link.id)).toEqual([shop.id]);
    const secondPage = await caller.call(
      'GET',
      `/api/v1/profile-links?limit=1&cursor=${firstPage.next_cursor}`,
    );
    expect(secondPage.json()).toMatchObject({ items: [{ id: blog.id }], next_cursor: null });

    // a reorder must name every profile link of the account, and only those
    const other = await createApiCaller(t);
    const theirs = await addLink(t.db, other.userId, { kind: 'profile' });
    expectProblem(
      await caller.call('PUT', '/api/v1/profile-links/order', { payload: { ids: [shop.id, theirs.id] } }),
      404,
      'not_found',
    );

    const edited = await caller.call('PATCH', `/api/v1/profile-links/${blog.id}`, {
      payload: { title: 'Notes', url: 'https://example.com/notes', baseVersion: 1 },
    });
    expect(edited.json()).toMatchObject({ title: 'Notes', version: 2 });

    const qr = await addLink(t.db, caller.userId, { kind: 'qr' });
    expectProblem(await caller.call('DELETE', `/api/v1/profile-links/${qr.id}`), 404, 'not_found');
    expectProblem(
      await caller.call('PATCH', `/api/v1/profile-links/${qr.id}`, {
        payload: { title: 'X', baseVersion: 1 },
      }),
      404,
      'not_found',
    );
    expect((await caller.call('DELETE', `/api/v1/profile-links/${blog.id}`)).statusCode).toBe(204);
    expectProblem(await caller.call('GET', `/api/v1/profile-links/${blog.id}`), 404, 'not_found');
  });
});

describe('profile link pages', () => {
  it('pages by a keyset on the order: a link deleted from the first page skips nothing', async () => {
    const caller = await createApiCaller(t);
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three', 'Four']) {
      const created = await caller.call('POST', '/api/v1/profile-links', {
        payload: { title, url: `https://example.com/${title}` },
      });
      ids.push(created.json<{ id: string }>().id);
    }
    const first = (await caller.call('GET', '/api/v1/profile-links?limit=2')).json<Page>();
    expect(first.items.map((item) => item.id)).toEqual(ids.slice(0, 2));
    expect((await caller.call('DELETE', `/api/v1/profile-links/${ids[0]!}`)).statusCode).toBe(204);
    const second = await caller.call('GET', `/api/v1/profile-links?limit=2&cursor=${first.next_cursor}`);
    expect(second.json()).toMatchObject({ items: [{ id: ids[2] }, { id: ids[3] }], next_cursor: null });
  });

  it("refuses another list's cursor as the cursor field's", async () => {
    const caller = await createApiCaller(t);
    for (let index = 0; index < 2; index += 1) {
      await addVcard(t.db, caller.userId);
      await addLink(t.db, caller.userId, { kind: 'profile' });
    }
    const cards = (await caller.call('GET', '/api/v1/cards?limit=1')).json<Page>();
    const refused = expectProblem(
      await caller.call('GET', `/api/v1/profile-links?cursor=${cards.next_cursor}`),
      400,
      'validation_failed',
    );
    expect(refused.errors).toEqual([expect.objectContaining({ field: 'cursor' })]);
  });
});

describe('PATCH', () => {
  it('changes only the fields sent, merging object fields, from the version it names', async () => {
    const caller = await createApiCaller(t);
    const created = await caller.call('POST', '/api/v1/cards', {
      payload: {
        ...cardInput(),
        company: 'Analytical Engines',
        socialLinks: { ...cardInput().socialLinks, github: 'https://github.com/ada' },
      },
    });
    const card = created.json<{ id: string; version: number }>();
    const patched = await caller.call('PATCH', `/api/v1/cards/${card.id}`, {
      payload: {
        position: 'Analyst',
        socialLinks: { youtube: 'https://youtube.com/@ada' },
        baseVersion: card.version,
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const saved = patched.json<{ socialLinks: { platform: string }[] }>();
    expect(saved).toMatchObject({
      name: 'Ada Lovelace',
      company: 'Analytical Engines',
      position: 'Analyst',
      version: card.version + 1,
    });
    expect(saved.socialLinks.map((link) => link.platform).toSorted()).toEqual(['github', 'youtube']);

    // a blank field is cleared, as on the dashboard's form
    const cleared = await caller.call('PATCH', `/api/v1/cards/${card.id}`, {
      payload: { company: '', baseVersion: card.version + 1 },
    });
    expect(cleared.json()).toMatchObject({ company: null, position: 'Analyst' });
  });

  it('refuses a patch whose merge breaks a rule or a type, naming the field, storing nothing', async () => {
    const caller = await createApiCaller(t);
    const id = await addVcard(t.db, caller.userId, { name: 'Kept' });
    const before = await storedRowsOf(t.db, caller.userId);
    const cases: [unknown, string][] = [
      [{ email: 'not-an-email', baseVersion: 1 }, 'email'],
      [{ name: '', baseVersion: 1 }, 'name'],
      [{ name: 42, baseVersion: 1 }, 'name'],
      [{ address: { city: 7 }, baseVersion: 1 }, 'address.city'],
      [{ name: 'Wrong version', baseVersion: 'one' }, 'baseVersion'],
    ];
    for (const [payload, field] of cases) {
      const refused = expectProblem(
        await caller.call('PATCH', `/api/v1/cards/${id}`, { payload }),
        400,
        'validation_failed',
      );
      expect(refused.errors, JSON.stringify(payload)).toEqual([expect.objectContaining({ field })]);
    }
    expect(await storedRowsOf(t.db, caller.userId)).toEqual(before);
  });

  it('changes one field of a QR code, a profile link and the account', async () => {
    const caller = await createApiCaller(t);
    const qr = (await caller.call('POST', '/api/v1/qr-codes', { payload: qrInput })).json<{ id: string }>();
    const qrPatched = await caller.call('PATCH', `/api/v1/qr-codes/${qr.id}`, {
      payload: { title: 'Dinner', baseVersion: 1 },
    });
    expect(qrPatched.json()).toMatchObject({ title: 'Dinner', url: qrInput.url, version: 2 });

    const link = await addLink(t.db, caller.userId, { kind: 'profile', title: 'Blog' });
    const linkPatched = await caller.call('PATCH', `/api/v1/profile-links/${link.id}`, {
      payload: { url: 'https://example.com/journal', baseVersion: 1 },
    });
    expect(linkPatched.json()).toMatchObject({ title: 'Blog', url: 'https://example.com/journal' });

    const named = await caller.call('PATCH', '/api/v1/me', {
      payload: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        baseVersion: await versionOf(t.db, 'profiles', caller.userId),
      },
    });
    const me = named.json<{ version: number }>();
    const renamed = await caller.call('PATCH', '/api/v1/me', {
      payload: { lastName: 'King', baseVersion: me.version },
    });
    expect(renamed.json()).toMatchObject({ firstName: 'Ada', lastName: 'King' });
  });

  it('applies a patch without baseVersion to what is stored (last write wins), one with a stale one is 409', async () => {
    const caller = await createApiCaller(t);
    const card = (await caller.call('POST', '/api/v1/cards', { payload: { name: 'Ada' } })).json<{
      id: string;
    }>();
    await caller.call('PATCH', `/api/v1/cards/${card.id}`, { payload: { company: 'First' } });
    const second = await caller.call('PATCH', `/api/v1/cards/${card.id}`, {
      payload: { position: 'Second' },
    });
    expect(second.json()).toMatchObject({ company: 'First', position: 'Second', version: 3 });
    expectProblem(
      await caller.call('PATCH', `/api/v1/cards/${card.id}`, {
        payload: { company: 'Stale', baseVersion: 2 },
      }),
      409,
      'edit_conflict',
    );

    const qr = (await caller.call('POST', '/api/v1/qr-codes', { payload: qrInput })).json<{ id: string }>();
    const qrPatched = await caller.call('PATCH', `/api/v1/qr-codes/${qr.id}`, {
      payload: { title: 'Brunch' },
    });
    expect(qrPatched.json()).toMatchObject({ title: 'Brunch', version: 2 });
    const link = await addLink(t.db, caller.userId, { kind: 'profile', title: 'Blog' });
    const linkPatched = await caller.call('PATCH', `/api/v1/profile-links/${link.id}`, {
      payload: { title: 'Journal' },
    });
    expect(linkPatched.json()).toMatchObject({ title: 'Journal', version: 2 });
    const renamed = await caller.call('PATCH', '/api/v1/me', { payload: { firstName: 'Grace' } });
    expect(renamed.json()).toMatchObject({ firstName: 'Grace' });
  });
});

describe('link lifecycles', () => {
  it("shows and sets a link's schedule, limit, fallback, rules and state; refuses bad ones, changing nothing", async () => {
    const caller = await createApiCaller(t);
    const created = await caller.call('POST', '/api/v1/qr-codes', {
      payload: { title: 'Launch', url: 'https://example.com/launch' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const qr = created.json<{ id: string }>();
    expect(created.json()).toMatchObject({
      icon: null,
      state: 'live',
      enabled: true,
      activeFrom: null,
      activeUntil: null,
      maxScans: null,
      scansUsed: 0,
      fallbackUrl: null,
      rules: [],
    });

    const later = new Date(Date.now() + 86_400_000);
    const scheduled = await caller.call('PATCH', `/api/v1/qr-codes/${qr.id}`, {
      payload: {
        activeFrom: later.toISOString(),
        maxScans: 5,
        fallbackUrl: 'https://example.com/soon',
        rules: [{ device: 'ios', language: null, url: 'https://apps.apple.com/app/x' }],
      },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({
      title: 'Launch',
      state: 'scheduled',
      activeFrom: later.toISOString(),
      maxScans: 5,
      fallbackUrl: 'https://example.com/soon',
      rules: [{ device: 'ios', language: null, url: 'https://apps.apple.com/app/x' }],
      version: 2,
    });
    // the redirect follows what the API set: not live yet, so the fallback
    const code = scheduled.json<{ code: string }>().code;
    const followed = await t.app.inject({ method: 'GET', url: `/l/${code}` });
    expect(followed.headers.location).toBe('https://example.com/soon');

    const off = await caller.call('PATCH', `/api/v1/qr-codes/${qr.id}`, {
      payload: { enabled: false, activeFrom: null },
    });
    expect(off.json()).toMatchObject({ state: 'disabled', enabled: false, activeFrom: null, maxScans: 5 });

    const before = await storedRowsOf(t.db, caller.userId);
    const cases: [unknown, string][] = [
      [{ activeFrom: '2027-01-02T00:00:00Z', activeUntil: '2027-01-01T00:00:00Z' }, 'activeUntil'],
      [{ activeUntil: 'tomorrow' }, 'activeUntil'],
      [{ maxScans: 0 }, 'maxScans'],
      [{ rules: [{ device: 'fridge', language: null, url: 'https://example.com' }] }, 'rules.0.device'],
      [{ fallbackUrl: 'ftp://example.com' }, 'fallbackUrl'],
      [{ state: 'live' }, 'state'],
    ];
    for (const [payload, field] of cases) {
      const refused = expectProblem(
        await caller.call('PATCH', `/api/v1/qr-codes/${qr.id}`, { payload }),
        400,
        'validation_failed',
      );
      expect(refused.errors, JSON.stringify(payload)).toEqual([expect.objectContaining({ field })]);
    }
    expect(await storedRowsOf(t.db, caller.userId)).toEqual(before);

    // a rule's refusal says its sentence and names its id, which /api/docs lists
    const refused = await caller.call('PATCH', `/api/v1/qr-codes/${qr.id}`, {
      payload: { fallbackUrl: 'ftp://example.com' },
    });
    expect(refused.json()).toMatchObject({
      detail: 'fallbackUrl: URL must start with http:// or https://',
      errors: [
        {
          field: 'fallbackUrl',
          code: 'custom',
          message: 'URL must start with http:// or https://',
          messageId: 'validation.url.scheme',
        },
      ],
    });
  });

  it("sets a profile link's lifecycle; a limit below the follows already led on is refused", async () => {
    const caller = await createApiCaller(t);
    const link = await addLink(t.db, caller.userId, { kind: 'profile', title: 'Shop' });
    await t.db.updateTable('links').set({ click_count: 3 }).where('id', '=', link.id).execute();
    expectProblem(
      await caller.call('PATCH', `/api/v1/profile-links/${link.id}`, { payload: { maxScans: 2 } }),
      422,
      'scan_limit_below_used',
    );
    const limited = await caller.call('PATCH', `/api/v1/profile-links/${link.id}`, {
      payload: { maxScans: 3, title: 'Sale' },
    });
    expect(limited.json()).toMatchObject({ title: 'Sale', maxScans: 3, scansUsed: 3, state: 'spent' });
  });

  it('creates a card from a name alone', async () => {
    const caller = await createApiCaller(t);
    const created = await caller.call('POST', '/api/v1/cards', { payload: { name: 'Minimal' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Minimal',
      company: null,
      socialLinks: [],
      photo: null,
      backgroundColour: DEFAULT_CARD_COLOURS.backgroundColour,
    });
  });
});

describe('analytics', () => {
  it("answers the overview and breakdowns of Business's ranges, 12 months and campaigns included", async () => {
    const caller = await createApiCaller(t);
    const overview = await caller.call('GET', '/api/v1/analytics/overview?range=12m');
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json()).toMatchObject({ range: '12m', unit: 'month', timeZone: 'UTC' });
    expect(overview.json<{ buckets: unknown[] }>().buckets).toHaveLength(12);
    const breakdowns = await caller.call(
      'GET',
      '/api/v1/analytics/breakdowns?range=90d&timeZone=Europe/Madrid',
    );
    expect(breakdowns.statusCode, breakdowns.body).toBe(200);
    expect(breakdowns.json()).toMatchObject({ range: '90d', timeZone: 'Europe/Madrid' });
    expect(breakdowns.json<{ campaigns: unknown }>().campaigns).not.toBeNull();

    const badRange = expectProblem(
      await caller.call('GET', '/api/v1/analytics/overview?range=5y'),
      400,
      'validation_failed',
    );
    expect(badRange.errors).toEqual([expect.objectContaining({ field: 'range' })]);
    const unknownParameter = expectProblem(
      await caller.call('GET', '/api/v1/analytics/overview?days=3'),
      400,
      'validation_failed',
    );
    expect(unknownParameter.errors).toEqual([expect.objectContaining({ field: 'days' })]);
    // a zone it does not know is refused, not counted in UTC (the dashboard's browser fallback)
    for (const path of ['overview', 'breakdowns']) {
      const unknownZone = expectProblem(
        await caller.call('GET', `/api/v1/analytics/${path}?range=7d&timeZone=Mars/Olympus_Mons`),
        400,
        'validation_failed',
      );
      expect(unknownZone.errors).toEqual([
        expect.objectContaining({ field: 'timeZone', message: expect.stringContaining('Mars/Olympus_Mons') }),
      ]);
    }
    const canonical = await caller.call('GET', '/api/v1/analytics/overview?range=7d&timeZone=europe/madrid');
    expect(canonical.json()).toMatchObject({ timeZone: 'Europe/Madrid' });
  });
});

describe("a team's key and the team's cards", () => {
  it('makes, edits and deletes cards in the team log with the key as the actor, and keeps the locked fields', async () => {
    const { owner, admin } = await addTeamOfFour(t);
    const saved = await trpcMutate(
      t.app,
      'teams.saveTemplate',
      owner.cookie,
      teamTemplateInput({ company: 'Acme', locked: ['company'] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const call = await teamKeyCaller(t, admin.cookie);
    const newest = async () =>
      trpcData<{ events: TeamEventView[] }>(await trpcQuery(t.app, 'teams.events', owner.cookie, {}))
        .events[0];

    const made = await call('POST', '/api/v1/cards', cardInput('Grace Hopper'));
    expect(made.statusCode, made.body).toBe(201);
    const card = made.json<{ id: string; version: number }>();
    expect(await newest()).toMatchObject({
      action: 'card_created',
      actorKind: 'apiKey',
      actorName: 'Team CRM',
      subject: 'Grace Hopper',
    });

    // a locked field the key would change: refused, naming it, and nothing saved or logged
    const locked = await call('PATCH', `/api/v1/cards/${card.id}`, {
      company: 'Initech',
      baseVersion: card.version,
    });
    expectProblem(locked, 403, 'field_locked');
    expect(await versionOf(t.db, 'vcards', card.id)).toBe(card.version);
    expect(await newest()).toMatchObject({ action: 'card_created' });

    const edited = await call('PATCH', `/api/v1/cards/${card.id}`, {
      position: 'Admiral',
      baseVersion: card.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'card_edited',
      actorKind: 'apiKey',
      actorName: 'Team CRM',
    });

    expect((await call('DELETE', `/api/v1/cards/${card.id}`)).statusCode).toBe(204);
    expect(await newest()).toMatchObject({
      action: 'card_deleted',
      actorKind: 'apiKey',
      actorName: 'Team CRM',
    });
    // the dashboard's own changes still name the person
    const byAdmin = await trpcMutate(t.app, 'teams.createCard', admin.cookie, {
      holder: { userId: admin.userId },
      card: cardInput('Adam Admin'),
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'card_created',
      actorKind: 'person',
      actorName: 'Adam Admin',
    });
  });
});

describe('team members', () => {
  it("lists the team's members to a member's key, and refuses an account in no team", async () => {
    const owner = await createApiCaller(t);
    const member = await createApiCaller(t);
    expectProblem(await member.call('GET', '/api/v1/team/members'), 403, 'team_role_required');
    await addTeam(t.db, [
      { userId: owner.userId, role: 'owner' },
      { userId: member.userId, role: 'member' },
    ]);
    const listed = await member.call('GET', '/api/v1/team/members');
    expect(listed.statusCode, listed.body).toBe(200);
    const { items } = listed.json<{ items: { userId: string; role: string }[] }>();
    expect(items.map((item) => [item.userId, item.role])).toEqual(
      expect.arrayContaining([
        [owner.userId, 'owner'],
        [member.userId, 'member'],
      ]),
    );
    expect(items).toHaveLength(2);
  });

  it('pages by a keyset: a member who leaves between two pages skips nobody', async () => {
    const owner = await createApiCaller(t);
    const others = [await createApiCaller(t), await createApiCaller(t), await createApiCaller(t)];
    const { memberIds } = await addTeam(t.db, [
      { userId: owner.userId, role: 'owner' },
      ...others.map((other) => ({ userId: other.userId, role: 'member' as const })),
    ]);
    const all = (await owner.call('GET', '/api/v1/team/members')).json<Page>().items.map((item) => item.id);
    expect(all.toSorted()).toEqual(memberIds.toSorted());
    const first = (await owner.call('GET', '/api/v1/team/members?limit=2')).json<Page>();
    expect(first.items.map((item) => item.id)).toEqual(all.slice(0, 2));
    // one who leaves from the first page (not the caller's own membership, which its key reads by)
    const leaver = all.slice(0, 2).find((id) => id !== memberIds[0])!;
    await t.db.deleteFrom('team_members').where('id', '=', leaver).execute();
    const second = await owner.call('GET', `/api/v1/team/members?limit=2&cursor=${first.next_cursor}`);
    expect(second.json<Page>().items.map((item) => item.id)).toEqual(all.slice(2));
  });
});

/** An answer's headers without those of the moment (its date, its request id, the key's rate-limit count). */
function answerHeaders(response: Awaited<ReturnType<ApiCaller['call']>>) {
  const moment = new Set(['date', 'request-id', 'ratelimit-remaining', 'ratelimit-reset']);
  return Object.fromEntries(Object.entries(response.headers).filter(([name]) => !moment.has(name)));
}

describe('idempotency keys', () => {
  it('answers a replay with the first answer, and refuses the key with another body', async () => {
    const caller = await createApiCaller(t);
    const headers = { 'idempotency-key': 'create-menu-1' };
    const first = await caller.call('POST', '/api/v1/qr-codes', { payload: qrInput, headers });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const replay = await caller.call('POST', '/api/v1/qr-codes', { payload: qrInput, headers });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    // the first answer whole, headers included (issue 50 item 5: a client reads its Content-Type)
    expect(replay.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answerHeaders(replay)).toEqual({ ...answerHeaders(first), 'idempotent-replayed': 'true' });

    expectProblem(
      await caller.call('POST', '/api/v1/qr-codes', { payload: { ...qrInput, title: 'Other' }, headers }),
      422,
      'idempotency_key_reused',
    );
    const links = await t.db.selectFrom('links').select('id').where('user_id', '=', caller.userId).execute();
    expect(links).toHaveLength(1);

    // another account's same key is its own
    const other = await createApiCaller(t);
    const theirs = await other.call('POST', '/api/v1/qr-codes', { payload: qrInput, headers });
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('frees the key when the create was refused, so nothing is replayed', async () => {
    const caller = await createApiCaller(t);
    const headers = { 'idempotency-key': 'card-1' };
    const refused = await caller.call('POST', '/api/v1/cards', {
      payload: { ...cardInput(), email: 'not-an-email' },
      headers,
    });
    expectProblem(refused, 400, 'validation_failed');
    const created = await caller.call('POST', '/api/v1/cards', { payload: cardInput(), headers });
    expect(created.statusCode, created.body).toBe(201);
  });
});
