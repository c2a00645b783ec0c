import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/harness.ts';

// The client address in logs (and later rate limits) comes from the socket unless a proxy is trusted.

interface LogLine {
  msg?: string;
  reqId?: string;
  req?: { remoteAddress?: string };
}

function captureLogs(): { stream: Writable; lines: LogLine[] } {
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

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function remoteAddressLogged(trustProxy: boolean | string[]): Promise<LogLine | undefined> {
  const { stream, lines } = captureLogs();
  t = await buildTestApp({ trustProxy }, { logger: { level: 'info', stream } });
  await t.app.inject({
    method: 'GET',
    url: '/health',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': '203.0.113.9' },
  });
  return lines.find((line) => line.msg === 'incoming request');
}

describe('client address and request ids', () => {
  it('ignores X-Forwarded-For by default and logs a request id', async () => {
    const line = await remoteAddressLogged(false);
    expect(line?.req?.remoteAddress).toBe('127.0.0.1');
    // Fastify's own counter: unique within the process, whose pid every log line carries
    expect(line?.reqId).toMatch(/^req-[0-9a-z]+$/);
  });

  it('uses X-Forwarded-For only from a configured proxy', async () => {
    const line = await remoteAddressLogged(['127.0.0.1']);
    expect(line?.req?.remoteAddress).toBe('203.0.113.9');
  });
});
