import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_KEY_RATE_LIMIT } from '../../src/api-keys.ts';
import { ERROR_REASONS, type ErrorReason } from '../../src/errors.ts';
import { VALIDATION_MESSAGE_IDS, type ValidationMessageId } from '../../src/messages.ts';
import { VALIDATION_MESSAGE_TEXT } from '../../src/validation-texts.ts';
import { serverPaths } from '../../src/routes.ts';
import { HTTP_STATUS_FOR, PROBLEM_TITLE_FOR } from '../lib/errors.ts';
import { PROBLEM_CONTENT_TYPE, problemType } from '../lib/problem.ts';
import { validationSentence } from '../lib/server-i18n.ts';

// The REST API's OpenAPI 3.1 document, generated from the routes' zod schemas (the dashboard's own), and
// its interactive docs (swagger-ui, served from this server's files: Tapcard works offline).

type ApiSchemaMeta = { id: string; description?: string };

/** What `.meta()` gave a schema (zod's global registry), without an id: a description, examples. */
class FallingBackToGlobalMeta extends WeakMap<z.core.$ZodType, ApiSchemaMeta> {
  override get(schema: z.core.$ZodType): ApiSchemaMeta | undefined {
    const own = super.get(schema);
    if (own) return own;
    const { id: _id, ...global } = z.globalRegistry._map.get(schema) ?? {};
    return Object.keys(global).length > 0 ? (global as ApiSchemaMeta) : undefined;
  }
}

/**
 * The schemas the document names as components (a registry of its own: nothing else leaks in). The
 * document's converter reads every schema's metadata from it alone, so it falls back to what `.meta()` gave
 * a field: its description reaches the document and the generated client's JSDoc.
 */
export const apiSchemas = z.registry<ApiSchemaMeta>();
apiSchemas._map = new FallingBackToGlobalMeta();

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
      .array(
        z.object({
          field: z.string(),
          code: z.string().meta({ description: "The validator's code (`too_big`, `custom`…)." }),
          message: z.string().meta({ description: 'What is wrong, as an English sentence.' }),
          messageId: z.enum(VALIDATION_MESSAGE_IDS).optional().meta({
            description:
              'The rule the sentence says, where the schema names one: listed with its words under "Validation messages" in /api/docs.',
          }),
        }),
      )
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

