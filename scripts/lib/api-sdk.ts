import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Fastify from 'fastify';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import type { ApiDeps } from '../../server/api/context.ts';
import { registerApiV1Routes } from '../../server/api/v1.ts';
import { serverPaths } from '../../src/routes.ts';

// The REST API's document and the typed client's types, committed in sdk/ (npm run api:client writes them,
// npm run lint:api and tests/api/openapi-sdk.test.ts fail when they are not what the app makes now).

export const SDK_DOCUMENT = 'sdk/openapi.json';
export const SDK_TYPES = 'sdk/tapcard-api.d.ts';
export const SDK_COMMAND = 'npm run api:client';

/**
 * The document as GET /api/v1/openapi.json answers it, as committed (JSON with two spaces). Made from the
 * API's routes alone, without a database: the routes read their dependencies only when they answer.
 */
export async function apiDocumentText(): Promise<string> {
  const app = Fastify({ logger: false });
  try {
    await registerApiV1Routes(app, {} as ApiDeps);
    const response = await app.inject({ url: `${serverPaths.apiV1}/openapi.json` });
    if (response.statusCode !== 200) throw new Error(`the document answered ${response.statusCode}`);
    return committedJson(response.json());
  } finally {
    await app.close();
  }
}

/** A document as its committed file holds it. */
export function committedJson(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The client's types (openapi-fetch's `paths`, the `components` and `webhooks`), from the document. */
export async function apiTypesText(documentText: string): Promise<string> {
  const nodes = await openapiTS(JSON.parse(documentText) as Parameters<typeof openapiTS>[0]);
  return `${COMMENT_HEADER.replace(' */', ` * From ${SDK_DOCUMENT}: ${SDK_COMMAND}.\n */`)}${astToString(nodes)}`;
}

/**
 * Redocly's lint of a document file with redocly.yaml (recommended-strict: any warning fails), offline:
 * without its telemetry and update check.
 */
export function lintApiDocument(file: string): { ok: boolean; output: string } {
  const redocly = path.join('node_modules', '.bin', 'redocly');
  const run = spawnSync(redocly, ['lint', file, '--config', 'redocly.yaml', '--format', 'stylish'], {
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}
