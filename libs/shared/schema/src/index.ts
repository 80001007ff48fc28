import { ASSISTANT_MIGRATIONS } from '@aas/assistant-feature';
import { SAVED_AUDIENCES_MIGRATIONS } from '@aas/audiences-feature';
import { CATALOGUE_MIGRATIONS } from '@aas/catalogue-data-access';
import { CHARTS_MIGRATIONS } from '@aas/charts-feature';
import { IDENTITY_MIGRATIONS, MigrationClass, runMigrations } from '@aas/shared-infra/database';
import { INSIGHTS_MIGRATIONS } from '@aas/insights-feature';
import { RESPONDENT_STORE_MIGRATIONS } from '@aas/respondent-store-data-access';
import { SAVED_CROSSTABS_MIGRATIONS } from '@aas/saved-crosstabs-feature';
import { SURVEY_IMPORT_MIGRATIONS } from '@aas/survey-import-data-access';

const timestampOf = (m: MigrationClass): number => Number(/(\d{13})$/.exec(m.name)?.[1] ?? NaN);

/**
 * Every table owner's migrations, in timestamp order: what the gateway and `npm run migrate`
 * apply. Each lib owns and exports its own list; this is only where they are put together.
 */
export const ALL_MIGRATIONS: readonly MigrationClass[] = [
  ...IDENTITY_MIGRATIONS,
  ...CATALOGUE_MIGRATIONS,
  ...INSIGHTS_MIGRATIONS,
  ...RESPONDENT_STORE_MIGRATIONS,
  ...SAVED_AUDIENCES_MIGRATIONS,
  ...SAVED_CROSSTABS_MIGRATIONS,
  ...CHARTS_MIGRATIONS,
  ...ASSISTANT_MIGRATIONS,
  ...SURVEY_IMPORT_MIGRATIONS,
].sort((a, b) => timestampOf(a) - timestampOf(b));

/** Applies every pending migration under the advisory lock (see runMigrations); returns those applied. */
export function migrateDatabase(url: string): Promise<string[]> {
  return runMigrations(url, ALL_MIGRATIONS);
}
