import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '#server/app-router.ts';
import {
  ERROR_REASON_TEXT,
  NETWORK_ERROR_TEXT,
  supportSendErrorMessage,
  trpcErrorMessage,
} from '#web/lib/error-messages.ts';

/** A refused call as the client sees it: the error shape of server/trpc/init.ts. */
function refused(reason: string, meta?: Record<string, unknown>) {
  return TRPCClientError.from<AppRouter>({
    error: {
      message: reason,
      code: -32600,
      data: { code: 'BAD_REQUEST', httpStatus: 400, path: 'support.send', reason, meta },
    },
  });
}

const noAnswer = TRPCClientError.from<AppRouter>(new TypeError('Failed to fetch'));

describe('trpcErrorMessage', () => {
  it('reads the reason of the answer', () => {
    expect(trpcErrorMessage(refused('rate_limited'))).toBe(ERROR_REASON_TEXT.rate_limited);
  });

  it('says the server could not be reached when no answer came', () => {
    expect(trpcErrorMessage(noAnswer)).toBe(NETWORK_ERROR_TEXT);
  });

  it('reads an unknown reason, or something that is not a tRPC error, as internal', () => {
    expect(trpcErrorMessage(refused('something_new'))).toBe(ERROR_REASON_TEXT.internal);
    expect(trpcErrorMessage(new Error('boom'))).toBe(ERROR_REASON_TEXT.internal);
  });
});

describe('supportSendErrorMessage', () => {
  it('states the limit the server sent', () => {
    const message = supportSendErrorMessage(refused('rate_limited', { limit: 5, windowMinutes: 60 }));
    expect(message.values).toEqual({ limit: 5, windowMinutes: 60 });
  });

  it('falls back to the reason text', () => {
    expect(supportSendErrorMessage(refused('rate_limited'))).toBe(ERROR_REASON_TEXT.rate_limited);
    expect(supportSendErrorMessage(noAnswer)).toBe(NETWORK_ERROR_TEXT);
  });
});
