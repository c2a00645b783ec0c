import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATCH_DESCRIPTION } from '../../server/api/merge-patch.ts';
import { API_BODY_LIMIT_BYTES } from '../../server/api/v1.ts';
import { PROBLEM_CONTENT_TYPE } from '../../server/lib/problem.ts';
import { ERROR_REASONS } from '../../src/errors.ts';
import { emptyVcardForm } from '../../src/schemas/vcard.ts';
import {
  addLead,
  addLink,
  addVcard,
  createApiCaller,
  storedRowsOf,
  versionOf,
  type ApiCaller,
} from '../support/factories.ts';
import { buildTestApp, type TestApp } from '../support/harness.ts';
import { addTeam } from '../support/teams.ts';

// The contract of the REST API, walked from its own OpenAPI document: the document is valid OpenAPI 3.1
// (the specification's schema) and every schema in it compiles; every operation answers a valid request as
// documented; every operation that takes an id answers another account's object exactly like an unknown
// id; every create with an Idempotency-Key answers a replay with the first answer; every write refuses bad
// input as a problem naming the field and stores nothing. An operation added to the API without a request
// below fails the test, so none can be missed.

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
interface BodySchema {
  properties: Record<string, { type?: string | string[]; anyOf?: { type?: string }[] }>;
}
interface Operation {
  description?: string;
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: BodySchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: object }> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  security: Record<string, string[]>[];
  paths: Record<string, Partial<Record<Method, Operation>>>;
  components: {
    schemas: Record<string, object>;
    securitySchemes: Record<string, { type: string; scheme: string }>;
  };
}

let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await buildTestApp();
  const response = await t.app.inject({ url: '/api/v1/openapi.json' });
  expect(response.statusCode).toBe(200);
  doc = response.json<OpenApiDocument>();
});

afterAll(async () => {
  await t?.close();
});

function operations(): { method: Method; path: string; operation: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    (Object.entries(item) as [Method, Operation][]).map(([method, operation]) => ({
      method,
      path,
      operation,
    })),
  );
}

/** A validator of the document's schemas (JSON Schema 2020-12, as OpenAPI 3.1), its components in reach. */
function validatorOf(schema: object) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  return ajv.compile({ ...schema, components: doc.components });
}

/** An object of `userId` that a path's `{id}` names. */
const OBJECT_OF_PATH: Record<string, (userId: string) => Promise<string>> = {
  '/api/v1/cards/{id}': (userId) => addVcard(t.db, userId),
  '/api/v1/qr-codes/{id}': async (userId) => (await addLink(t.db, userId, { kind: 'qr' })).id,
  '/api/v1/profile-links/{id}': async (userId) => (await addLink(t.db, userId, { kind: 'profile' })).id,
  '/api/v1/leads/{id}': async (userId) => addLead(t.db, { userId, vcardId: await addVcard(t.db, userId) }),
};
const leadOf = OBJECT_OF_PATH['/api/v1/leads/{id}']!;
const profileLinkOf = OBJECT_OF_PATH['/api/v1/profile-links/{id}']!;

interface ValidRequest {
  id?: string;
  payload?: unknown;
  /** the query string, without its `?` */
  query?: string;
}

const cardInput = () => ({ ...emptyVcardForm(), name: 'Contract card' });
const qrInput = () => ({ title: 'Contract', url: 'https://example.com/contract', icon: '' });

