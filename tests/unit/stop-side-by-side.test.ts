import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stopSideBySide, type StoppingPart } from '../../server/lib/stop-side-by-side.ts';
import { captureLogs } from '../support/logs.ts';

/** A part whose stop ends only when `finish()` is called, and says whether its stop has begun. */
function heldPart(name: string) {
  let finish = () => {};
  let begun = false;
  const part: StoppingPart = {
    name,
    stop: () =>
      new Promise<void>((resolve) => {
        begun = true;
        finish = resolve;
      }),
  };
  return { part, begun: () => begun, finish: () => finish() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('stopping the workers side by side', () => {
  it('starts every stop at once, and ends when the last has stopped', async () => {
    const outbox = heldPart('the outbox');
    const webhooks = heldPart('the webhook deliverer');
    let ended = false;
    const stopped = stopSideBySide([outbox.part, webhooks.part], pino(captureLogs().stream)).then(() => {
      ended = true;
    });
    // the second stop has begun while the first still holds: not one after another
    expect([outbox.begun(), webhooks.begun()]).toEqual([true, true]);
    outbox.finish();
    await Promise.resolve();
    expect(ended).toBe(false);
    webhooks.finish();
    await stopped;
    expect(ended).toBe(true);
  });

  it('names in the log the parts still stopping after the report delay, and each as it stops', async () => {
    vi.useFakeTimers();
    const logs = captureLogs();
    const outbox = heldPart('the outbox');
    const counts = heldPart('the webhook counts');
    const maintenance = heldPart('the maintenance jobs');
    const stopped = stopSideBySide([outbox.part, counts.part, maintenance.part], pino(logs.stream), 2_000);
    counts.finish();
    await vi.advanceTimersByTimeAsync(2_000);
    outbox.finish();
    maintenance.finish();
    await stopped;
    expect(logs.lines.map((line) => line.msg)).toEqual([
      'still stopping after 2000 ms: the outbox, the maintenance jobs',
      'the outbox stopped',
      'the maintenance jobs stopped',
    ]);
    expect(logs.lines[0]).toMatchObject({ level: 40, stopping: ['the outbox', 'the maintenance jobs'] });
  });

  it('logs nothing when every part stops in time', async () => {
    vi.useFakeTimers();
    const logs = captureLogs();
    await stopSideBySide([{ name: 'the outbox', stop: async () => undefined }], pino(logs.stream), 2_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(logs.lines).toEqual([]);
  });

  it('logs a part that fails to stop and still stops the others', async () => {
    const logs = captureLogs();
    let othersStopped = false;
    await stopSideBySide(
      [
        { name: 'the webhook deliverer', stop: () => Promise.reject(new Error('connection lost')) },
        {
          name: 'the outbox',
          stop: async () => {
            othersStopped = true;
          },
        },
      ],
      pino(logs.stream),
    );
    expect(othersStopped).toBe(true);
    expect(logs.lines).toEqual([
      expect.objectContaining({
        level: 50,
        part: 'the webhook deliverer',
        msg: 'the webhook deliverer failed to stop',
        err: expect.objectContaining({ message: 'connection lost' }),
      }),
    ]);
  });
});
