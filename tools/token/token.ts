import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { CommonConfig, dataSourceOptions, ensureOrgAndUser, loadConfig, signDevToken } from '@aas/infra';
import { migrateDatabase } from '@aas/schema';
import { parseArgs, resolveDatabaseUrl } from '../lib/runtime-state';

const USAGE = 'usage: npm run token -- --org <org-id> --user <user-id> [--email <email>] [--hours <n>]';

/**
 * `npm run token -- --org demo --user 1`: prints a signed HS256 token for local use,
 * creating the organisation and the user when they do not exist yet.
 */
async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const org = args['org'];
  const user = Number(args['user']);
  if (!org || !/^[a-z0-9][a-z0-9_-]{0,62}$/.test(org)) throw new Error(`--org must be a lowercase id. ${USAGE}`);
  if (!Number.isSafeInteger(user) || user <= 0) throw new Error(`--user must be a positive integer. ${USAGE}`);
  const hours = args['hours'] ? Number(args['hours']) : 12;
  if (!(hours > 0)) throw new Error('--hours must be positive');
  const config = loadConfig(CommonConfig);
  const url = resolveDatabaseUrl();
  await migrateDatabase(url);
  const ds = new DataSource(dataSourceOptions(url, { logging: ['error'] }));
  await ds.initialize();
  try {
    const email = args['email'] ?? `user${user}@${org}.example`;
    await ensureOrgAndUser(ds, { id: org }, { id: user, email });
    if (config.JWT_PUBLIC_KEY) console.error('note: JWT_PUBLIC_KEY is set (RS256); this HS256 token will not be accepted');
    console.log(
      signDevToken(
        config.jwtSecret,
        { sub: user, org, email },
        {
          expiresInSeconds: Math.round(hours * 3600),
          issuer: config.JWT_ISSUER,
          audience: config.JWT_AUDIENCE,
        },
      ),
    );
  } finally {
    await ds.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
