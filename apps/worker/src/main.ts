import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { engineQueue, QUEUES } from '@aas/shared-contracts';
import { EngineHost, ShardOwnership, type ShardMeta } from '@aas/crosstab-engine-data-access';
import {
  ConfigError,
  createRootLogger,
  DEFAULT_HEARTBEAT,
  loadConfig,
  Metrics,
  MetricsServer,
  PinoNestLogger,
  withTimeout,
  WorkerHost,
} from '@aas/shared-infra';
import { WorkerConfig } from './worker.config';
import { WorkerModule } from './worker.module';

/**
 * The last part of SHUTDOWN_TIMEOUT_MS kept for closing the application (pools, threads, the metrics
 * listener) once the jobs are finished or handed back (ms; at most a tenth of the bound).
 */
const APP_CLOSE_RESERVE_MS = 1000;

async function main(): Promise<void> {
  const config = loadConfig(WorkerConfig);
  const shards = config.ENGINE_SHARDS;
  if (config.WORKER_SHARD !== undefined && config.WORKER_SHARD >= shards) {
    throw new ConfigError([`WORKER_SHARD must be below ENGINE_SHARDS (${shards}); got ${config.WORKER_SHARD}`]);
  }
  // Engine work on split data: the home shard's queue from the start, the rest by ShardOwnership.
  const sharded = shards > 1 && config.WORKER_QUEUES.includes(QUEUES.engine);
  const home = sharded ? config.WORKER_SHARD : undefined;
  const queues = sharded
    ? [...config.WORKER_QUEUES.filter((q) => q !== QUEUES.engine), ...(home === undefined ? [] : [engineQueue(home, shards)])]
    : config.WORKER_QUEUES;
  const logger = createRootLogger(config.LOG_LEVEL, 'worker');
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  const host = app.get(WorkerHost);
  // Before consuming, so a port already taken stops the start instead of a worker nobody can see.
  const metricsServer =
    config.WORKER_METRICS_PORT === undefined
      ? undefined
      : await MetricsServer.start(app.get(Metrics), { port: config.WORKER_METRICS_PORT, host: config.WORKER_METRICS_HOST, token: config.METRICS_TOKEN });
  const meta: ShardMeta | undefined = sharded ? { engineShards: shards, homeShard: home ?? null } : undefined;
  await host.start({
    queues,
    concurrency: config.WORKER_CONCURRENCY,
    lockDurationMs: config.WORKER_LOCK_MS,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    meta: meta === undefined ? undefined : { ...meta },
  });
  const ownership = sharded
    ? new ShardOwnership(host, app.get(EngineHost), { shards, home, intervalMs: DEFAULT_HEARTBEAT.intervalMs, handBackMs: config.SHUTDOWN_TIMEOUT_MS })
    : undefined;
  await ownership?.start();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // The process is gone within SHUTDOWN_TIMEOUT_MS of the signal: each step below has what is left of it.
    const bound = config.SHUTDOWN_TIMEOUT_MS;
    const deadline = performance.now() + bound;
    const left = () => Math.max(0, deadline - performance.now());
    const closeReserve = Math.min(APP_CLOSE_RESERVE_MS, bound / 10);
    logger.info({ signal, shutdownTimeoutMs: bound }, 'stopping: no new jobs, finishing active ones');
    // The last word on the bound: whatever hangs past it (a handler, a connection), the process goes.
    setTimeout(() => {
      logger.warn({ shutdownTimeoutMs: bound }, 'shutdown reached its bound; exiting now');
      process.exit(0);
    }, bound).unref();
    // A shard hand-over under way may wait for its jobs: it gets a share of the bound, no more.
    if (ownership) await withTimeout(ownership.stop(), closeReserve, 'stopping shard ownership').catch(() => undefined);
    await host.stop(left() - closeReserve);
    await withTimeout(Promise.all([metricsServer?.stop(), app.close()]), left(), 'closing the application').catch(() => undefined);
    logger.info({ ms: Math.round(bound - left()) }, 'stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  logger.info(
    { queues: host.queues, shards, homeShard: home ?? null, pid: process.pid, worker: host.identity?.id, metricsPort: metricsServer?.port },
    'worker ready',
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78);
  }
  console.error(err);
  process.exit(1);
});
