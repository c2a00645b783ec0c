import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_REASONS, isErrorReason, type ErrorReason } from '../../src/errors.ts';
import { errorOutcome } from '../../server/lib/error-outcome.ts';
import { AppError, HTTP_STATUS_FOR, PROBLEM_TITLE_FOR } from '../../server/lib/errors.ts';
import { problemOf, sendProblem } from '../../server/lib/problem.ts';
import { captureLogs } from '../support/logs.ts';

// RFC 9457's members as this API fills them: every one present, `type` a full path, the closed reason.
const ProblemSchema = z.strictObject({
  type: z.string().regex(/^\/api\/docs#problem-[a-z_]+$/),
  title: z.string().min(1),
  status: z.number().int().min(400).max(599),
  detail: z.string().min(1),
  reason: z.string().refine(isErrorReason),
  errors: z
    .array(z.strictObject({ field: z.string(), code: z.string().min(1), message: z.string().min(1) }))
    .min(1)
    .optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});

const BODY_LIMIT = 1024;
const logs = captureLogs();
let app: FastifyInstance;

/** A scope like the REST API's: its error handler answers problem+json through sendProblem. */
beforeAll(async () => {
  app = Fastify({
    bodyLimit: BODY_LIMIT,
    logger: { level: 'info', stream: logs.stream },
    // Fastify's default drops unknown properties silently; an API refuses them
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.setErrorHandler((error, _request, reply) => sendProblem(reply, error));
  app.post('/echo', async (request) => request.body);
  app.post(
    '/schema',
    {
      schema: {
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: {
            name: { type: 'string' },
            address: { type: 'object', properties: { zip: { type: 'integer' } } },
          },
        },
      },
    },
    async (request) => request.body,
  );
  app.post('/zod', async (request) =>
    z
      .strictObject({ name: z.string().min(1), links: z.array(z.object({ url: z.url() })) })
      .parse(request.body),
  );
  app.get('/reason/:reason', async (request) => {
    const { reason } = request.params as { reason: ErrorReason };
    throw new AppError(reason);
  });
  app.get('/crash', async () => {
    throw new Error('relation "secret_table" does not exist');
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

const postJson = (url: string, payload: string) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

function problemIn(response: Awaited<ReturnType<typeof postJson>>) {
  expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  const problem = ProblemSchema.parse(response.json());
  expect(problem.status).toBe(response.statusCode);
  return problem;
}

describe('problemOf', () => {
  it.each(ERROR_REASONS)('makes a valid problem of %s with the status and title of its tables', (reason) => {
    const problem = ProblemSchema.parse(problemOf(errorOutcome(new AppError(reason))));
    expect(problem).toMatchObject({
      type: `/api/docs#problem-${reason}`,
      title: PROBLEM_TITLE_FOR[reason],
      status: HTTP_STATUS_FOR[reason],
      reason,
    });
    expect(problem.errors).toBeUndefined();
  });

  it("carries a reason's details", () => {
    const problem = problemOf(errorOutcome(new AppError('limit_reached', { resource: 'vcards', limit: 10 })));
    expect(problem.meta).toEqual({ resource: 'vcards', limit: 10 });
  });

  it('gives every reason its own title', () => {
    expect(new Set(Object.values(PROBLEM_TITLE_FOR)).size).toBe(ERROR_REASONS.length);
  });
});

describe('sendProblem as an error handler', () => {
  it.each(ERROR_REASONS)('answers an AppError(%s) with its status', async (reason) => {
    const response = await app.inject({ method: 'GET', url: `/reason/${reason}` });
    expect(response.statusCode).toBe(HTTP_STATUS_FOR[reason]);
    expect(problemIn(response).reason).toBe(reason);
  });

  it('answers malformed JSON with validation_failed', async () => {
    const response = await postJson('/echo', '{"name": "Ana",');
    expect(response.statusCode).toBe(400);
    const problem = problemIn(response);
    expect(problem.reason).toBe('validation_failed');
    expect(problem.detail).toMatch(/not valid JSON/);
  });

  it('answers a body over the limit with payload_too_large', async () => {
    const response = await postJson('/echo', JSON.stringify({ name: 'x'.repeat(BODY_LIMIT) }));
    expect(response.statusCode).toBe(413);
    expect(problemIn(response).reason).toBe('payload_too_large');
  });

  it('lists the fields a zod schema refused, by their paths', async () => {
    const response = await postJson('/zod', JSON.stringify({ name: '', links: [{ url: 'nope' }], extra: 1 }));
    expect(response.statusCode).toBe(400);
    const problem = problemIn(response);
    expect(problem.reason).toBe('validation_failed');
    expect(problem.errors?.map((error) => [error.field, error.code])).toEqual(
      expect.arrayContaining([
        ['name', 'too_small'],
        ['links.0.url', 'invalid_format'],
        ['extra', 'unrecognized_keys'],
      ]),
    );
    expect(problem.detail).toContain('links.0.url: ');
  });

  it("lists the fields Fastify's schema validation refused: wrong type, missing, unknown", async () => {
    const wrongType = problemIn(
      await postJson('/schema', JSON.stringify({ name: 'Ana', address: { zip: 'x' } })),
    );
    expect(wrongType.errors).toEqual([{ field: 'address.zip', code: 'type', message: expect.any(String) }]);
    const missing = problemIn(await postJson('/schema', JSON.stringify({})));
    expect(missing.errors?.[0]).toMatchObject({ field: 'name', code: 'required' });
    const unknown = problemIn(await postJson('/schema', JSON.stringify({ name: 'Ana', colour: 'red' })));
    expect(unknown.errors?.[0]).toMatchObject({ field: 'colour', code: 'additionalProperties' });
  });

  it('answers anything unknown with internal, telling nothing of it, and logs it', async () => {
    const before = logs.lines.length;
    const response = await app.inject({ method: 'GET', url: '/crash' });
    expect(response.statusCode).toBe(500);
    const problem = problemIn(response);
    expect(problem).toMatchObject({
      reason: 'internal',
      detail: expect.stringMatching(/^GET \/crash failed/),
    });
    expect(problem.detail).not.toContain(PROBLEM_TITLE_FOR.internal);
    expect(response.body).not.toContain('secret_table');
    const logged = logs.lines.slice(before).filter((line) => line.msg === 'request failed');
    expect(logged).toHaveLength(1);
  });

  it('logs no refusal of a request as a failure', async () => {
    const before = logs.lines.length;
    await app.inject({ method: 'GET', url: '/reason/not_found' });
    await postJson('/echo', '{');
    expect(logs.lines.slice(before).filter((line) => line.msg === 'request failed')).toEqual([]);
  });
});
