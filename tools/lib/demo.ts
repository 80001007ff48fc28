import { DataSource } from 'typeorm';
import { dataSourceOptions, ensureOrgAndUser } from '@aas/shared-infra';
import { signDevToken } from '@aas/shared-infra/http';
import { hasSurveyData } from '@aas/respondent-store-data-access';
import { migrateDatabase } from '@aas/shared-schema';
import { seedSurvey } from '../seed/seed-survey';
import { createProgress } from './progress';

export const DEMO_ORG = { id: 'demo', name: 'Demo Organisation' };
export const DEMO_USER = { id: 1, email: 'analyst@demo.example' };
/** The demo survey loaded into an empty database (SEED_RESPONDENTS overrides the size). */
export const DEFAULT_SEED = { respondents: 200_000, seed: 42 };

export interface DemoOptions {
  log: (msg: string) => void;
  /** Respondents of the demo survey seeded into an empty database. */
  respondents: number;
  signal?: AbortSignal;
}

/**
 * What `npm start` and the Docker `setup` service do before the apps start: apply pending
 * migrations, seed the demo survey when the database has no survey data (with a progress bar), and
 * make sure the demo organisation and user exist. Idempotent: a second run only checks.
 */
export async function prepareDemoDatabase(url: string, options: DemoOptions): Promise<void> {
  const { log } = options;
  const applied = await migrateDatabase(url);
  if (applied.length) log(`migrations applied: ${applied.length} (${applied[0]} ... ${applied[applied.length - 1]})`);
  const ds = new DataSource(dataSourceOptions(url, { logging: ['error'], extra: { max: 2, statement_timeout: 0 } }));
  await ds.initialize();
  try {
    if (!(await hasSurveyData(ds))) {
      log(`empty database: seeding a demo survey of ${options.respondents.toLocaleString('en')} respondents (seed ${DEFAULT_SEED.seed})`);
      const progress = createProgress();
      try {
        const report = await seedSurvey(ds, {
          respondents: options.respondents,
          seed: DEFAULT_SEED.seed,
          signal: options.signal,
          progress: (written, total) => (written === 0 ? progress.start('seeding partitions', total) : progress.update(written)),
        });
        progress.stop();
        log(`seeded ${report.partitions} partitions in ${(report.totalMs / 1000).toFixed(1)} s`);
      } finally {
        progress.stop();
      }
    }
    await ensureOrgAndUser(ds, DEMO_ORG, DEMO_USER);
  } finally {
    await ds.destroy();
  }
}

/** A token for the demo user, signed with the secret in force. */
export function demoToken(secret: string, options: { issuer?: string; audience?: string } = {}): string {
  return signDevToken(secret, { sub: DEMO_USER.id, org: DEMO_ORG.id, email: DEMO_USER.email }, options);
}
