import { describe, expect, it } from 'vitest';
import { createConnectionWatch } from '#web/lib/connection-watch.ts';

// The connection watch (web/lib/connection-watch.ts): a call that got no answer makes it ask the server
// again, at once when the browser comes back online and after a growing wait while the server does not
// answer; the screens and lists that failed meanwhile load again when it answers.

/** A browser whose network, server and clock the test drives. */
function fakeBrowser() {
  const browser = {
    online: true,
    serverUp: false,
    /** Probes sent now get no answer until the test settles them through `hung` (a half-open connection). */
    hangs: false,
    hung: [] as ((answers: boolean) => void)[],
    probes: 0,
    networkListener: (() => undefined) as () => void,
    timers: [] as { callback: () => void; ms: number; cancelled: boolean }[],
  };
  const watch = createConnectionWatch({
    isOnline: () => browser.online,
    onNetworkChange(listener) {
      browser.networkListener = listener;
      return () => undefined;
    },
    probe: () => {
      browser.probes += 1;
      if (browser.hangs) return new Promise<boolean>((resolve) => browser.hung.push(resolve));
      return browser.serverUp ? Promise.resolve(true) : Promise.reject(new TypeError('Failed to fetch'));
    },
    setTimer(callback, ms) {
      const timer = { callback, ms, cancelled: false };
      browser.timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  });
  /** Runs the wait that is due (the last one set), as the clock would. */
  async function waitPasses() {
    const timer = browser.timers.at(-1);
    if (!timer || timer.cancelled) throw new Error('no wait is set');
    timer.cancelled = true;
    timer.callback();
    await settle();
  }
  return { browser, watch, waitPasses };
}

/** Lets the probe's promise settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the connection watch', () => {
  it('asks again after 1 s, 2 s, 4 s… while the server does not answer, then tells who waits, once', async () => {
    const { browser, watch, waitPasses } = fakeBrowser();
    let reconnects = 0;
    watch.onReconnect(() => {
      reconnects += 1;
    });
    expect(watch.getState()).toEqual({ online: true, serverAnswers: true, waitingSaves: 0 });

    watch.reportNoAnswer();
    await settle();
    expect(watch.getState().serverAnswers).toBe(false);
    expect(browser.probes).toBe(1);
    // more failures meanwhile do not ask more often
    watch.reportNoAnswer();
    await settle();
    expect(browser.probes).toBe(1);

    await waitPasses();
    await waitPasses();
    expect(browser.timers.map((timer) => timer.ms)).toEqual([1_000, 2_000, 4_000]);
    expect(reconnects).toBe(0);

    browser.serverUp = true;
    await waitPasses();
    expect(browser.probes).toBe(4);
    expect(watch.getState().serverAnswers).toBe(true);
    expect(reconnects).toBe(1);
    // nothing more is asked, and the next outage starts from 1 s again
    expect(browser.timers.filter((timer) => !timer.cancelled)).toEqual([]);
    browser.serverUp = false;
    watch.reportNoAnswer();
    await settle();
    expect(browser.timers.at(-1)?.ms).toBe(1_000);
  });

  it('does not ask while offline, and asks as soon as the browser is back online', async () => {
    const { browser, watch } = fakeBrowser();
    let reconnects = 0;
    watch.onReconnect(() => {
      reconnects += 1;
    });
    browser.online = false;
    browser.networkListener();
    expect(watch.getState().online).toBe(false);

    watch.reportNoAnswer();
    await settle();
    expect(browser.probes).toBe(0);
    expect(browser.timers).toEqual([]);

    browser.online = true;
    browser.serverUp = true;
    browser.networkListener();
    await settle();
    expect(browser.probes).toBe(1);
    expect(watch.getState()).toMatchObject({ online: true, serverAnswers: true });
    expect(reconnects).toBe(1);
  });

  it('going offline stops the waiting; an answer from elsewhere ends the outage', async () => {
    const { browser, watch } = fakeBrowser();
    let reconnects = 0;
    watch.onReconnect(() => {
      reconnects += 1;
    });
    watch.reportNoAnswer();
    await settle();
    expect(browser.timers.at(-1)?.cancelled).toBe(false);
    browser.online = false;
    browser.networkListener();
    expect(browser.timers.at(-1)?.cancelled).toBe(true);

    browser.online = true;
    browser.networkListener();
    await settle();
    expect(browser.probes).toBe(2);
    // a query answered before the next probe: the server is there
    watch.reportAnswer();
    expect(watch.getState().serverAnswers).toBe(true);
    expect(reconnects).toBe(1);
    expect(browser.timers.filter((timer) => !timer.cancelled)).toEqual([]);
  });

  it('a probe that hangs holds nothing back: back online asks again, and any answer counts meanwhile', async () => {
    const { browser, watch } = fakeBrowser();
    let reconnects = 0;
    watch.onReconnect(() => {
      reconnects += 1;
    });
    const waiting = () => browser.timers.filter((timer) => !timer.cancelled);

    // sent just before the network went: it hangs past the return of the network
    browser.hangs = true;
    watch.reportNoAnswer();
    await settle();
    browser.online = false;
    browser.networkListener();
    browser.hangs = false;
    browser.serverUp = true;
    browser.online = true;
    browser.networkListener();
    await settle();
    expect(browser.probes).toBe(2);
    expect(watch.getState().serverAnswers).toBe(true);
    expect(reconnects).toBe(1);
    // its late failure changes nothing
    browser.hung.shift()?.(false);
    await settle();
    expect(watch.getState().serverAnswers).toBe(true);
    expect(waiting()).toEqual([]);

    // a query answers while the probe hangs: the server is there
    browser.hangs = true;
    watch.reportNoAnswer();
    await settle();
    expect(browser.probes).toBe(3);
    watch.reportAnswer();
    expect(watch.getState().serverAnswers).toBe(true);
    expect(reconnects).toBe(2);
    browser.hung.shift()?.(false);
    await settle();
    expect(watch.getState().serverAnswers).toBe(true);
    expect(waiting()).toEqual([]);
    // and the next outage is asked about at once
    browser.hangs = false;
    browser.serverUp = false;
    watch.reportNoAnswer();
    await settle();
    expect(browser.probes).toBe(4);
    expect(waiting().map((timer) => timer.ms)).toEqual([1_000]);
  });

  it('counts the saves waiting for the connection and tells its listeners of each change', () => {
    const { watch } = fakeBrowser();
    const seen: number[] = [];
    const stop = watch.subscribe(() => seen.push(watch.getState().waitingSaves));
    watch.setWaitingSaves(1);
    watch.setWaitingSaves(1);
    watch.setWaitingSaves(0);
    stop();
    watch.setWaitingSaves(2);
    expect(seen).toEqual([1, 0]);
  });
});
