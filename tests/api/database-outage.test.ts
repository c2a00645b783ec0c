import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createTestDatabase,
  signUp,
  trpcError,
  type TestApp,
  type TestDatabase,
} from '../support/harness.ts';

// A PostgreSQL restart must never crash the process: requests during the outage get a clear 503 and the
// app recovers by itself. The database is reached through a TCP relay the test can cut and restore.

const serverUrl = process.env.DATABASE_URL;

class Relay {
  #server: net.Server | undefined;
  readonly #sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    this.#server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.#server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.#server.address() as net.AddressInfo).port;
  }

  /** Stops accepting and drops every open connection, as a database restart does. */
  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.#server?.close(() => resolve()));
    for (const socket of this.#sockets) socket.destroy();
    await closed;
  }
}

describe.runIf(serverUrl)('database outage (PostgreSQL)', () => {
  let database: TestDatabase;
  let relay: Relay;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const target = new URL(database.config.kind === 'postgres' ? database.config.url : '');
    relay = new Relay(target.hostname, Number(target.port || 5432));
    await relay.open();
    target.hostname = '127.0.0.1';
    target.port = String(relay.port);
    t = await buildTestApp({ database: { kind: 'postgres', url: target.toString() } });
    ({ cookie } = await signUp(t.app));
  });

  afterAll(async () => {
    await t?.close();
    await relay?.cut();
    await database?.drop();
  });

  it('answers 503 while the database is away and recovers when it is back', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);

    await relay.cut();
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable', database: 'unavailable' });

    const query = await t.app.inject({ method: 'GET', url: '/api/trpc/profile.me', headers: { cookie } });
    expect(query.statusCode).toBe(503);
    expect(trpcError(query).data.reason).toBe('database_unavailable');
    expect(query.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|\bat \//);

    await relay.open();
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: '/api/trpc/profile.me', headers: { cookie } });
    expect(again.statusCode).toBe(200);
  });
});
