import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '../../src/webhooks.ts';
import {
  apiTypesText,
  committedJson,
  lintApiDocument,
  SDK_COMMAND,
  SDK_DOCUMENT,
  SDK_TYPES,
} from '../../scripts/lib/api-sdk.ts';
import { buildTestApp, type TestApp } from '../support/harness.ts';

// The document as SDK generators read it (issue 50): an id per operation, every answer described with
// its headers, the pages' `has_more`, every webhook with its payload; the committed copy and the typed
// client's types (sdk/) are what the app makes now, and Redocly's recommended rules find nothing.

type Operation = {
  operationId?: string;
  parameters?: { in: string; name: string }[];
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, { $ref: string }>;
      content?: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }>;
    }
  >;
};
interface Document {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<
    string,
    { post: Operation & { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }
  >;
  components: { schemas: Record<string, { properties?: Record<string, { const?: string }> }> };
}

let t: TestApp;
let served: string;
let doc: Document;

beforeAll(async () => {
  t = await buildTestApp();
  const response = await t.app.inject({ url: '/api/v1/openapi.json' });
  served = committedJson(response.json());
  doc = response.json<Document>();
});

afterAll(async () => {
  await t?.close();
});

function operations() {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );
}

describe('the document', () => {
  it('names every operation and webhook with an id of its own', () => {
    const ids = [
      ...operations().map(({ operation }) => operation),
      ...Object.values(doc.webhooks).map(({ post }) => post),
    ].map((operation) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const idOf = Object.fromEntries(operations().map(({ name, operation }) => [name, operation.operationId]));
    expect(idOf).toMatchObject({
      'GET /api/v1/cards': 'listCards',
      'POST /api/v1/cards': 'createCard',
      'GET /api/v1/cards/{id}': 'getCard',
      'PATCH /api/v1/cards/{id}': 'updateCard',
      'DELETE /api/v1/cards/{id}': 'deleteCard',
      'GET /api/v1/qr-codes': 'listQrCodes',
      'PUT /api/v1/profile-links/order': 'reorderProfileLinks',
      'GET /api/v1/analytics/overview': 'getAnalyticsOverview',
      'GET /api/v1/me': 'getAccount',
    });
  });

  it('describes every answer and the headers it carries', () => {
    for (const { name, operation } of operations()) {
      const idempotent = operation.parameters?.some((parameter) => parameter.name === 'idempotency-key');
      for (const [status, response] of Object.entries(operation.responses)) {
        const where = `${name} ${status}`;
        expect(response.description, where).not.toBe('Default Response');
        const headers = Object.keys(response.headers ?? {});
        expect(headers, where).toContain('Request-Id');
        if (status === '401') expect(headers, where).toContain('WWW-Authenticate');
        else
          expect(headers, where).toEqual(
            expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
          );
        if (status === '429') expect(headers, where).toContain('Retry-After');
        if (status === '201')
          expect(headers, where).toEqual(
            expect.arrayContaining(['Location', ...(idempotent ? ['Idempotent-Replayed'] : [])]),
          );
        for (const header of Object.values(response.headers ?? {}))
          expect(header.$ref).toMatch(/^#\/components\/headers\//);
      }
      if (operation.parameters?.some((parameter) => parameter.name === 'cursor')) {
        const { schema } = operation.responses['200']!.content!['application/json']!;
        expect(schema.required, name).toEqual(expect.arrayContaining(['items', 'has_more', 'next_cursor']));
      }
    }
  });

  it("carries the fields' descriptions (`.meta()`), which the generated client shows as JSDoc", () => {
    const link = doc.components.schemas['Link']?.properties as Record<string, { description?: string }>;
    expect(link['code']?.description).toMatch(/printed with/);
    expect(readFileSync(SDK_TYPES, 'utf8')).toContain('@description The code the link is printed with');
  });

  it("has a webhook for every event, signed, with the event's body", () => {
    expect(Object.keys(doc.webhooks).toSorted()).toEqual([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT].toSorted());
    for (const [event, { post }] of Object.entries(doc.webhooks)) {
      expect(post.parameters, event).toEqual(
        ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({
          $ref: `#/components/parameters/${name}`,
        })),
      );
      const body = post.requestBody.content['application/json']!.schema.$ref.split('/').at(-1)!;
      expect(doc.components.schemas[body]?.properties?.type?.const, event).toBe(event);
    }
  });
});

describe('the committed client (sdk/)', () => {
  it(`holds the document the app serves (else: ${SDK_COMMAND})`, () => {
    expect(
      readFileSync(SDK_DOCUMENT, 'utf8') === served,
      `${SDK_DOCUMENT} is stale: run ${SDK_COMMAND}`,
    ).toBe(true);
  });

  it(`holds the types generated from it (else: ${SDK_COMMAND})`, async () => {
    const types = await apiTypesText(readFileSync(SDK_DOCUMENT, 'utf8'));
    expect(readFileSync(SDK_TYPES, 'utf8') === types, `${SDK_TYPES} is stale: run ${SDK_COMMAND}`).toBe(true);
  });

  it("passes Redocly's recommended rules with no warning", () => {
    const lint = lintApiDocument(SDK_DOCUMENT);
    expect(lint.ok, lint.output).toBe(true);
  });
});
