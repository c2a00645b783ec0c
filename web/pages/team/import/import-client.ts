import type { TeamImportCheck, TeamImportEvent } from '#server/teams/import.ts';
import { isErrorReason, type ErrorReason } from '#src/errors.ts';
import { serverPaths } from '#src/routes.ts';

// The CSV import's two requests (server/teams/routes.ts): the dry run, and the import read as it streams,
// one JSON line per event. The file goes as the request's body, as chosen.

/** A request the server refused (its reason), or that got no answer (`network`). */
export class ImportRequestError extends Error {
  constructor(readonly reason: ErrorReason | 'network') {
    super(reason);
    this.name = 'ImportRequestError';
  }
}

async function post(path: string, file: Blob): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${serverPaths.teamImport}${path}`, {
      method: 'POST',
      body: file,
      // the server reads the bytes whatever their type; Windows calls a CSV application/vnd.ms-excel
      headers: { 'content-type': 'text/csv' },
    });
  } catch {
    throw new ImportRequestError('network');
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const reason = typeof body === 'object' && body !== null ? (body as { reason?: unknown }).reason : null;
    throw new ImportRequestError(isErrorReason(reason) ? reason : 'internal');
  }
  return response;
}

/** The dry run of `file`: what the import would do with each row. */
export async function checkImport(file: Blob): Promise<TeamImportCheck> {
  const response = await post('/check', file);
  return (await response.json()) as TeamImportCheck;
}

/**
 * The import of `file` as the dry run `plan` showed it; `onEvent` hears each event as it arrives.
 * Rejects with ImportRequestError: `edit_conflict` when the team changed since the dry run (nothing was
 * written), `network` when the connection was lost (the rows heard so far are written).
 */
export async function runImport(
  file: Blob,
  plan: string,
  onEvent: (event: TeamImportEvent) => void,
): Promise<void> {
  const response = await post(`/run?${new URLSearchParams({ plan }).toString()}`, file);
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new ImportRequestError('internal');
  let pending = '';
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending += value;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') continue;
        const event = JSON.parse(line) as TeamImportEvent;
        if (event.type === 'done' || event.type === 'stopped') finished = true;
        onEvent(event);
      }
    }
  } catch {
    throw new ImportRequestError('network');
  }
  if (!finished) throw new ImportRequestError('network');
}
