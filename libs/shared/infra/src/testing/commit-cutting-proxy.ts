import net from 'node:net';

/**
 * What the proxy does to the next COMMIT a client sends:
 * - `after`: forwards it, lets the server commit, then cuts the client off before the answer
 *   arrives (a committed write whose acknowledgement is lost);
 * - `before`: cuts both sides off without forwarding it (the server rolls back);
 * - `hang`: cuts the client off and keeps the server's side open, COMMIT not forwarded (the
 *   server keeps the transaction open, as on a network partition, until someone ends it).
 */
export type CommitCut = 'after' | 'before' | 'hang';

/**
 * A TCP proxy in front of Postgres that cuts one connection at its next COMMIT, for tests of what
 * a client answers when a COMMIT's outcome is not known to it. It only looks for the bytes of a
 * simple-protocol `COMMIT` query; everything else passes through untouched.
 */
export class CommitCuttingProxy {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private armed: CommitCut | undefined;
  private cuts = 0;

  private constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => this.relay(client));
  }

  /** Starts a proxy on a free local port in front of the server of `databaseUrl`. */
  static async start(databaseUrl: string): Promise<CommitCuttingProxy> {
    const url = new URL(databaseUrl);
    const proxy = new CommitCuttingProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  /** The local port the proxy listens on. */
  get port(): number {
    return (this.server.address() as net.AddressInfo).port;
  }

  /** `databaseUrl` with the proxy as its host and port. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  /** Cuts the next COMMIT (only that one). */
  arm(cut: CommitCut): void {
    this.armed = cut;
  }

  /** How many COMMITs were cut so far. */
  get cutCount(): number {
    return this.cuts;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private relay(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host);
    this.sockets.add(client).add(upstream);
    let clientCut = false;
    const end = (socket: net.Socket) => {
      socket.destroy();
      this.sockets.delete(socket);
    };
    upstream.on('data', (data) => {
      if (!clientCut) client.write(data);
    });
    client.on('data', (data) => {
      const cut = this.armed;
      if (cut === undefined || !data.includes('COMMIT\0')) {
        upstream.write(data);
        return;
      }
      this.armed = undefined;
      this.cuts++;
      clientCut = true;
      if (cut === 'after') {
        upstream.write(data);
        // The server commits within milliseconds; its answer is dropped, then the line goes dead.
        setTimeout(() => (end(client), end(upstream)), 200);
      } else if (cut === 'before') {
        end(client);
        end(upstream);
      } else {
        end(client);
      }
    });
    client.on('error', () => end(upstream));
    upstream.on('error', () => end(client));
    client.on('close', () => {
      if (!clientCut) end(upstream);
    });
    upstream.on('close', () => end(client));
  }
}
