import 'reflect-metadata';
import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { CommonConfig, DEFAULT_REDIS_URL, createRedis, dataSourceOptions, ensureOrgAndUser, loadConfig, signDevToken, waitForReady } from '@aas/infra';
import { hasSurveyData } from '@aas/respondent-store-data';
import { migrateDatabase } from '@aas/schema';
import { seedSurvey } from '../seed/seed-survey';
import { DATA_DIR, writeRuntimeState } from '../lib/runtime-state';
import { EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const REGISTER = path.join(ROOT, 'tools', 'runtime', 'register.js');
const DEMO_ORG = { id: 'demo', name: 'Demo Organisation' };
/** The demo survey `npm start` loads into an empty database (SEED_RESPONDENTS overrides the size). */
const DEFAULT_SEED = { respondents: 200_000, seed: 42 };
const DEMO_USER = { id: 1, email: 'analyst@demo.example' };

function log(msg: string): void {
  console.log(`[start] ${msg}`);
}

async function redisReachable(url: string): Promise<boolean> {
  const client = createRedis(url, 'probe', 'start-probe');
  try {
    await waitForReady(client, 1500);
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

function launch(name: string, script: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['-r', REGISTER, path.join(ROOT, 'dist', script)], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => log(`${name} exited (${signal ?? code})`));
  return child;
}

async function waitForHttp(url: string, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

/**
 * `npm start`: the whole service on one machine. Postgres from DATABASE_URL or an
 * embedded one; Redis from REDIS_URL when it answers (then a separate worker process
 * runs the jobs) or none (then the gateway runs jobs itself); demo data; a token.
 */
async function main(): Promise<void> {
  const config = loadConfig(CommonConfig);
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
    log(`no DATABASE_URL: starting an embedded Postgres on port ${port} (data in .data/pg)`);
    embedded = await startEmbeddedPostgres(DATA_DIR, port, log);
    databaseUrl = embedded.url;
  }
  writeRuntimeState({ databaseUrl });
  const applied = await migrateDatabase(databaseUrl);
  if (applied.length) log(`migrations applied: ${applied.join(', ')}`);

  const ds = new DataSource(dataSourceOptions(databaseUrl, { logging: ['error'], extra: { statement_timeout: 0 } }));
  await ds.initialize();
  if (!(await hasSurveyData(ds))) {
    const respondents = Number(process.env.SEED_RESPONDENTS ?? DEFAULT_SEED.respondents);
    log(`empty database: seeding a demo survey of ${respondents} respondents (seed ${DEFAULT_SEED.seed})`);
    const report = await seedSurvey(ds, { respondents, seed: DEFAULT_SEED.seed });
    log(`seeded ${report.partitions} partitions in ${(report.totalMs / 1000).toFixed(1)} s`);
  }
  await ensureOrgAndUser(ds, DEMO_ORG, DEMO_USER);
  await ds.destroy();

  const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const useRedis = await redisReachable(redisUrl);
  const jobMode = useRedis ? 'queue' : 'inline';
  if (useRedis) log(`Redis answers at ${redisUrl}: jobs go through BullMQ to a separate worker process`);
  else log(`Redis not reachable at ${redisUrl}: jobs run in-process in the gateway (JOB_MODE=inline)`);

  const env = { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, JOB_MODE: jobMode };
  const children: ChildProcess[] = [];
  if (useRedis) children.push(launch('worker', 'apps/worker/src/main.js', env));
  children.push(launch('gateway', 'apps/gateway/src/main.js', env));

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
          }),
      ),
    );
    await embedded?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  for (const child of children) child.on('exit', () => void stop(1));

  const port = Number(process.env.PORT ?? 3000);
  const base = `http://localhost:${port}`;
  if (!(await waitForHttp(`${base}/health/ready`, 60_000))) {
    log('the gateway did not become ready within 60 s');
    await stop(1);
    return;
  }
  const token = signDevToken(config.jwtSecret, { sub: DEMO_USER.id, org: DEMO_ORG.id, email: DEMO_USER.email });
  log(`ready: ${base}  (OpenAPI: ${base}/docs)`);
  log(`demo token (org '${DEMO_ORG.id}', user ${DEMO_USER.id}, 12 h):`);
  console.log(token);
  log(`try: curl -X POST ${base}/v1/system/ping -H "Authorization: Bearer <token>"`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
