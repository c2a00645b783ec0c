import { isErrorReason, type ErrorReason } from '#src/errors.ts';

// The team's backgrounds ZIP (GET /api/card-kit/team-backgrounds.zip, server/card-kit/service.ts), read as it
// streams so the page can say how many backgrounds have arrived: the server stores each PNG as it is
// (uncompressed entries), so each one's 8-byte signature passes by in the stream, once per member.

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Counts PNG signatures across chunks (one may be split between two). */
export function pngCounter() {
  let tail: number[] = [];
  let count = 0;
  return (chunk: Uint8Array): number => {
    const bytes = tail.length > 0 ? [...tail, ...chunk] : chunk;
    for (let i = 0; i + PNG_SIGNATURE.length <= bytes.length; i += 1) {
      if (bytes[i] !== 0x89) continue;
      if (PNG_SIGNATURE.every((byte, k) => bytes[i + k] === byte)) count += 1;
    }
    tail = Array.from(bytes.slice(Math.max(bytes.length - (PNG_SIGNATURE.length - 1), 0)));
    return count;
  };
}

export class TeamBackgroundsError extends Error {
  constructor(readonly reason: ErrorReason | 'network') {
    super(reason);
    this.name = 'TeamBackgroundsError';
  }
}

/** Downloads the ZIP at `address`; `onCount` hears how many backgrounds have arrived. */
export async function downloadTeamBackgrounds(
  address: string,
  onCount: (count: number) => void,
): Promise<{ file: Blob; name: string }> {
  let response: Response;
  try {
    response = await fetch(address);
  } catch {
    throw new TeamBackgroundsError('network');
  }
  if (!response.ok || !response.body) {
    const body: unknown = await response.json().catch(() => null);
    const reason = typeof body === 'object' && body !== null ? (body as { reason?: unknown }).reason : null;
    throw new TeamBackgroundsError(isErrorReason(reason) ? reason : 'internal');
  }
  const chunks: BlobPart[] = [];
  const count = pngCounter();
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      onCount(count(value));
    }
  } catch {
    throw new TeamBackgroundsError('network');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { file: new Blob(chunks, { type: 'application/zip' }), name: name ?? 'backgrounds.zip' };
}