/** A valid request of each operation, for a caller of its own. */
const VALID_REQUEST: Record<string, (caller: ApiCaller) => Promise<ValidRequest>> = {
  'get /api/v1/me': async () => ({}),
  'patch /api/v1/me': async (caller) => ({
    payload: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      baseVersion: await versionOf(t.db, 'profiles', caller.userId),
    },
  }),
  'get /api/v1/cards': async () => ({}),
  'post /api/v1/cards': async () => ({ payload: cardInput() }),
  'get /api/v1/cards/{id}': async (caller) => ({ id: await addVcard(t.db, caller.userId) }),
  'patch /api/v1/cards/{id}': async (caller) => ({
    id: await addVcard(t.db, caller.userId),
    payload: { ...cardInput(), baseVersion: 1 },
  }),
  'delete /api/v1/cards/{id}': async (caller) => ({ id: await addVcard(t.db, caller.userId) }),
  'get /api/v1/qr-codes': async () => ({}),
  'post /api/v1/qr-codes': async () => ({ payload: qrInput() }),
  'get /api/v1/qr-codes/{id}': async (caller) => ({
    id: await OBJECT_OF_PATH['/api/v1/qr-codes/{id}']!(caller.userId),
  }),
  'patch /api/v1/qr-codes/{id}': async (caller) => ({
    id: await OBJECT_OF_PATH['/api/v1/qr-codes/{id}']!(caller.userId),
    payload: { ...qrInput(), baseVersion: 1 },
  }),
  'delete /api/v1/qr-codes/{id}': async (caller) => ({
    id: await OBJECT_OF_PATH['/api/v1/qr-codes/{id}']!(caller.userId),
  }),
  'get /api/v1/profile-links': async () => ({}),
  'post /api/v1/profile-links': async () => ({ payload: { title: 'Blog', url: 'https://example.com/blog' } }),
  'get /api/v1/profile-links/{id}': async (caller) => ({ id: await profileLinkOf(caller.userId) }),
  'patch /api/v1/profile-links/{id}': async (caller) => ({
    id: await profileLinkOf(caller.userId),
    payload: { title: 'Blog', url: 'https://example.com/blog', baseVersion: 1 },
  }),
  'delete /api/v1/profile-links/{id}': async (caller) => ({ id: await profileLinkOf(caller.userId) }),
  'get /api/v1/team/members': async (caller) => {
    await addTeam(t.db, [{ userId: caller.userId, role: 'owner' }]);
    return {};
  },
  'get /api/v1/analytics/overview': async () => ({ query: 'range=12m&timeZone=Europe/Madrid' }),
  'get /api/v1/analytics/breakdowns': async () => ({ query: 'range=30d' }),
  'get /api/v1/leads': async (caller) => {
    await leadOf(caller.userId);
    return { query: 'search=grace&timeZone=Europe/Madrid&limit=5' };
  },
  'get /api/v1/leads/{id}': async (caller) => ({ id: await leadOf(caller.userId) }),
  'delete /api/v1/leads/{id}': async (caller) => ({ id: await leadOf(caller.userId) }),
  'put /api/v1/profile-links/order': async (caller) => {
    const first = await profileLinkOf(caller.userId);
    const second = await profileLinkOf(caller.userId);
    return { payload: { ids: [second, first] } };
  },
};

function send(
  caller: ApiCaller,
  method: Method,
  path: string,
  request: ValidRequest,
): Promise<LightMyRequestResponse> {
  const url = `${request.id ? path.replace('{id}', request.id) : path}${request.query ? `?${request.query}` : ''}`;
  return caller.call(method.toUpperCase() as 'GET', url, { payload: request.payload });
}

/** Checks an answer against the operation's documented response of its status. */
function expectDocumented(operation: Operation, response: LightMyRequestResponse) {
  const documented = operation.responses[String(response.statusCode)];
  expect(documented, `status ${response.statusCode} is documented: ${response.body}`).toBeDefined();
  if (response.statusCode === 204) return expect(response.body).toBe('');
  const [mediaType, content] = Object.entries(documented!.content ?? {})[0]!;
  expect(response.headers['content-type']).toContain(mediaType);
  const validate = validatorOf(content.schema);
  expect(validate(response.json()), JSON.stringify(validate.errors)).toBe(true);
}

