import net from 'node:net';

// A loopback TCP proxy in front of PostgreSQL that a test can cut and restore: while cut, every open
// connection is reset and new ones are refused, which is what servers see while PostgreSQL restarts or
// its host is away, without stopping the PostgreSQL other test files are using. It can also refuse new
// connections only (accepted and closed at once, counted), leaving open ones alone.

export interface TcpProxy {
  port: number;
  /** Resets every connection and refuses new ones until `restore`. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  /** New connections are closed at once (and counted in `refused`); those already open stay. */
  refuseNew(): void;
  acceptNew(): void;
  /** Connections closed at once while refusing. */
  readonly refused: number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let refusing = false;
  let refused = 0;
  const server = net.createServer((client) => {
    if (refusing) {
      refused += 1;
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const resetAll = () => {
    for (const socket of sockets) socket.resetAndDestroy();
  };
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    async cut() {
      const closed = stopListening();
      resetAll();
      await closed;
    },
    restore: () => listen(port),
    refuseNew() {
      refusing = true;
    },
    acceptNew() {
      refusing = false;
    },
    get refused() {
      return refused;
    },
    async close() {
      const closed = server.listening ? stopListening() : Promise.resolve();
      resetAll();
      await closed;
    },
  };
}

/** A proxy to the server of a postgres:// URL, and the same URL through it. */
export async function proxyTo(databaseUrl: string): Promise<{ proxy: TcpProxy; url: string }> {
  const url = new URL(databaseUrl);
  const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return { proxy, url: url.toString() };
}
