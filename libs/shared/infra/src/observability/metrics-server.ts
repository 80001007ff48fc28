import { timingSafeEqual, createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics';

/**
 * Whether a request may read the metrics: always when no METRICS_TOKEN is configured, otherwise
 * only with `Authorization: Bearer <METRICS_TOKEN>` (what Prometheus sends with its
 * `authorization: { credentials: ... }` scrape setting). Compared in constant time.
 */
export function metricsAuthorized(header: string | string[] | undefined, token: string | undefined): boolean {
  if (!token) return true;
  if (typeof header !== 'string') return false;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match) return false;
  // Hashes first: timingSafeEqual needs equal lengths, and the length of the token must not leak either.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

export interface MetricsServerOptions {
  port: number;
  host: string;
  token?: string;
}

/**
 * The worker's metrics endpoint: a plain HTTP listener (the worker has no HTTP app) answering
 * `GET /metrics` with the Prometheus text format; anything else is 404, a missing or wrong token
 * (when METRICS_TOKEN is set) 401.
 */
export class MetricsServer {
  private constructor(
    private readonly server: http.Server,
    readonly port: number,
  ) {}

  static async start(metrics: Metrics, options: MetricsServerOptions): Promise<MetricsServer> {
    const server = http.createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found: this listener serves GET /metrics only\n');
        return;
      }
      if (!metricsAuthorized(req.headers.authorization, options.token)) {
        res
          .writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer realm="aas-metrics"' })
          .end('a valid METRICS_TOKEN is required\n');
        return;
      }
      metrics.exposition().then(
        ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(req.method === 'HEAD' ? undefined : body),
        (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`metrics could not be collected: ${String(err)}\n`),
      );
    });
    // A scraper holds no connection open for long; the worker's shutdown must not wait for one.
    server.keepAliveTimeout = 5000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return new MetricsServer(server, (server.address() as AddressInfo).port);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
