import type { Category, Dataset, Location, LocationWavePopulation, Question, Wave } from '@aas/shared-contracts';
import { insertRows, type Queryable } from '@aas/shared-infra';

/** The survey catalogue's own tables (not insights, audiences or respondents: other owners write those). */

/** The questions table's columns, in the order both writers (whole catalogue, one dataset) give values. */
const QUESTION_COLUMNS = [
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
  'aliases',
];
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

function depthOf(categories: readonly Category[], id: number): number {
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
    QUESTION_COLUMNS,
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
      q.aliases ?? [],
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

/** One dataset's part of the catalogue, as an import defines it: category ids are its own (1..n). */
export interface DatasetCatalogue {
  readonly dataset: Dataset;
  readonly categories: readonly Category[];
  /** `category_ids` refer to `categories` above; `namespace_code` is the dataset's namespace. */
  readonly questions: readonly Question[];
  readonly waves: readonly Wave[];
  readonly locations: readonly Location[];
  readonly populations: readonly LocationWavePopulation[];
}

/** A wave whose stored dates an import corrected (`correctWaveDates`). */
export interface WaveDateCorrection {
  readonly code: string;
  readonly from: { readonly start_date: string; readonly end_date: string };
  readonly to: { readonly start_date: string; readonly end_date: string };
}

export interface MergeOptions {
  /**
   * A wave code the catalogue has with other dates is a conflict unless this is set: then its
   * stored dates are replaced by the import's (for every dataset that uses the wave), and the
   * change is returned.
   */
  readonly correctWaveDates?: boolean;
}

/** What stops a dataset from joining the catalogue; nothing was written. */
export class CatalogueConflict extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The dataset does not fit the catalogue: ${problems.join('; ')}`);
    this.name = 'CatalogueConflict';
  }
}

/** Categories' paths from the root ("Media > TV"), to recognise a category across imports. */
function pathsOf(categories: readonly { id: number; name: string; parent_id: number | null }[]): Map<number, string> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const out = new Map<number, string>();
  for (const c of categories) {
    const names: string[] = [];
    const seen = new Set<number>();
    for (let at: typeof c | undefined = c; at && !seen.has(at.id); at = at.parent_id === null ? undefined : byId.get(at.parent_id)) {
      seen.add(at.id);
      names.unshift(at.name);
    }
    out.set(c.id, names.join(' > '));
  }
  return out;
}

/**
 * Adds or replaces one dataset's catalogue inside the caller's transaction, leaving every other
 * dataset as it is: the dataset row; its categories (a category keeps its id across imports when
 * its path of names is the same, so links to it survive; new ones get fresh ids); its questions
 * (all of its namespace are replaced); waves, locations and populations it brings that the
 * catalogue lacks. A question code another dataset already uses, or a wave code with other dates,
 * is a conflict: it throws CatalogueConflict before writing anything (a wave's dates are
 * corrected instead with `correctWaveDates`; the corrections are returned).
 */
export async function mergeDatasetCatalogue(
  tx: Queryable,
  content: DatasetCatalogue,
  options: MergeOptions = {},
): Promise<{ waveCorrections: WaveDateCorrection[] }> {
  const { dataset } = content;
  const namespace = dataset.base_namespace_code;
  const problems: string[] = [];
  const codes = content.questions.map((q) => q.code);
  const clashes = (await tx.query(`SELECT code, namespace_code FROM questions WHERE code = ANY($1::text[]) AND namespace_code <> $2`, [codes, namespace])) as {
    code: string;
    namespace_code: string;
  }[];
  for (const c of clashes) {
    problems.push(
      `question code '${c.code}' is already used by namespace '${c.namespace_code}' (question codes are unique across the catalogue): ` +
        `give the question another code in the mapping, e.g. '${namespace}_${c.code}'`,
    );
  }
  const existingWaves = (await tx.query(
    `SELECT code, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date FROM waves WHERE code = ANY($1::text[])`,
    [content.waves.map((w) => w.code)],
  )) as { code: string; start_date: string; end_date: string }[];
  const waveCorrections: WaveDateCorrection[] = [];
  for (const w of existingWaves) {
    const mine = content.waves.find((x) => x.code === w.code);
    if (!mine || (mine.start_date === w.start_date && mine.end_date === w.end_date)) continue;
    if (options.correctWaveDates) {
      waveCorrections.push({
        code: w.code,
        from: { start_date: w.start_date, end_date: w.end_date },
        to: { start_date: mine.start_date, end_date: mine.end_date },
      });
    } else {
      problems.push(
        `wave '${w.code}' exists from ${w.start_date} to ${w.end_date}, the mapping says ${mine.start_date} to ${mine.end_date} ` +
          `(to correct the stored dates, import with the option to correct wave dates: npm run import -- ... --correct-wave-dates)`,
      );
    }
  }
  const other = (await tx.query(`SELECT code FROM datasets WHERE base_namespace_code = $1 AND code <> $2`, [namespace, dataset.code])) as { code: string }[];
  if (other.length > 0) problems.push(`namespace '${namespace}' belongs to dataset '${other[0].code}'`);
  if (problems.length > 0) throw new CatalogueConflict(problems);

  await tx.query(
    `INSERT INTO datasets (code, name, description, base_namespace_code, depth, "order", is_syndicated) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description, base_namespace_code = EXCLUDED.base_namespace_code,
       depth = EXCLUDED.depth, "order" = EXCLUDED."order", is_syndicated = EXCLUDED.is_syndicated`,
    [dataset.code, dataset.name, dataset.description, namespace, dataset.depth, dataset.order, dataset.is_syndicated],
  );
  for (const l of content.locations) {
    await tx.query(`INSERT INTO locations (code, name, region) VALUES ($1, $2, $3) ON CONFLICT (code) DO NOTHING`, [l.code, l.name, l.region]);
  }
  for (const c of waveCorrections) {
    await tx.query(`UPDATE waves SET start_date = $2, end_date = $3 WHERE code = $1`, [c.code, c.to.start_date, c.to.end_date]);
  }
  for (const w of content.waves) {
    await tx.query(`INSERT INTO waves (code, name, kind, start_date, end_date) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (code) DO NOTHING`, [
      w.code,
      w.name,
      w.kind,
      w.start_date,
      w.end_date,
    ]);
  }
  for (const p of content.populations) {
    await tx.query(`INSERT INTO populations (location_code, wave_code, population) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
      p.location_code,
      p.wave_code,
      p.population,
    ]);
  }

  // Categories: keep the ids of those whose path is unchanged, number the new ones after every id in use.
  const before = (await tx.query(`SELECT id, name, parent_id FROM categories WHERE dataset_code = $1`, [dataset.code])) as {
    id: number;
    name: string;
    parent_id: number | null;
  }[];
  const previous = new Map(
    [...pathsOf(before.map((c) => ({ ...c, id: Number(c.id), parent_id: c.parent_id === null ? null : Number(c.parent_id) })))].map(([id, path]) => [path, id]),
  );
  const maxRows = (await tx.query(`SELECT coalesce(max(id), 0)::int AS max FROM categories`)) as { max: number }[];
  let next = Number(maxRows[0]?.max ?? 0) + 1;
  const idOf = new Map<number, number>();
  for (const [local, path] of pathsOf(content.categories)) idOf.set(local, previous.get(path) ?? next++);
  await tx.query(`DELETE FROM question_categories WHERE namespace_code = $1`, [namespace]);
  await tx.query(`DELETE FROM questions WHERE namespace_code = $1`, [namespace]);
  await tx.query(`DELETE FROM categories WHERE dataset_code = $1`, [dataset.code]);
  const ordered = [...content.categories].sort((a, b) => depthOf(content.categories, a.id) - depthOf(content.categories, b.id));
  await insertRows(
    tx,
    'categories',
    ['id', 'dataset_code', 'parent_id', 'name', 'description', 'order'],
    ordered.map((c) => [idOf.get(c.id), dataset.code, c.parent_id === null ? null : idOf.get(c.parent_id), c.name, c.description, c.order]),
  );
  await insertRows(
    tx,
    'questions',
    QUESTION_COLUMNS,
    content.questions.map((q) => [
      namespace,
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
      [dataset.code],
      JSON.stringify(q.datapoints),
      JSON.stringify(q.suffixes),
      q.aliases ?? [],
    ]),
  );
  await insertRows(
    tx,
    'question_categories',
    ['namespace_code', 'question_code', 'category_id'],
    content.questions.flatMap((q) => q.category_ids.map((id) => [namespace, q.code, idOf.get(id)])),
  );
  return { waveCorrections };
}
