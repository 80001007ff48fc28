import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@aas/infra';
import { migrateDatabase } from '@aas/schema';
import { seedSurvey } from './seed-survey';
import { parseArgs, resolveDatabaseUrl } from '../lib/runtime-state';

const USAGE = 'usage: npm run seed -- --respondents N --seed S [--compress]';

/** `npm run seed -- --respondents 1000000 --seed 42`: replaces the survey data with a generated demo survey. */
async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const respondents = Number(args['respondents'] ?? 50_000);
  const seed = Number(args['seed'] ?? 1);
  if (!Number.isSafeInteger(respondents) || respondents < 1000 || respondents > 5_000_000) {
    throw new Error(`--respondents must be an integer from 1,000 to 5,000,000. ${USAGE}`);
  }
  if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be an integer. ${USAGE}`);
  const url = resolveDatabaseUrl();
  await migrateDatabase(url);
  const ds = new DataSource(dataSourceOptions(url, { logging: ['error'], extra: { max: 2, statement_timeout: 0 } }));
  await ds.initialize();
  try {
    const report = await seedSurvey(ds, {
      respondents,
      seed,
      compress: args['compress'] === 'true',
      progress: (written, total) => written % 20 === 0 && console.error(`[seed] ${written}/${total} partitions written`),
    });
    console.log(JSON.stringify(report));
  } finally {
    await ds.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