/** A validation id's sentence as the docs list it: what a rule fills in at run time shown as `{name}`. */
function documentedSentence(id: ValidationMessageId): string {
  const { message = '', values: constants = {} } = VALIDATION_MESSAGE_TEXT[id];
  const names = [...message.matchAll(/\{(\w+)\}/g)]
    .map(([, name]) => name!)
    .filter((name) => !(name in constants));
  return validationSentence(id, Object.fromEntries(names.map((name) => [name, `{${name}}`])));
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
    'default 20) and `cursor` (the `next_cursor` of the previous page); `has_more` is false, and `next_cursor`',
    'null, on the last page. A POST that creates answers 201 with the new object and its path in `Location`, and',
    'may carry an `Idempotency-Key` header: sent again with the same body within 24 hours it answers the',
    'first answer (`Idempotent-Replayed: true`). Every answer carries `Request-Id` (the id of its line in the',
    "server's log) and, once the key is counted, `RateLimit-Limit`, `RateLimit-Remaining` and",
    '`RateLimit-Reset`. Every refusal is `application/problem+json`; clients branch on its `reason`. A body',
    'must be `application/json` (another media type: 415); a method a path does not have is 405 with the ones',
    'it has in `Allow`; a 401 carries `WWW-Authenticate: Bearer` (`error="invalid_token"` for a key refused).',
    'Webhooks: the events an endpoint receives, and their payloads, are the `webhooks` of this document.',
    'The reasons:',
    '',
    '<h3 id="problems">Problem reasons</h3>',
    '',
    reasons,
    '',
    '<h3 id="validation-messages">Validation messages</h3>',
    '',
    "A refused field's `messageId`, and the sentence its `message` says (the dashboard says it in the person's language):",
    '',
    VALIDATION_MESSAGE_IDS.map((id) => `- \`${id}\`: ${documentedSentence(id)}`).join('\n'),
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

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
interface Parameter {
  in: string;
  name: string;
}
interface Response {
  description: string;
  headers?: Record<string, object>;
  content?: Record<string, { schema: object }>;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  responses: Record<string, Response>;
}
/** The document as the transforms see it: the parts this module adds to. */
interface DocumentParts {
  paths?: Record<string, Partial<Record<Method, Operation>>>;
  components?: Record<string, Record<string, unknown> | undefined>;
  webhooks?: Record<string, object>;
}

/** The operation ids the rule of operationIdOf does not give. */
const OPERATION_IDS: Record<string, string> = {
  'get /api/v1/me': 'getAccount',
  'patch /api/v1/me': 'updateAccount',
  'put /api/v1/profile-links/order': 'reorderProfileLinks',
};

const camelWords = (segment: string) =>
  segment
    .split('-')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/**
 * An operation's id, what generated clients name their methods by: the resource's words after the verb
 * of its method and shape (`listQrCodes`, `getQrCode`, `createQrCode`, `updateQrCode`, `deleteQrCode`,
 * `getAnalyticsOverview`), else OPERATION_IDS; an operation neither names fails the document.
 */
function operationIdOf(method: Method, path: string, operation: Operation): string {
  const listed = OPERATION_IDS[`${method} ${path}`];
  if (listed) return listed;
  const segments = path.replace(/^\/api\/v1\//, '').split('/');
  const item = segments.at(-1) === '{id}';
  const words = segments
    .filter((segment) => !segment.startsWith('{'))
    .map(camelWords)
    .join('');
  const one = words.replace(/s$/, '');
  const paged = operation.parameters?.some(
    (parameter) => parameter.in === 'query' && parameter.name === 'cursor',
  );
  if (method === 'get') return item ? `get${one}` : paged ? `list${words}` : `get${words}`;
  if (method === 'post' && !item) return `create${one}`;
  if (method === 'patch' && item) return `update${one}`;
  if (method === 'delete' && item) return `delete${one}`;
  throw new Error(`${method.toUpperCase()} ${path} has no operationId: add it to OPERATION_IDS (openapi.ts)`);
}

/** The headers of the API's answers, each documented once (`components.headers`). */
const RESPONSE_HEADERS = {
  'Request-Id': {
    description: "The request's id in the server's log: quote it when asking about an answer.",
    schema: { type: 'string' },
  },
  'RateLimit-Limit': {
    description: `The requests a key may make in each window of ${API_KEY_RATE_LIMIT.windowSeconds} s of the clock. On every answer to a key that was counted (not a key refused, nor a plan without API access).`,
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': { description: 'The requests left in this window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window ends.', schema: { type: 'integer' } },
  'Retry-After': { description: 'Seconds until the key may send again.', schema: { type: 'integer' } },
  'WWW-Authenticate': {
    description: '`Bearer`; `Bearer error="invalid_token"` when the key sent was refused (RFC 6750).',
    schema: { type: 'string' },
  },
  Location: { description: "The new object's path.", schema: { type: 'string', format: 'uri-reference' } },
  'Idempotent-Replayed': {
    description:
      'On the answer to a create sent again with the same `Idempotency-Key`: the first answer, and nothing was created.',
    schema: { type: 'string', enum: ['true'] },
  },
} as const;
type ResponseHeader = keyof typeof RESPONSE_HEADERS;

function headersOf(status: string, idempotent: boolean): ResponseHeader[] {
  const names: ResponseHeader[] = ['Request-Id'];
  if (status === '401') return [...names, 'WWW-Authenticate'];
  names.push('RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset');
  if (status === '429') names.push('Retry-After');
  if (status === '201') names.push('Location', ...(idempotent ? (['Idempotent-Replayed'] as const) : []));
  return names;
}

/** What an operation's success says, by what the operation does. */
function successDescription(operationId: string, status: string, response: Response): string {
  const schema = Object.values(response.content ?? {})[0]?.schema as { $ref?: string } | undefined;
  const name = schema?.$ref?.split('/').at(-1);
  const object = name ? `\`${name}\`` : 'answer';
  if (status === '204') return operationId.startsWith('delete') ? 'Deleted.' : 'Done.';
  if (status === '201') return `Created: the new ${object}, its path in \`Location\`.`;
  if (operationId.startsWith('list')) return 'A page of the list: `items`, `has_more` and `next_cursor`.';
  if (operationId.startsWith('update')) return `The ${object} as saved.`;
  return `The ${object}.`;
}

/**
 * The document as SDK generators need it: an id per operation, each answer described with its headers,
 * and the webhooks with the signature headers they carry.
 */
function forGenerators(document: OpenApiObject, extra: ApiDocumentExtras): OpenApiObject {
  const parts = document as DocumentParts;
  for (const [path, item] of Object.entries(parts.paths ?? {})) {
    for (const [method, operation] of Object.entries(item) as [Method, Operation][]) {
      operation.operationId ??= operationIdOf(method, path, operation);
      const idempotent =
        operation.parameters?.some((parameter) => parameter.name === 'idempotency-key') ?? false;
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status.startsWith('2'))
          response.description = successDescription(operation.operationId, status, response);
        response.headers = Object.fromEntries(
          headersOf(status, idempotent).map((name) => [name, { $ref: `#/components/headers/${name}` }]),
        );
      }
    }
  }
  parts.components = {
    ...parts.components,
    headers: { ...RESPONSE_HEADERS },
    parameters: { ...parts.components?.parameters, ...extra.parameters },
  };
  parts.webhooks = extra.webhooks;
  return document;
}

/** What the document holds besides the routes: the webhooks and the parameters they refer to. */
export interface ApiDocumentExtras {
  webhooks: Record<string, object>;
  parameters: Record<string, object>;
}

/** The document's version of the API: /api/v1 changes only by additions. */
const API_VERSION = '1.0.0';

const OPENAPI_PATH = `${serverPaths.apiV1}/openapi.json`;

/**
 * Registers the document's collector on the API's scope (before its routes) and the two public routes:
 * GET /api/v1/openapi.json and the docs at /api/docs.
 */
export async function registerOpenApi(scope: FastifyInstance, extras: ApiDocumentExtras): Promise<void> {
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
    transformObject: (document) => withoutUnusedSchemas(forGenerators(componentsOf(document), extras)),
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
