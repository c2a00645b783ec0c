import { isErrorReason, type ErrorReason } from '#src/errors.ts';
import { serverPaths } from '#src/routes.ts';

// The account export (GET /api/export, server/account-export): read as it streams, so the page can say how
// much has arrived, then offered as one file. The server cannot know the ZIP's size before it is made (it
// compresses as it goes), so the progress is the bytes received.

/** A download the server refused (its reason), that was cut or never answered (`network`), or was stopped. */
export class ExportError extends Error {
  constructor(readonly reason: ErrorReason | 'network' | 'aborted') {
    super(reason);
    this.name = 'ExportError';
  }
}

/** The file name of a Content-Disposition's `filename="…"`, or `fallback`. */
function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/** Downloads the export; `onBytes` hears the bytes received so far. Rejects with ExportError. */
export async function downloadAccountExport(
  onBytes: (received: number) => void,
  signal: AbortSignal,
): Promise<{ file: Blob; name: string }> {
  let response: Response;
  try {
    response = await fetch(serverPaths.accountExport, { signal });
  } catch {
    throw new ExportError(signal.aborted ? 'aborted' : 'network');
  }
  if (!response.ok || !response.body) {
    const body: unknown = await response.json().catch(() => null);
    const reason = typeof body === 'object' && body !== null ? (body as { reason?: unknown }).reason : null;
    throw new ExportError(isErrorReason(reason) ? reason : 'internal');
  }
  // a fetched body's chunks are never over shared memory, which is what BlobPart rules out
  const chunks: BlobPart[] = [];
  let received = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      received += value.length;
      onBytes(received);
    }
  } catch {
    throw new ExportError(signal.aborted ? 'aborted' : 'network');
  }
  const name = fileNameOf(response.headers.get('content-disposition'), 'tapcard-export.zip');
  return { file: new Blob(chunks, { type: 'application/zip' }), name };
}
