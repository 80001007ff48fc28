import 'reflect-metadata';
import { ConfigError, loadConfig } from '@aas/shared-infra';
import { migrateDatabase } from '@aas/shared-schema';
import { createGateway } from './bootstrap';
import { GatewayConfig } from './gateway.config';

async function main(): Promise<void> {
  const config = loadConfig(GatewayConfig);
  // Migrations run here, once per start, under an advisory lock (gateways started together take
  // turns; workers never migrate), before the app serves a request against the schema.
  const applied = await migrateDatabase(config.DATABASE_URL);
  if (applied.length > 0) console.log(JSON.stringify({ level: 30, app: 'gateway', msg: 'migrations applied', applied }));
  const app = await createGateway(config);
  await app.listen(config.PORT, config.HOST);
  const url = config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`;
  console.log(JSON.stringify({ level: 30, app: 'gateway', msg: `gateway listening on ${url}`, url, jobMode: config.JOB_MODE }));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78);
  }
  console.error(err);
  process.exit(1);
});
