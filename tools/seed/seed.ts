import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@aas/shared-infra';
import { migrateDatabase } from '@aas/shared-schema';
import { runCli, UsageError } from '../lib/cli';
import { withDatabase } from '../lib/database';
import { createProgress } from '../lib/progress';
import { seedSurvey } from './seed-survey';

const HELP = `Replaces the survey data with a generated, deterministic demo survey (catalogue, the demo
organisations and their entitlements, insights, curated audiences, respondents), in one
transaction: readers see the old data or the new. Ctrl-C stops it and changes nothing.

usage:
  npm run seed -- [--respondents N] [--seed S] [--compress]
  npm run seed -- --help

  --respondents   1,000 to 5,000,000 (default 50,000; about 45 s for 1,000,000)
  --seed          any integer (default 1): the same seed gives the same data
  --compress      deflate the partitions (smaller, slower to load)

Database: DATABASE_URL when set, else the embedded Postgres of \`npm start\` (used when it runs,
started for the command when it does not).`;

function log(msg: string): void {
  console.error(`[seed] ${msg}`);
}

runCli({
  help: HELP,
  options: ['respondents', 'seed', 'compress'],
  async main({ args, signal }) {
    const respondents = Number(args['respondents'] ?? 50_000);
    const seed = Number(args['seed'] ?? 1);
    if (!Number.isSafeInteger(respondents) || respondents < 1000 || respondents > 5_000_000) {
      throw new UsageError('--respondents must be an integer from 1,000 to 5,000,000');
    }
    if (!Number.isSafeInteger(seed)) throw new UsageError('--seed must be an integer');
    await withDatabase(log, async (url) => {
      await migrateDatabase(url);
      const ds = new DataSource(dataSourceOptions(url, { logging: ['error'], extra: { max: 2, statement_timeout: 0 } }));
      await ds.initialize();
      log(`generating and writing a survey of ${respondents.toLocaleString('en')} respondents (seed ${seed})`);
      const progress = createProgress();
      try {
        const report = await seedSurvey(ds, {
          respondents,
          seed,
          signal,
          compress: args['compress'] === 'true',
          progress: (written, total) => (written === 0 ? progress.start('partitions', total) : progress.update(written)),
        });
        progress.stop();
        log(`done in ${(report.totalMs / 1000).toFixed(1)} s: ${report.partitions} partitions, ${(report.blobBytes / 1024 / 1024).toFixed(0)} MiB`);
        console.log(JSON.stringify(report));
      } finally {
        progress.stop();
        await ds.destroy().catch(() => undefined);
      }
    });
  },
});
