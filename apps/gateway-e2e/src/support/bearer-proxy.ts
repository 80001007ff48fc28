import http from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * A forward proxy that adds `Authorization: Bearer <token>` to every request and passes
 * everything else (method, path, Host, Origin, body, the answer) through unchanged. The MCP
 * conformance suite's server scenarios connect without credentials; in front of a server that
 * needs a token, this proxy plays the client that has one, so the scenarios test the server's
 * behaviour, not its refusal of anonymous callers. Host and Origin stay the client's, so the
 * DNS-rebinding scenario still reaches the server's own checks.
 */
export class BearerProxy {
  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  static async start(target: string, token: string): Promise<BearerProxy> {
    const upstream = new URL(target);
    const server = http.createServer((req, res) => {
      const forward = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, authorization: `Bearer ${token}` },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', (err) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`proxy: ${err.message}`);
      });
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new BearerProxy(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
