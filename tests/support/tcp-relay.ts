import net from 'node:net';

// A TCP relay on loopback in front of a database, which a test can make refuse new connections (as a
// database that is down does) and accept them again, to time what happens when it comes back.

export class TcpRelay {
  #server: net.Server | undefined;
  readonly #sockets = new Set<net.Socket>();
  #refusing = false;
  port = 0;
  /** Connections closed at once while refusing. */
  refused = 0;

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** A relay to the server of a postgres:// URL, open; `url` is the same URL through the relay. */
  static async to(target: string): Promise<{ relay: TcpRelay; url: string }> {
    const url = new URL(target);
    const relay = new TcpRelay(url.hostname, Number(url.port || 5432));
    await relay.#open();
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    return { relay, url: url.toString() };
  }

  async #open(): Promise<void> {
    this.#server = net.createServer((client) => {
      if (this.#refusing) {
        this.refused += 1;
        client.destroy();
        return;
      }
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.#server.address() as net.AddressInfo).port;
  }

  /** New connections are closed at once; those already open stay. */
  refuse(): void {
    this.#refusing = true;
  }

  accept(): void {
    this.#refusing = false;
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.#server?.close(() => resolve()));
    for (const socket of this.#sockets) socket.destroy();
    await closed;
  }
}
