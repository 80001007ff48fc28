import 'reflect-metadata';
import { CommonConfig, loadConfig } from '@aas/shared-infra';
import { runCli, UsageError } from '../lib/cli';
import { withDatabase } from '../lib/database';
import { DEFAULT_SEED, DEMO_ORG, DEMO_USER, demoToken, prepareDemoDatabase } from '../lib/demo';

const HELP = `Prepares a database for a first run, as \`npm start\` does before it starts the apps: applies
pending migrations, seeds the demo survey when there is no survey data yet, makes sure the demo
organisation '${DEMO_ORG.id}' and user ${DEMO_USER.id} exist, and prints a token for them. Running it
again changes nothing. The Docker compose file runs it once before the gateway and workers.

usage:
  npm run setup -- [--respondents N]
  npm run setup -- --help

  --respondents   size of the demo survey seeded into an empty database
                  (default SEED_RESPONDENTS, else ${DEFAULT_SEED.respondents.toLocaleString('en')})

Database: DATABASE_URL when set, else the embedded Postgres of \`npm start\`. The token is signed
with JWT_SECRET (the gateway's), valid 12 h.`;

function log(msg: string): void {
  console.error(`[setup] ${msg}`);
}

runCli({
  help: HELP,
  options: ['respondents'],
  async main({ args, signal }) {
    const config = loadConfig(CommonConfig);
    const respondents = Number(args['respondents'] ?? process.env.SEED_RESPONDENTS ?? DEFAULT_SEED.respondents);
    if (!Number.isSafeInteger(respondents) || respondents < 1000 || respondents > 5_000_000) {
      throw new UsageError('--respondents (or SEED_RESPONDENTS) must be an integer from 1,000 to 5,000,000');
    }
    await withDatabase(log, (url) => prepareDemoDatabase(url, { log, respondents, signal }));
    log(`ready. A token for org '${DEMO_ORG.id}', user ${DEMO_USER.id} (12 h; more with: npm run token -- --org <org> --user <id>):`);
    console.log(demoToken(config.jwtSecret, { issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE }));
  },
});
