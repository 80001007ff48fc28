import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { CommonConfig, dataSourceOptions, ensureOrgAndUser, loadConfig } from '@aas/shared-infra';
import { signDevToken } from '@aas/shared-infra/http';
import { migrateDatabase } from '@aas/shared-schema';
import { runCli, UsageError } from '../lib/cli';
import { withDatabase } from '../lib/database';

const HELP = `Prints a signed HS256 token (JWT_SECRET, or the development secret) for an organisation and a
user, creating both when they do not exist yet (the database is migrated first).

usage:
  npm run token -- --org <org-id> --user <user-id> [--email <email>] [--hours <n>] [--admin]
  npm run token -- --help

  --org     organisation id: lowercase letters, digits, - and _ (e.g. demo)
  --user    user id: a positive integer
  --email   the user's email (default user<id>@<org>.example)
  --hours   validity (default 12)
  --admin   add the admin claim: it opens the admin endpoints (/v1/admin/..., the queue board) and
            nothing else; elsewhere the token is an ordinary member of its organisation

Database: DATABASE_URL when set, else the embedded Postgres of \`npm start\` (used when it runs,
started for the command when it does not). A new organisation has no data entitlements: see
"Granting data" in the README.`;

function log(msg: string): void {
  console.error(`[token] ${msg}`);
}

runCli({
  help: HELP,
  options: ['org', 'user', 'email', 'hours', 'admin'],
  async main({ args }) {
    const org = args['org'];
    const user = Number(args['user']);
    if (!org || !/^[a-z0-9][a-z0-9_-]{0,62}$/.test(org)) throw new UsageError('--org must be a lowercase id such as demo');
    if (!Number.isSafeInteger(user) || user <= 0) throw new UsageError('--user must be a positive integer');
    if (args['admin'] !== undefined && args['admin'] !== 'true') throw new UsageError('--admin takes no value');
    const admin = args['admin'] === 'true';
    const hours = args['hours'] ? Number(args['hours']) : 12;
    if (!(hours > 0)) throw new UsageError('--hours must be a positive number');
    const config = loadConfig(CommonConfig);
    const email = args['email'] ?? `user${user}@${org}.example`;
    await withDatabase(log, async (url) => {
      await migrateDatabase(url);
      const ds = new DataSource(dataSourceOptions(url, { logging: ['error'], extra: { max: 1 } }));
      await ds.initialize();
      try {
        await ensureOrgAndUser(ds, { id: org }, { id: user, email });
      } finally {
        await ds.destroy();
      }
    });
    if (config.JWT_PUBLIC_KEY) log('note: JWT_PUBLIC_KEY is set (RS256); this HS256 token will not be accepted');
    console.log(
      signDevToken(
        config.jwtSecret,
        { sub: user, org, email, admin },
        { expiresInSeconds: Math.round(hours * 3600), issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE },
      ),
    );
  },
});
