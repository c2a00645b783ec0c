import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A fake of a third party's API on loopback (the CRMs'): started on a port, its address known, stopped. */
export abstract class LoopbackServer {
  private server: Server | null = null;
  /** Where it answers, once started: http://127.0.0.1:{port}. */
  protected base = '';

  /** Listens on loopback, on `port` (the browser tests' server is told it beforehand) or a free one. */
  async start(port = 0): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  protected abstract handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
}
