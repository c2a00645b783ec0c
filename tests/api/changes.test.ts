import type pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CHANGES_APPLICATION_NAME,
  CHANGES_CHANNEL,
  CHANGES_PUBLISHER_APPLICATION_NAME,
  createLocalChangeBus,
  createPostgresChangeBus,
  type Change,
  type ChangeBus,
} from '../../server/lib/changes.ts';
import { createTestDatabase, type TestDatabase } from '../support/harness.ts';
import { withPgClient } from '../../server/lib/pg-client.ts';
import { needsPostgres } from '../support/postgres.ts';

// Change notices (server/lib/changes.ts): in one process, and between processes over LISTEN/NOTIFY.

describe('the local change bus', () => {
  it('tells every listener until it stops listening, and tells reset listeners on reset', async () => {
    const bus = createLocalChangeBus();
    const heard: Change[] = [];
    const stop = bus.subscribe((change) => heard.push(change));
    let resets = 0;
    bus.onReset(() => (resets += 1));
    bus.publish({ userId: 'u1', topic: 'cards' });
    stop();
    bus.publish({ userId: 'u1', topic: 'links' });
    bus.reset();
    expect(heard).toEqual([{ userId: 'u1', topic: 'cards' }]);
    expect(resets).toBe(1);
    await bus.close();
  });

  it('tells a listener of some topics only their changes, and one listener subscribed twice twice', async () => {
    const bus = createLocalChangeBus();
    const heard: string[] = [];
    const listener = (change: Change) => heard.push(change.topic);
    const stopEdits = bus.subscribe(listener, ['cards', 'links']);
    const stopAll = bus.subscribe(listener);
    bus.publish({ userId: 'u1', topic: 'views' });
    bus.publish({ userId: 'u1', topic: 'links' });
    stopAll();
    bus.publish({ userId: 'u1', topic: 'cards' });
    bus.publish({ userId: 'u1', topic: 'hits' });
    stopEdits();
    bus.publish({ userId: 'u1', topic: 'cards' });
    expect(heard).toEqual(['views', 'links', 'links', 'cards']);
    await bus.close();
  });
});

describe('the Postgres change bus', needsPostgres(), () => {
  let database: TestDatabase;
  let url: string;
  const logger = pino({ level: 'silent' });
  const buses: ChangeBus[] = [];

  async function bus(): Promise<ChangeBus> {
    const created = await createPostgresChangeBus(url, logger, { reconnectDelayMs: 50 });
    buses.push(created);
    return created;
  }

  const withClient = <T>(run: (client: pg.Client) => Promise<T>) => withPgClient(url, run);

  beforeAll(async () => {
    database = await createTestDatabase();
    url = database.config.kind === 'postgres' ? database.config.url : '';
  });

  afterAll(async () => {
    for (const created of buses) await created.close();
    await database?.drop();
  });

  it("delivers each process's notices to the others, and once to itself", async () => {
    const [first, second] = [await bus(), await bus()];
    const heardByFirst: Change[] = [];
    const heardBySecond: Change[] = [];
    first.subscribe((change) => heardByFirst.push(change));
    second.subscribe((change) => heardBySecond.push(change));

    first.publish({ userId: 'u1', topic: 'cards' });
    // delivered in its own process at once
    expect(heardByFirst).toEqual([{ userId: 'u1', topic: 'cards' }]);
    await vi.waitFor(() => expect(heardBySecond).toEqual([{ userId: 'u1', topic: 'cards' }]));
    second.publish({ userId: 'u2', topic: 'links' });
    await vi.waitFor(() => expect(heardByFirst).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardByFirst).toEqual([
      { userId: 'u1', topic: 'cards' },
      { userId: 'u2', topic: 'links' },
    ]);
    expect(heardBySecond).toEqual([
      { userId: 'u1', topic: 'cards' },
      { userId: 'u2', topic: 'links' },
    ]);
  });

  it("sends an edit's notice within a second behind a flood of counts' notices, from its first moment", async () => {
    const listening = await bus();
    const heardAt = new Map<string, number>();
    listening.subscribe((change) => {
      if (change.topic === 'cards') heardAt.set(change.userId, Date.now());
    });
    const busy = await bus();
    // the counts of a busy start: a notice for each of many accounts, again and again
    for (let round = 0; round < 4; round += 1) {
      for (let i = 0; i < 5_000; i += 1) busy.publish({ userId: `counted-${i}`, topic: 'views' });
    }
    const sentAt = Date.now();
    busy.publish({ userId: 'editor', topic: 'cards' });
    await vi.waitFor(() => expect(heardAt.has('editor')).toBe(true), { timeout: 10_000, interval: 20 });
    expect((heardAt.get('editor') ?? Infinity) - sentAt).toBeLessThan(1_000);
  });

  it('sends again a notice whose sending failed, once it can', async () => {
    const listening = await bus();
    const heard: Change[] = [];
    listening.subscribe((change) => heard.push(change));
    const sending = await bus();
    sending.publish({ userId: 'warm-up', topic: 'links' });
    await vi.waitFor(() => expect(heard).toContainEqual({ userId: 'warm-up', topic: 'links' }));
    // the sending process's connection for notices is cut, and the database takes no new one for a while
    await withClient(async (admin) => {
      // ended, not only told to end (the timeout waits for it): the count below no longer has it
      await admin.query(
        'select pg_terminate_backend(pid, 5000) from pg_stat_activity where application_name = $1 and datname = current_database()',
        [CHANGES_PUBLISHER_APPLICATION_NAME],
      );
      const { rows } = await admin.query<{ name: string; connections: string }>(
        `select current_database() as name, count(*) as connections from pg_stat_activity
          where datname = current_database()`,
      );
      const [{ name, connections } = { name: '', connections: '0' }] = rows;
      await admin.query(`alter database "${name}" connection limit ${Number(connections)}`);
      try {
        sending.publish({ userId: 'after-the-cut', topic: 'cards' });
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(heard).not.toContainEqual({ userId: 'after-the-cut', topic: 'cards' });
      } finally {
        await admin.query(`alter database "${name}" connection limit -1`);
      }
    });
    await vi.waitFor(() => expect(heard).toContainEqual({ userId: 'after-the-cut', topic: 'cards' }), {
      timeout: 5_000,
    });
  });

  it('ignores notices that are not changes', async () => {
    const listening = await bus();
    const heard: Change[] = [];
    listening.subscribe((change) => heard.push(change));
    await withClient(async (client) => {
      for (const payload of ['not json', '{"origin":"x","userId":"u","topic":"other"}', '{}']) {
        await client.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, payload]);
      }
      await client.query('select pg_notify($1, $2)', [
        CHANGES_CHANNEL,
        JSON.stringify({ origin: 'elsewhere', userId: 'u3', topic: 'views' }),
      ]);
    });
    await vi.waitFor(() => expect(heard).toEqual([{ userId: 'u3', topic: 'views' }]));
  });

  it('reconnects a lost listening connection and tells its listeners to start over', async () => {
    const listening = await bus();
    const heard: Change[] = [];
    listening.subscribe((change) => heard.push(change));
    let resets = 0;
    listening.onReset(() => (resets += 1));

    await withClient((client) =>
      client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
        [CHANGES_APPLICATION_NAME],
      ),
    );
    await vi.waitFor(() => expect(resets).toBeGreaterThanOrEqual(1), { timeout: 5_000 });

    const other = await bus();
    other.publish({ userId: 'u4', topic: 'cards' });
    await vi.waitFor(() => expect(heard).toContainEqual({ userId: 'u4', topic: 'cards' }));
  });
});
