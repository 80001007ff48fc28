import 'reflect-metadata';
import { migrateDatabase } from '@aas/schema';
import { resolveDatabaseUrl } from '../lib/runtime-state';

/** `npm run migrate`: applies pending migrations to DATABASE_URL. */
async function main(): Promise<void> {
  const url = resolveDatabaseUrl();
  const applied = await migrateDatabase(url);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'no pending migrations');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
