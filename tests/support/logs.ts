import { Writable } from 'node:stream';

/** One line of the app's JSON log, with the fields tests look at. */
export interface LogLine {
  level?: number;
  msg?: string;
  reqId?: string;
  req?: { remoteAddress?: string };
  [field: string]: unknown;
}

/** A pino destination that keeps every line: pass `stream` as the app's logger stream. */
export function captureLogs(): { stream: Writable; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { stream, lines };
}

/** pino's number for warnings. */
export const WARN = 40;
