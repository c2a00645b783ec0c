import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_REASONS, type ErrorReason } from '../../src/errors.ts';
import { serverPaths } from '../../src/routes.ts';
import { HTTP_STATUS_FOR, PROBLEM_TITLE_FOR } from '../lib/errors.ts';
import { PROBLEM_CONTENT_TYPE, problemType } from '../lib/problem.ts';

// The REST API's OpenAPI 3.1 document, generated from the routes' zod schemas (the dashboard's own), and
// its interactive docs (swagger-ui, served from this server's files: Tapcard works offline).

/** The schemas the document names as components (a registry of its own: nothing else leaks in). */
export const apiSchemas = z.registry<{ id: string; description?: string }>();

/** Every refusal of the REST API (server/lib/problem.ts), the component `Problem`. */
export const ProblemSchema = z
  .object({
    type: z
      .string()
      .meta({ description: 'A link to this reason in the API docs: /api/docs#problem-{reason}' }),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    reason: z.enum(ERROR_REASONS),
    errors: z
      .array(z.object({ field: z.string(), code: z.string(), message: z.string() }))
      .optional()
      .meta({
        description: 'The fields a validation failure refused, each named from the top of the input.',
      }),
    meta: z.record(z.string(), z.unknown()).optional(),
  })
  .register(apiSchemas, { id: 'Problem', description: 'RFC 9457 problem details.' });

/** Every route may refuse a key (or its scope), its rate limit, or a request it cannot read. */
const REASONS_OF_EVERY_ROUTE: ErrorReason[] = [
  'unauthenticated',
  'forbidden',
  'rate_limited',
  'validation_failed',
];

/**
 * A route's error answers: each status its reasons (with those of every route) answer, as problem+json,
 * described by the reasons it stands for.
 */
export function problemResponses(...reasons: ErrorReason[]) {
  const byStatus = new Map<number, ErrorReason[]>();
  for (const reason of new Set([...REASONS_OF_EVERY_ROUTE, ...reasons])) {
    const status = HTTP_STATUS_FOR[reason];
    byStatus.set(status, [...(byStatus.get(status) ?? []), reason]);
  }
  const mediaType = PROBLEM_CONTENT_TYPE.split(';')[0]!;
  return Object.fromEntries(
    [...byStatus].map(([status, reasonsOfStatus]) => [
      status,
      {
        description: reasonsOfStatus.map((reason) => `\`${reason}\`: ${PROBLEM_TITLE_FOR[reason]}`).join(' '),
        content: { [mediaType]: { schema: ProblemSchema } },
      },
    ]),
  );
}

/** The 415 of an operation that takes a body: a body that is not `application/json` (v1.ts). */
export function unsupportedMediaTypeResponse() {
  return {
    415: {
      description: `\`unsupported_media_type\`: ${PROBLEM_TITLE_FOR.unsupported_media_type} Send \`application/json\`.`,
      content: { [PROBLEM_CONTENT_TYPE.split(';')[0]!]: { schema: ProblemSchema } },
    },
  };
}

/**
 * The API's description: how to call it, and a section per reason with the id its problem `type` points
 * to (`problem-{reason}`), which swagger-ui renders as an anchor.
 */
function apiDescription(): string {
  const reasons = ERROR_REASONS.map(
    (reason) =>
      `<h4 id="${problemType(reason).split('#')[1]}"><code>${reason}</code> (${HTTP_STATUS_FOR[reason]})</h4>\n\n` +
      `${PROBLEM_TITLE_FOR[reason]}\n`,
  ).join('\n');
  return [
    'The Tapcard REST API. Authenticate with an API key (Dashboard → API keys) in `Authorization: Bearer <key>`;',
    'a key has the `read` scope (GET) and/or `write` (everything else). Lists are paginated with `limit` (1–100,',
    'default 20) and `cursor` (the `next_cursor` of the previous page; null on the last page). A POST that',
    'creates may carry an `Idempotency-Key` header: sent again with the same body within 24 hours it answers the',
    'first answer (`Idempotent-Replayed: true`). Every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and',
    '`RateLimit-Reset`. Every refusal is `application/problem+json`; clients branch on its `reason`. A body',
    'must be `application/json` (another media type: 415); a method a path does not have is 405 with the ones',
    'it has in `Allow`; a 401 carries `WWW-Authenticate: Bearer` (`error="invalid_token"` for a key refused).',
    'The reasons:',
    '',
    '<h3 id="problems">Problem reasons</h3>',
    '',
    reasons,
  ].join('\n');
}

type OpenApiObject = ReturnType<SwaggerTransformObject>;

const SCHEMA_REF = /"#\/components\/schemas\/([^"]+)"/g;

function schemaRefsIn(value: unknown): string[] {
  return [...JSON.stringify(value).matchAll(SCHEMA_REF)].map(([, name]) => name!);
}

/**
 * The document without the component schemas nothing refers to: fastify-type-provider-zod 7 writes every
 * registered schema twice, as read (`{id}Input`) and as answered, and the registered ones are answers.
 */
function withoutUnusedSchemas(document: OpenApiObject): OpenApiObject {
  if (!('components' in document) || !document.components?.schemas) return document;
  const { schemas } = document.components;
  const used = new Set<string>();
  const pending = schemaRefsIn({ ...document, components: { ...document.components, schemas: {} } });
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...schemaRefsIn(schemas[name]));
  }
  // the transform's own object, made anew for this document
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return document;
}

/** The document's version of the API: /api/v1 changes only by additions. */
const API_VERSION = '1.0.0';

const OPENAPI_PATH = `${serverPaths.apiV1}/openapi.json`;

/**
 * Registers the document's collector on the API's scope (before its routes) and the two public routes:
 * GET /api/v1/openapi.json and the docs at /api/docs.
 */
export async function registerOpenApi(scope: FastifyInstance): Promise<void> {
  const componentsOf = createJsonSchemaTransformObject({ schemaRegistry: apiSchemas });
  await scope.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Tapcard API', version: API_VERSION, description: apiDescription() },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key.' } },
      },
      security: [{ apiKey: [] }],
    },
    transform: createJsonSchemaTransform({ skipList: [], schemaRegistry: apiSchemas }),
    transformObject: (document) => withoutUnusedSchemas(componentsOf(document)),
  });
  scope.get(OPENAPI_PATH, { schema: { hide: true } }, () => scope.swagger());
  await scope.register(fastifySwaggerUi, {
    routePrefix: serverPaths.apiDocs,
    // validatorUrl left out: the UI never calls the online validator
    uiConfig: { deepLinking: false },
    // the page is the API's reference, not an explorer of any document: no top bar with a document URL
    theme: {
      title: 'Tapcard API',
      css: [{ filename: 'tapcard.css', content: '.swagger-ui .topbar { display: none; }' }],
    },
    // the app's CSP already allows the UI: its scripts (the initializer too) are files of this origin
    staticCSP: false,
  });
}
