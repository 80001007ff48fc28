import type { Category, Dataset, Location, LocationWavePopulation, Question, Wave } from '@aas/contracts';
import { insertRows, type Queryable } from '@aas/infra';

/** The survey catalogue's own tables (not insights, audiences or respondents: other owners write those). */
export interface CatalogueContent {
  readonly datasets: readonly Dataset[];
  readonly categories: readonly Category[];
  readonly questions: readonly Question[];
  readonly locations: readonly Location[];
  readonly waves: readonly Wave[];
  readonly populations: readonly LocationWavePopulation[];
}

/** An organisation's entitlements: the dataset, location and wave codes it may use. */
export interface EntitlementSet {
  readonly slug: string;
  readonly datasets: readonly string[];
  readonly locations: readonly string[];
  readonly waves: readonly string[];
}

function depthOf(categories: CatalogueContent['categories'], id: number): number {
  let depth = 0;
  let current = categories.find((c) => c.id === id);
  while (current && current.parent_id !== null) {
    depth++;
    const parentId: number = current.parent_id;
    current = categories.find((c) => c.id === parentId);
  }
  return depth;
}

/**
 * Replaces the catalogue (datasets, categories, questions, locations, waves, populations) inside
 * the caller's transaction. Entitlements whose codes still exist survive; the others go with the
 * codes. Rows are deleted, not truncated, so readers in other transactions keep a consistent view.
 */
export async function replaceCatalogue(tx: Queryable, catalogue: CatalogueContent): Promise<void> {
  await tx.query(
    `CREATE TEMP TABLE kept_entitlements ON COMMIT DROP AS
       SELECT 'dataset' AS kind, org_id, dataset_code AS code FROM entitled_datasets
       UNION ALL SELECT 'location', org_id, location_code FROM entitled_locations
       UNION ALL SELECT 'wave', org_id, wave_code FROM entitled_waves`,
  );
  for (const table of [
    'entitled_datasets',
    'entitled_locations',
    'entitled_waves',
    'question_categories',
    'questions',
    'populations',
    'categories',
    'datasets',
    'locations',
    'waves',
  ]) {
    await tx.query(`DELETE FROM ${table}`);
  }
  await insertRows(
    tx,
    'datasets',
    ['code', 'name', 'description', 'base_namespace_code', 'depth', 'order', 'is_syndicated'],
    catalogue.datasets.map((d) => [d.code, d.name, d.description, d.base_namespace_code, d.depth, d.order, d.is_syndicated]),
  );
  // Parents before children, so the self-reference holds at every insert.
  const ordered = [...catalogue.categories].sort((a, b) => depthOf(catalogue.categories, a.id) - depthOf(catalogue.categories, b.id));
  await insertRows(
    tx,
    'categories',
    ['id', 'dataset_code', 'parent_id', 'name', 'description', 'order'],
    ordered.map((c) => [c.id, c.dataset_code, c.parent_id, c.name, c.description, c.order]),
  );
  await insertRows(
    tx,
    'questions',
    [
      'namespace_code',
      'code',
      'name',
      'description',
      'kind',
      'unit',
      'flags',
      'order',
      'knowledge_base',
      'message',
      'notice',
      'warning',
      'dataset_codes',
      'datapoints',
      'suffixes',
    ],
    catalogue.questions.map((q) => [
      q.namespace_code,
      q.code,
      q.name,
      q.description,
      q.kind,
      q.unit,
      q.flags,
      q.order,
      q.knowledge_base,
      q.message,
      q.notice,
      q.warning,
      q.dataset_codes,
      JSON.stringify(q.datapoints),
      JSON.stringify(q.suffixes),
    ]),
  );
  await insertRows(
    tx,
    'question_categories',
    ['namespace_code', 'question_code', 'category_id'],
    catalogue.questions.flatMap((q) => q.category_ids.map((id) => [q.namespace_code, q.code, id])),
  );
  await insertRows(
    tx,
    'locations',
    ['code', 'name', 'region'],
    catalogue.locations.map((l) => [l.code, l.name, l.region]),
  );
  await insertRows(
    tx,
    'waves',
    ['code', 'name', 'kind', 'start_date', 'end_date'],
    catalogue.waves.map((w) => [w.code, w.name, w.kind, w.start_date, w.end_date]),
  );
  await insertRows(
    tx,
    'populations',
    ['location_code', 'wave_code', 'population'],
    catalogue.populations.map((p) => [p.location_code, p.wave_code, p.population]),
  );
  for (const [kind, table, column, codes] of [
    ['dataset', 'entitled_datasets', 'dataset_code', 'datasets'],
    ['location', 'entitled_locations', 'location_code', 'locations'],
    ['wave', 'entitled_waves', 'wave_code', 'waves'],
  ]) {
    await tx.query(
      `INSERT INTO ${table} (org_id, ${column})
       SELECT k.org_id, k.code FROM kept_entitlements k JOIN ${codes} c ON c.code = k.code WHERE k.kind = $1 ON CONFLICT DO NOTHING`,
      [kind],
    );
  }
}

/** Sets organisations' entitlements to exactly the given datasets, locations and waves (the organisations must exist). */
export async function replaceEntitlements(tx: Queryable, organisations: readonly EntitlementSet[]): Promise<void> {
  for (const org of organisations) {
    for (const table of ['entitled_datasets', 'entitled_locations', 'entitled_waves']) await tx.query(`DELETE FROM ${table} WHERE org_id = $1`, [org.slug]);
    await insertRows(
      tx,
      'entitled_datasets',
      ['org_id', 'dataset_code'],
      org.datasets.map((d) => [org.slug, d]),
    );
    await insertRows(
      tx,
      'entitled_locations',
      ['org_id', 'location_code'],
      org.locations.map((l) => [org.slug, l]),
    );
    await insertRows(
      tx,
      'entitled_waves',
      ['org_id', 'wave_code'],
      org.waves.map((w) => [org.slug, w]),
    );
  }
}
