import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_REASONS } from '../../src/errors.ts';
import { errorOutcome } from '../../server/lib/error-outcome.ts';
import { AppError, HTTP_STATUS_FOR } from '../../server/lib/errors.ts';
import { TRPC_CODE_FOR } from '../../server/trpc/error-codes.ts';

function zodFailure(schema: z.ZodType, input: unknown): z.ZodError {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the schema to refuse the input');
  return result.error;
}

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('the tRPC code of each reason', () => {
  it.each(ERROR_REASONS)('%s answers over tRPC with the status of the table', (reason) => {
    const status = getHTTPStatusCodeFromError(new TRPCError({ code: TRPC_CODE_FOR[reason] }));
    expect(status).toBe(HTTP_STATUS_FOR[reason]);
  });

  it('keeps the codes the client has always had where a status has two (400) or a narrower one', () => {
    expect(TRPC_CODE_FOR.validation_failed).toBe('BAD_REQUEST');
    expect(TRPC_CODE_FOR.internal).toBe('INTERNAL_SERVER_ERROR');
    expect(TRPC_CODE_FOR.invalid_image).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(TRPC_CODE_FOR.qr_unreadable).toBe('UNPROCESSABLE_CONTENT');
    expect(TRPC_CODE_FOR.storage_unavailable).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('errorOutcome', () => {
  it.each(ERROR_REASONS)('gives an AppError(%s) its own reason and the table status', (reason) => {
    const outcome = errorOutcome(new AppError(reason, { limit: 3 }));
    expect(outcome).toMatchObject({ reason, status: HTTP_STATUS_FOR[reason], meta: { limit: 3 } });
    expect(outcome.message).toBe(reason);
  });

  it('finds the AppError a procedure threw inside the TRPCError that carries it', () => {
    const cause = new AppError('plan_required', { feature: 'apiAccess', plan: 'business' });
    const outcome = errorOutcome(
      new TRPCError({ code: TRPC_CODE_FOR.plan_required, message: 'plan_required', cause }),
    );
    expect(outcome).toMatchObject({ reason: 'plan_required', status: 403, meta: { plan: 'business' } });
  });

  it('keeps an AppError whose cause is a refused connection (the photo storage) apart from a lost database', () => {
    const storage = new AppError('storage_unavailable', undefined, { cause: refused() });
    expect(errorOutcome(storage).reason).toBe('storage_unavailable');
    expect(errorOutcome(new TRPCError({ code: 'SERVICE_UNAVAILABLE', cause: storage })).reason).toBe(
      'storage_unavailable',
    );
  });

  it('reads a lost database, bare or wrapped, as database_unavailable without its message', () => {
    for (const error of [refused(), new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: refused() })]) {
      expect(errorOutcome(error)).toMatchObject({
        reason: 'database_unavailable',
        status: 503,
        message: 'database_unavailable',
      });
    }
  });

  it('lists the fields of a zod failure by their dotted path, each unknown field by its name', () => {
    const schema = z.strictObject({
      name: z.string().max(3, 'validation.name.too_long'),
      links: z.array(z.object({ url: z.url() })),
    });
    const error = zodFailure(schema, { name: 'Anabel', links: [{ url: 'nope' }], colour: 'red', size: 2 });
    const outcome = errorOutcome(error);
    expect(outcome).toMatchObject({ reason: 'validation_failed', status: 400, message: 'validation_failed' });
    expect(outcome.fieldErrors).toEqual(
      expect.arrayContaining([
        { path: 'name', code: 'too_big', message: 'validation.name.too_long' },
        { path: 'links.0.url', code: 'invalid_format', message: expect.any(String) },
        { path: 'colour', code: 'unrecognized_keys', message: expect.any(String) },
        { path: 'size', code: 'unrecognized_keys', message: expect.any(String) },
      ]),
    );
    expect(outcome.fieldErrors).toHaveLength(4);
    // the same fields when tRPC refused the input
    expect(errorOutcome(new TRPCError({ code: 'BAD_REQUEST', cause: error })).fieldErrors).toEqual(
      outcome.fieldErrors,
    );
  });

  it("gives tRPC's own errors the plain reason of their status", () => {
    const reasonOf = (code: TRPCError['code']) => errorOutcome(new TRPCError({ code })).reason;
    expect(reasonOf('PARSE_ERROR')).toBe('validation_failed');
    expect(reasonOf('BAD_REQUEST')).toBe('validation_failed');
    expect(reasonOf('METHOD_NOT_SUPPORTED')).toBe('method_not_allowed');
    expect(reasonOf('UNAUTHORIZED')).toBe('unauthenticated');
    expect(reasonOf('NOT_FOUND')).toBe('not_found');
    expect(reasonOf('PAYLOAD_TOO_LARGE')).toBe('payload_too_large');
    expect(reasonOf('TOO_MANY_REQUESTS')).toBe('rate_limited');
    expect(reasonOf('SERVICE_UNAVAILABLE')).toBe('database_unavailable');
    expect(reasonOf('INTERNAL_SERVER_ERROR')).toBe('internal');
  });

  it('gives an error with only a status (Fastify, http-errors) the plain reason of that status', () => {
    const withStatus = (statusCode: number) =>
      errorOutcome(Object.assign(new Error(`status ${statusCode}`), { statusCode }));
    expect(withStatus(400)).toMatchObject({ reason: 'validation_failed', message: 'status 400' });
    expect(withStatus(404).reason).toBe('not_found');
    expect(withStatus(413).reason).toBe('payload_too_large');
    expect(withStatus(415).reason).toBe('unsupported_media_type');
    expect(withStatus(429).reason).toBe('rate_limited');
    expect(withStatus(500)).toMatchObject({ reason: 'internal', message: 'internal' });
  });

  it('reads anything else as internal, and tells nothing of it', () => {
    for (const error of [new Error('relation "secret" does not exist'), 'boom', null, undefined]) {
      expect(errorOutcome(error)).toEqual({
        reason: 'internal',
        status: 500,
        message: 'internal',
        meta: undefined,
        fieldErrors: undefined,
      });
    }
  });
});
