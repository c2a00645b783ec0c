import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tapcardClient } from '../../sdk/index.ts';
import { PROBLEM_CONTENT_TYPE } from '../../server/lib/problem.ts';
import { createApiCaller, type ApiCaller } from '../support/factories.ts';
import { buildTestApp, type TestApp } from '../support/harness.ts';

// The REST API through its typed client, as an integrator's code calls it: openapi-fetch over the types
// generated from the document (sdk/, npm run api:client), its requests answered by the app in-process.
// A change of the API that the committed client no longer fits fails the type check here first.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** fetch over app.inject: each request of the client reaches the app as it would over HTTP. */
async function injectFetch(request: Request): Promise<Response> {
  const { pathname, search } = new URL(request.url);
  const body = request.body ? await request.text() : undefined;
  const answer = await t.app.inject({
    method: request.method as 'GET',
    url: `${pathname}${search}`,
    headers: Object.fromEntries(request.headers),
    ...(body === undefined ? {} : { payload: body }),
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of [value ?? []].flat()) headers.append(name, String(one));
  }
  const empty = answer.statusCode === 204 || answer.rawPayload.length === 0;
  return new Response(empty ? null : answer.body, { status: answer.statusCode, headers });
}

/** The client of a caller's key, and every answer it was given. */
function clientOf(caller: ApiCaller) {
  const api = tapcardClient({ baseUrl: 'http://localhost', apiKey: caller.key, fetch: injectFetch });
  const answers: Response[] = [];
  api.use({
    onResponse({ response }) {
      answers.push(response.clone());
    },
  });
  return { api, answers };
}

