import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ERROR_REASONS, type ErrorReason } from '../../src/errors.ts';
import { HTTP_STATUS_FOR } from '../lib/errors.ts';

/**
 * tRPC's own table of codes and HTTP statuses, read backwards: the code tRPC answers a status with.
 * 400 is also PARSE_ERROR, which tRPC raises itself for a body that is not JSON; ours are BAD_REQUEST.
 */
function trpcCodesByStatus(): ReadonlyMap<number, TRPC_ERROR_CODE_KEY> {
  const codes = new Map<number, TRPC_ERROR_CODE_KEY>();
  for (const code of Object.keys(TRPC_ERROR_CODES_BY_KEY) as TRPC_ERROR_CODE_KEY[]) {
    if (code !== 'PARSE_ERROR') codes.set(getHTTPStatusCodeFromError(new TRPCError({ code })), code);
  }
  return codes;
}

/**
 * The tRPC code of each reason, derived from the reason's status in the one table (server/lib/errors.ts), so
 * a tRPC answer has the status a plain route or the REST API gives the same reason. A status tRPC has no
 * code for stops the server at start.
 */
export const TRPC_CODE_FOR: Readonly<Record<ErrorReason, TRPC_ERROR_CODE_KEY>> = (() => {
  const byStatus = trpcCodesByStatus();
  const entries = ERROR_REASONS.map((reason) => {
    const code = byStatus.get(HTTP_STATUS_FOR[reason]);
    if (!code) throw new Error(`tRPC has no code for HTTP ${HTTP_STATUS_FOR[reason]} (reason ${reason})`);
    return [reason, code] as const;
  });
  return Object.fromEntries(entries) as Record<ErrorReason, TRPC_ERROR_CODE_KEY>;
})();
