import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ConfigError, createRootLogger, loadConfig, Metrics, MetricsServer, PinoNestLogger, WorkerHost } from '@aas/infra';
import { WorkerConfig } from './worker.config';
import { WorkerModule } from './worker.module';

/** Time after SHUTDOWN_TIMEOUT_MS for handing jobs back and closing connections (ms). */
const SHUTDOWN_GRACE_MS = 4000;

async function main(): Promise<void> {
  const config = loadConfig(WorkerConfig);
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
  await host.start({
    queues: config.WORKER_QUEUES,
    concurrency: config.WORKER_CONCURRENCY,
    lockDurationMs: config.WORKER_LOCK_MS,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: no new jobs, finishing active ones');
    // The last word on the bound: whatever hangs past it (a handler, a connection), the process goes.
    setTimeout(() => {
      logger.warn({ shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown overran its bound; exiting now');
      process.exit(0);
    }, config.SHUTDOWN_TIMEOUT_MS + SHUTDOWN_GRACE_MS).unref();
    await host.stop(config.SHUTDOWN_TIMEOUT_MS);
    await metricsServer?.stop();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  logger.info({ queues: config.WORKER_QUEUES, pid: process.pid, worker: host.identity?.id, metricsPort: metricsServer?.port }, 'worker ready');
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78);
  }
  console.error(err);
  process.exit(1);
});
