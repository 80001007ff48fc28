import type { DynamicModule, INestApplicationContext, Provider, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommonConfig } from '../config/common.config';
import { AppConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';

export interface IntegrationContextOptions {
  /** The test database (createTestDatabase), already migrated. */
  readonly databaseUrl: string;
  /** The feature modules under test. */
  readonly imports: (Type<unknown> | DynamicModule)[];
  /** Provided globally, as the app's global modules do (e.g. CatalogueAccess). */
  readonly globals?: Provider[];
}

/**
 * A Nest application context (DI only, no HTTP) of the feature modules under test, on the apps'
 * own DatabaseModule (the same DataSource options and pool of 10) pointed at the test database:
 * what an integration spec resolves a feature's services and repositories from. Close it in
 * afterAll.
 */
export async function createIntegrationContext(options: IntegrationContextOptions): Promise<INestApplicationContext> {
  const globals: DynamicModule = {
    module: class IntegrationGlobals {},
    global: true,
    providers: options.globals ?? [],
    exports: (options.globals ?? []).map((p) => (typeof p === 'function' ? p : p.provide)),
  };
  const config = Object.assign(new CommonConfig(), { NODE_ENV: 'test', DATABASE_URL: options.databaseUrl });
  return NestFactory.createApplicationContext(
    { module: class IntegrationRoot {}, imports: [AppConfigModule.forRoot(config), DatabaseModule, globals, ...options.imports] },
    // abortOnError false: a module that fails to start throws here (the test fails with the reason)
    // instead of Nest calling process.exit, which would end the whole jest run without a summary.
    { logger: false, abortOnError: false },
  );
}
