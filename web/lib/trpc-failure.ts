import { TRPCClientError } from '@trpc/client';
import { isErrorReason, type ErrorReason } from '#src/errors.ts';

/** What a refused tRPC call carries (server/trpc/init.ts formatter); null when no answer came at all. */
export interface TrpcFailure {
  reason: ErrorReason;
  meta: Record<string, unknown> | undefined;
  /** The input fields the shared schema refused, each with a validation id. */
  fieldErrors: { path: string; message: string }[];
}

function isFieldError(value: unknown): value is { path: string; message: string } {
  return isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The reason (and details) of a failed tRPC call, or null for a call that got no answer (offline, server
 * down, an answer that is not ours). A reason we do not know reads as `internal`.
 */
export function trpcFailure(error: unknown): TrpcFailure | null {
  if (!(error instanceof TRPCClientError)) return { reason: 'internal', meta: undefined, fieldErrors: [] };
  const data: unknown = error.data;
  if (!isRecord(data)) return null;
  return {
    reason: isErrorReason(data.reason) ? data.reason : 'internal',
    meta: isRecord(data.meta) ? data.meta : undefined,
    fieldErrors: Array.isArray(data.fieldErrors) ? data.fieldErrors.filter(isFieldError) : [],
  };
}