describe('the document', () => {
  it('validates against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    // a copy: the validator keeps the document it read (validator.specification)
    const result = await validator.validate(JSON.parse(JSON.stringify(doc)) as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has no component that nothing refers to', () => {
    const { schemas, ...otherComponents } = doc.components;
    const refsIn = (value: unknown) =>
      [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(([, name]) => name);
    const referred = new Set(refsIn({ ...doc, components: otherComponents }));
    for (const name of [...referred]) for (const inner of refsIn(schemas[name!])) referred.add(inner);
    expect(Object.keys(schemas).toSorted()).toEqual([...referred].toSorted());
  });

  it('is OpenAPI 3.1 with a bearer scheme, and every schema in it compiles as JSON Schema 2020-12', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.components.securitySchemes).toEqual({
      apiKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(doc.security).toEqual([{ apiKey: [] }]);
    for (const schema of Object.values(doc.components.schemas)) validatorOf(schema);
    for (const { path, operation } of operations()) {
      expect(path.startsWith('/api/v1/')).toBe(true);
      for (const content of Object.values(operation.requestBody?.content ?? {})) validatorOf(content.schema);
      for (const response of Object.values(operation.responses))
        for (const content of Object.values(response.content ?? {})) validatorOf(content.schema);
    }
  });

  it('documents every error as problem+json of the Problem component, with the reasons of its status', () => {
    for (const { method, path, operation } of operations()) {
      const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
      expect(
        errors.map(([status]) => status),
        `${method} ${path}`,
      ).toEqual(expect.arrayContaining(['400', '401', '403', '429']));
      for (const [, response] of errors) {
        expect(response.content).toEqual({
          'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
        });
      }
    }
  });

  it('documents every PATCH as a partial update', () => {
    const patches = operations().filter(({ method }) => method === 'patch');
    expect(patches.length).toBeGreaterThan(0);
    for (const { path, operation } of patches) {
      expect(operation.description, path).toBe(PATCH_DESCRIPTION);
      const { schema } = Object.values(operation.requestBody!.content)[0]!;
      // every field optional, baseVersion too (left out: the last write wins)
      expect(schema, path).toMatchObject({ additionalProperties: false, properties: { baseVersion: {} } });
      expect(schema, path).not.toHaveProperty('required');
    }
  });

  it('has an anchor in its description for every problem type (/api/docs#problem-{reason})', () => {
    for (const reason of ERROR_REASONS) expect(doc.info.description).toContain(`id="problem-${reason}"`);
  });

  it('is public, and the docs page is served from this server within its CSP', async () => {
    const docs = await t.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
    // every script and stylesheet of the page is a file of this server (no CDN, no inline script)
    expect(docs.body).not.toMatch(/<script>|https?:\/\//);
    for (const [, asset] of docs.body.matchAll(/(?:src|href)="([^"]+)"/g)) {
      const url = asset!.startsWith('/') ? asset! : `/api/docs/${asset!.replace(/^\.\//, '')}`;
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    }
  });
});

describe('every operation', () => {
  it('has a valid request in this test', () => {
    const missing = operations()
      .map(({ method, path }) => `${method} ${path}`)
      .filter((name) => !VALID_REQUEST[name]);
    expect(missing).toEqual([]);
  });

  it('answers a valid request as documented', async () => {
    for (const { method, path, operation } of operations()) {
      const caller = await createApiCaller(t);
      const request = await VALID_REQUEST[`${method} ${path}`]!(caller);
      const response = await send(caller, method, path, request);
      expect(response.statusCode, `${method} ${path}: ${response.body}`).toBeLessThan(300);
      expectDocumented(operation, response);
    }
  });

  it('answers without a key with a documented 401 problem', async () => {
    for (const { method, path, operation } of operations()) {
      const response = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url: path.replace('{id}', crypto.randomUUID()),
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toBe(PROBLEM_CONTENT_TYPE);
      expectDocumented(operation, response);
    }
  });

  it("answers another account's object exactly like an unknown id (404 problem)", async () => {
    const idOperations = operations().filter(({ operation }) =>
      operation.parameters?.some((parameter) => parameter.in === 'path' && parameter.name === 'id'),
    );
    expect(idOperations.length).toBeGreaterThan(0);
    for (const { method, path, operation } of idOperations) {
      const caller = await createApiCaller(t);
      const other = await createApiCaller(t);
      const objectOf = OBJECT_OF_PATH[path];
      expect(objectOf, `an object for ${path}`).toBeDefined();
      const { payload } = await VALID_REQUEST[`${method} ${path}`]!(caller);
      const foreign = await send(caller, method, path, { id: await objectOf!(other.userId), payload });
      const unknown = await send(caller, method, path, { id: crypto.randomUUID(), payload });
      expect(foreign.statusCode, `${method} ${path}`).toBe(404);
      expect(foreign.headers['content-type']).toBe(PROBLEM_CONTENT_TYPE);
      expect(foreign.body).toBe(unknown.body);
      expect(foreign.json()).toMatchObject({ reason: 'not_found' });
      expectDocumented(operation, foreign);
    }
  });
});

/** The write operations: those with a request body. */
function writeOperations() {
  return operations().filter(({ operation }) => operation.requestBody);
}

/** A value of a type the field does not take. */
function wrongValueFor(field: BodySchema['properties'][string]): unknown {
  const types = [field.type ?? [], ...(field.anyOf ?? []).map((option) => option.type ?? [])].flat();
  return types.includes('boolean') ? 'not a boolean' : true;
}

describe('every create with an Idempotency-Key', () => {
  it('answers a replay with the first answer and makes one object', async () => {
    const creates = operations().filter(({ operation }) =>
      operation.parameters?.some(
        (parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key',
      ),
    );
    expect(creates.length).toBeGreaterThan(0);
    for (const { method, path } of creates) {
      const caller = await createApiCaller(t);
      const request = await VALID_REQUEST[`${method} ${path}`]!(caller);
      const headers = { 'idempotency-key': `${method} ${path}` };
      const first = await caller.call(method.toUpperCase() as 'POST', path, {
        payload: request.payload,
        headers,
      });
      const afterFirst = await storedRowsOf(t.db, caller.userId);
      const replay = await caller.call(method.toUpperCase() as 'POST', path, {
        payload: request.payload,
        headers,
      });
      expect(first.statusCode, `${method} ${path}: ${first.body}`).toBe(201);
      expect(replay.statusCode).toBe(first.statusCode);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toBe(first.body);
      expect(replay.headers['content-type']).toBe(first.headers['content-type']);
      expect(replay.headers.location).toBe(first.headers.location);
      expect(await storedRowsOf(t.db, caller.userId)).toEqual(afterFirst);
    }
  });
});

describe('every write', () => {
  it('refuses malformed JSON, unknown fields, wrong types and an oversize body as problems, storing nothing', async () => {
    const writes = writeOperations();
    expect(writes.length).toBeGreaterThan(0);
    for (const { method, path, operation } of writes) {
      const name = `${method} ${path}`;
      const caller = await createApiCaller(t);
      const request = await VALID_REQUEST[name]!(caller);
      const before = await storedRowsOf(t.db, caller.userId);
      const sendBody = (payload: unknown) => send(caller, method, path, { ...request, payload });
      const expectRefused = (response: LightMyRequestResponse, status: number, reason: string) => {
        expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
        expect(response.headers['content-type']).toBe(PROBLEM_CONTENT_TYPE);
        expect(response.json()).toMatchObject({ status, reason });
        expectDocumented(operation, response);
        return response.json<{ detail: string; errors?: { field: string; code: string }[] }>();
      };
      const url = path.replace('{id}', request.id ?? '');
      const raw = (payload: string) =>
        caller.call(method.toUpperCase() as 'POST', url, {
          payload,
          headers: { 'content-type': 'application/json' },
        });

      const malformed = expectRefused(await raw('{"title":'), 400, 'validation_failed');
      expect(malformed.detail, name).toMatch(/JSON/);
      // the body itself is the field
      expect(malformed.errors, name).toEqual([
        { field: '', code: 'invalid_json', message: expect.stringMatching(/JSON/) },
      ]);

      const unknown = expectRefused(
        await sendBody({ ...(request.payload as object), admin: true }),
        400,
        'validation_failed',
      );
      expect(unknown.errors, name).toEqual([
        expect.objectContaining({ field: 'admin', code: 'unrecognized_keys' }),
      ]);

      const { schema } = Object.values(operation.requestBody!.content)[0]!;
      for (const [field, fieldSchema] of Object.entries(schema.properties)) {
        const wrong = expectRefused(
          await sendBody({ ...(request.payload as object), [field]: wrongValueFor(fieldSchema) }),
          400,
          'validation_failed',
        );
        expect(wrong.errors, `${name} ${field}`).toEqual([
          expect.objectContaining({ field, code: 'invalid_type' }),
        ]);
      }

      const form = await caller.call(method.toUpperCase() as 'POST', url, {
        payload: 'title=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(expectRefused(form, 415, 'unsupported_media_type').detail, name).toContain(
        'application/x-www-form-urlencoded',
      );

      const padding = 'x'.repeat(API_BODY_LIMIT_BYTES);
      expectRefused(
        await raw(JSON.stringify({ ...(request.payload as object), padding })),
        413,
        'payload_too_large',
      );

      expect(await storedRowsOf(t.db, caller.userId), name).toEqual(before);
    }
  });
});

describe('every list', () => {
  it('refuses a cursor it did not make as a problem naming the cursor', async () => {
    const lists = operations().filter(({ operation }) =>
      operation.parameters?.some((parameter) => parameter.in === 'query' && parameter.name === 'cursor'),
    );
    expect(lists.length).toBeGreaterThan(0);
    for (const { method, path, operation } of lists) {
      const caller = await createApiCaller(t);
      const request = await VALID_REQUEST[`${method} ${path}`]!(caller);
      for (const cursor of ['not-ours', Buffer.from('{"a":1}').toString('base64url'), '']) {
        const response = await send(caller, method, path, { ...request, query: `cursor=${cursor}` });
        expect(response.statusCode, `${path} ${cursor}`).toBe(400);
        expect(response.headers['content-type']).toBe(PROBLEM_CONTENT_TYPE);
        expect(response.json()).toMatchObject({
          reason: 'validation_failed',
          errors: [expect.objectContaining({ field: 'cursor' })],
        });
        expectDocumented(operation, response);
      }
    }
  });
});
