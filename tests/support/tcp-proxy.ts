import net from 'node:net';

// A loopback TCP proxy in front of PostgreSQL that a test can cut and restore: while cut, every open
// connection is reset and new ones are refused, which is what servers see while PostgreSQL restarts or
// its host is away, without stopping the PostgreSQL other test files are using.

export interface TcpProxy {
  port: number;
  /** Resets every connection and refuses new ones until `restore`. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
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
    async close() {
      const closed = server.listening ? stopListening() : Promise.resolve();
      resetAll();
      await closed;
    },
  };
}
