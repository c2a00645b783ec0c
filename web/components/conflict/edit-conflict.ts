import { trpcFailure } from '../../lib/error-messages.ts';

/** A version of a saved record: the values a form shows of it, and which version they are. */
export interface Versioned<Values> {
  values: Values;
  version: number;
}

/**
 * The record a save refused with edit_conflict carries: the newer version, as the record's list or get
 * query answers it (server/lib/edit-versions.ts). Null for any other failure.
 */
export function conflictRecord<RecordShape extends { version: number }>(error: unknown): RecordShape | null {
  const failure = trpcFailure(error);
  const current = failure?.reason === 'edit_conflict' ? failure.meta?.current : undefined;
  return typeof current === 'object' && current !== null ? (current as RecordShape) : null;
}
