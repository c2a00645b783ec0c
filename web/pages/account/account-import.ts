import type { AccountImportReport } from '#src/account-import.ts';
import { isErrorReason, type ErrorReason } from '#src/errors.ts';
import { serverPaths } from '#src/routes.ts';

// The account import (POST /api/import, server/account-import): the chosen file is sent as the request's
// body, as it is. XMLHttpRequest rather than fetch, since only it reports how much of an upload was sent;
// once all is sent, the server reads and writes it before it answers.

/**
 * An import that did not happen: the server refused it (its reason), the connection failed while the file
 * was sent (`network`), the file was sent but no answer came (`no_answer`: the import may have run), or the
 * person stopped it (`aborted`).
 */
export class ImportError extends Error {
  constructor(
    readonly reason: ErrorReason | 'network' | 'no_answer' | 'aborted',
    /** The refusal's details: for validation_failed, the `field` (dotted) or CSV `row`, and the `message` id. */
    readonly meta: Record<string, unknown> = {},
  ) {
    super(reason);
    this.name = 'ImportError';
  }
}

export interface ImportProgress {
  /** Bytes of the file sent so far, and of the whole request. */
  onSent: (sent: number, total: number) => void;
  /** The whole file was sent: the server is importing it. */
  onSentAll: () => void;
}

function isReport(value: unknown): value is AccountImportReport {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AccountImportReport).cards === 'number' &&
    Array.isArray((value as AccountImportReport).renamed)
  );
}

/** The refusal in a failed answer's `{ reason, meta }`; a 413 from before the app (a proxy) has none. */
function refusalOf(status: number, body: unknown): ImportError {
  const { reason, meta } =
    typeof body === 'object' && body !== null ? (body as { reason?: unknown; meta?: unknown }) : {};
  if (isErrorReason(reason)) {
    return new ImportError(reason, typeof meta === 'object' && meta !== null ? { ...meta } : {});
  }
  return new ImportError(status === 413 ? 'payload_too_large' : 'internal');
}

/**
 * Sends `file` to be imported into the signed-in account (the session cookie goes along: same origin) and
 * resolves with what was imported. Rejects with ImportError. Aborting stops the upload; once the file is
 * sent, the server finishes the import whatever happens to the request.
 */
export function sendAccountImport(
  file: File,
  progress: ImportProgress,
  signal: AbortSignal,
): Promise<AccountImportReport> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new ImportError('aborted'));
      return;
    }
    const request = new XMLHttpRequest();
    let sentAll = false;
    request.open('POST', serverPaths.accountImport);
    request.responseType = 'json';
    // the server tells a ZIP from a CSV by its bytes, and systems label a CSV differently (Windows calls
    // it application/vnd.ms-excel)
    request.setRequestHeader('content-type', 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) progress.onSent(event.loaded, event.total);
    };
    request.upload.onload = () => {
      sentAll = true;
      progress.onSentAll();
    };
    request.onload = () => {
      if (request.status === 200 && isReport(request.response)) resolve(request.response);
      else reject(refusalOf(request.status, request.response));
    };
    request.onerror = () => reject(new ImportError(sentAll ? 'no_answer' : 'network'));
    request.onabort = () => reject(new ImportError('aborted'));
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
