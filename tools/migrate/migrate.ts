import 'reflect-metadata';
import { migrateDatabase } from '@aas/shared-schema';
import { runCli } from '../lib/cli';
import { withDatabase } from '../lib/database';

const HELP = `Applies the pending migrations (under an advisory lock, so it is safe beside running apps).

usage:
  npm run migrate
  npm run migrate -- --help

Database: DATABASE_URL when set, else the embedded Postgres of \`npm start\` (used when it runs,
started for the command when it does not).`;

runCli({
  help: HELP,
  options: [],
  async main() {
    const applied = await withDatabase(
      (msg) => console.error(`[migrate] ${msg}`),
      (url) => migrateDatabase(url),
    );
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'no pending migrations');
  },
});
