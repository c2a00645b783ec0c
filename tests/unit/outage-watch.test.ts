import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createOutageWatch, messageChain } from '../../server/lib/outage-watch.ts';
import { captureLogs } from '../support/logs.ts';

function watchWithProbe(probe: () => Promise<void>) {
  const logs = captureLogs();
  const watch = createOutageWatch({ check: 'storage', service: 'photo storage', probe }, pino(logs.stream));
  return { watch, logs };
}

describe('an outage watch', () => {
  it('logs an outage once when it starts and once when it ends, however many calls meet it', async () => {
    const { watch, logs } = watchWithProbe(async () => undefined);
    watch.succeeded();
    for (let call = 0; call < 5; call += 1) watch.failed(new Error('connect ECONNREFUSED'));
    watch.succeeded();
    watch.succeeded();
    expect(logs.lines.map((line) => [line.level, line.msg])).toEqual([
      [50, expect.stringMatching(/^photo storage failing/)],
      [30, 'photo storage answers again'],
    ]);
  });

  it('is ok without asking the service while nothing failed', async () => {
    let probes = 0;
    const { watch } = watchWithProbe(async () => {
      probes += 1;
    });
    expect(await watch.status()).toBe('ok');
    expect(probes).toBe(0);
  });

  it('asks the service while it fails, saying since when and the latest cause, until it answers', async () => {
    let answering = false;
    const { watch } = watchWithProbe(async () => {
      if (!answering)
        throw new Error('reaching the bucket failed', { cause: new Error('connect ETIMEDOUT') });
    });
    watch.failed(new Error('storing a.jpg failed'));
    expect(await watch.status()).toMatch(
      /^failing since \d{4}-\d\d-\d\dT\S+Z: reaching the bucket failed: connect ETIMEDOUT$/,
    );
    answering = true;
    expect(await watch.status()).toBe('ok');
    expect(await watch.status()).toBe('ok');
  });

  it('names an error with the errors it wraps', () => {
    expect(messageChain(new Error('a', { cause: new Error('b', { cause: 'c' }) }))).toBe('a: b: c');
  });
});