describe('the typed client (sdk/)', () => {
  it('creates, pages, edits with and without baseVersion, deletes and replays a create', async () => {
    const caller = await createApiCaller(t);
    const { api, answers } = clientOf(caller);

    // create: the answer's Location is the object's path, which answers the same object
    const card = await api.POST('/api/v1/cards', { body: { name: 'Ada Lovelace', company: 'Engines' } });
    expect(card.response.status, JSON.stringify(card.error)).toBe(201);
    const cardId = card.data!.id;
    expect(card.response.headers.get('location')).toBe(`/api/v1/cards/${cardId}`);
    const read = await api.GET('/api/v1/cards/{id}', { params: { path: { id: cardId } } });
    expect(read.data).toEqual(card.data);

    const titles = ['Flyer', 'Poster', 'Menu'];
    const created: string[] = [];
    for (const title of titles) {
      const qr = await api.POST('/api/v1/qr-codes', { body: { title, url: `https://example.com/${title}` } });
      expect(qr.response.status, JSON.stringify(qr.error)).toBe(201);
      expect(qr.response.headers.get('location')).toBe(`/api/v1/qr-codes/${qr.data!.id}`);
      created.push(qr.data!.id);
    }

    // page by two: has_more until the last page, whose next_cursor is null; the same list as one page
    const whole = await api.GET('/api/v1/qr-codes', { params: { query: { limit: 100 } } });
    expect(whole.data).toMatchObject({ has_more: false, next_cursor: null });
    const paged: string[] = [];
    const pages: { size: number; hasMore: boolean }[] = [];
    let cursor: string | undefined;
    do {
      const { data } = await api.GET('/api/v1/qr-codes', { params: { query: { limit: 2, cursor } } });
      paged.push(...data!.items.map((item) => item.id));
      pages.push({ size: data!.items.length, hasMore: data!.has_more });
      expect(data!.next_cursor === null).toBe(!data!.has_more);
      cursor = data!.next_cursor ?? undefined;
    } while (cursor);
    expect(paged).toEqual(whole.data!.items.map((item) => item.id));
    expect(paged).toEqual(expect.arrayContaining(created));
    expect(pages.at(-1)?.hasMore).toBe(false);
    expect(pages.slice(0, -1).every((page) => page.size === 2 && page.hasMore)).toBe(true);

    // an edit from the version read; the same version again is a conflict, and changes nothing
    const [menuId] = created.slice(-1);
    const id = menuId!;
    const before = (await api.GET('/api/v1/qr-codes/{id}', { params: { path: { id } } })).data!;
    const edited = await api.PATCH('/api/v1/qr-codes/{id}', {
      params: { path: { id } },
      body: { title: 'Lunch menu', baseVersion: before.version },
    });
    expect(edited.response.status, JSON.stringify(edited.error)).toBe(200);
    expect(edited.data).toMatchObject({ title: 'Lunch menu', url: before.url, version: before.version + 1 });
    const stale = await api.PATCH('/api/v1/qr-codes/{id}', {
      params: { path: { id } },
      body: { title: 'Breakfast menu', baseVersion: before.version },
    });
    expect(stale.response.status).toBe(409);
    expect(stale.response.headers.get('content-type')).toBe(PROBLEM_CONTENT_TYPE);
    expect(stale.error).toMatchObject({ reason: 'edit_conflict', status: 409 });
    // without baseVersion the last write wins (the documented PATCH: the version is optional)
    const unversioned = await api.PATCH('/api/v1/qr-codes/{id}', {
      params: { path: { id } },
      body: { title: 'Dinner menu' },
    });
    expect(unversioned.response.status, JSON.stringify(unversioned.error)).toBe(200);
    expect(unversioned.data).toMatchObject({ title: 'Dinner menu', version: before.version + 2 });

    const cardEdit = await api.PATCH('/api/v1/cards/{id}', {
      params: { path: { id: cardId } },
      body: { position: 'Analyst', baseVersion: card.data!.version },
    });
    expect(cardEdit.data).toMatchObject({ name: 'Ada Lovelace', company: 'Engines', position: 'Analyst' });

    // delete: 204, then the object is not found
    const deleted = await api.DELETE('/api/v1/qr-codes/{id}', { params: { path: { id } } });
    expect(deleted.response.status).toBe(204);
    const gone = await api.GET('/api/v1/qr-codes/{id}', { params: { path: { id } } });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ reason: 'not_found' });

    // a create sent again with its Idempotency-Key: the first answer, marked as a replay; one card made
    const cardsBefore = (await api.GET('/api/v1/cards', { params: { query: { limit: 100 } } })).data!.items;
    const create = () =>
      api.POST('/api/v1/cards', {
        params: { header: { 'idempotency-key': 'client-card-1' } },
        body: { name: 'Grace Hopper' },
      });
    const first = await create();
    const replay = await create();
    expect(first.response.status).toBe(201);
    expect(first.response.headers.get('idempotent-replayed')).toBeNull();
    expect(replay.response.status).toBe(201);
    expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.data).toEqual(first.data);
    expect(replay.response.headers.get('location')).toBe(`/api/v1/cards/${first.data!.id}`);
    const cardsAfter = (await api.GET('/api/v1/cards', { params: { query: { limit: 100 } } })).data!.items;
    expect(cardsAfter.map((item) => item.id)).toEqual([
      ...cardsBefore.map((item) => item.id),
      first.data!.id,
    ]);

    // every answer named its request, each its own, and the key's rate limit
    const requestIds = answers.map((answer) => answer.headers.get('request-id'));
    expect(requestIds.every((requestId) => /^req-[0-9a-z]+$/.test(requestId ?? ''))).toBe(true);
    expect(new Set(requestIds).size).toBe(answers.length);
    for (const answer of answers) {
      expect(answer.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
      expect(answer.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
      expect(answer.headers.get('ratelimit-reset')).toMatch(/^\d+$/);
    }
  });

  it('names the request of a refusal before any key is read, and of a path the API does not have', async () => {
    const { api } = clientOf({ ...(await createApiCaller(t)), key: 'tc_not_a_key' });
    const refused = await api.GET('/api/v1/me');
    expect(refused.response.status).toBe(401);
    expect(refused.response.headers.get('request-id')).toMatch(/^req-/);
    const unknown = await injectFetch(new Request('http://localhost/api/v1/nothing-here'));
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('request-id')).toMatch(/^req-/);
  });
});
