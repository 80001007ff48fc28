import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { ALL_QUEUES } from '@aas/shared-contracts';
import { BullJobRunner, createRootLogger, developmentSecretWarning, JobHandlerRegistry, JobRunner, Metrics, PinoNestLogger } from '@aas/shared-infra';
import { configureHttpApp, mountQueueBoard } from '@aas/shared-infra/http';
import { AppModule } from './app.module';
import { serveExplorer } from './explorer';
import { GatewayConfig } from './gateway.config';
import { gatewayOpenApiOptions } from './openapi';

/** Builds the gateway (used by main.ts and by tests, so both run the same app). */
export async function createGateway(config: GatewayConfig): Promise<NestExpressApplication> {
  const logger = createRootLogger(config.LOG_LEVEL, 'gateway');
  const secretWarning = developmentSecretWarning(config);
  if (secretWarning) logger.warn({ jwt: 'development secret' }, secretWarning);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  configureHttpApp(app, {
    bodyLimitBytes: config.BODY_LIMIT_BYTES,
    logger,
    openApi: gatewayOpenApiOptions(config),
    metrics: app.get(Metrics),
    corsOrigins: config.corsOrigins,
  });
  serveExplorer(app);
  const runner = app.get(JobRunner);
  // The queue board (admin tokens only); inline mode has no queues to show.
  if (runner instanceof BullJobRunner)
    mountQueueBoard(
      app,
      ALL_QUEUES.map((queue) => runner.queue(queue)),
      config,
      () => runner.redisAvailable,
    );
  app.enableShutdownHooks();
  await app.init();
  if (runner.mode === 'inline') {
    // Inline mode runs every job here, so every job needs its handler in this process.
    app.get(JobHandlerRegistry).assertComplete(ALL_QUEUES);
    logger.warn('JOB_MODE=inline: jobs run inside the gateway process (no Redis, no workers)');
  }
  return app;
}
