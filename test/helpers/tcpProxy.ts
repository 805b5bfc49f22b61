/**
 * A TCP proxy in front of a local server (the shared test Redis, a sandbox), so a test can make that server
 * unreachable for its own client without touching the server: `down()` refuses and cuts every
 * connection, `hang()` keeps connections open but holds back what is sent (a server that stopped
 * answering), `up()` delivers what was held back, in order, and serves again on the same port.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private silent = false;
  /** What `hang()` held back, per direction, to deliver in order on `up()`. */
  private readonly held: Array<() => void> = [];
  private port = 0;

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetHost, targetPort);
    await proxy.up();
    return proxy;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Its address as an HTTP base URL, for a proxy in front of an HTTP server. */
  get httpUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Listens again (on the same port after the first time) and forwards. */
  async up(): Promise<void> {
    this.silent = false;
    for (const deliver of this.held.splice(0)) deliver();
    if (this.server) return;
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening and cuts every open connection: the server looks gone. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.held.length = 0;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Keeps connections open but lets nothing through until `up()`: the server looks stuck. */
  hang(): void {
    this.silent = true;
  }

  private accept(client: Socket): void {
    const target = connect(this.targetPort, this.targetHost);
    for (const socket of [client, target]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        target.destroy();
      });
    }
    const forward = (to: Socket) => (chunk: Buffer) => {
      if (this.silent) this.held.push(() => to.write(chunk));
      else to.write(chunk);
    };
    client.on('data', forward(target));
    target.on('data', forward(client));
  }
}
