import { createHash } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { Catalogue, generateSurvey, PARTITION_FORMAT_VERSION, Survey } from '@aas/catalogue-domain';

export interface SeedOptions {
  respondents: number;
  seed: number;
  /** Deflate partition blobs (smaller, slower to load). */
  compress?: boolean;
  log?: (message: string) => void;
}

export interface SeedReport {
  respondents: number;
  partitions: number;
  blobBytes: number;
  generateMs: number;
  writeMs: number;
  totalMs: number;
  dataVersion: number;
}

/** Curated audiences keep the same id across re-seeds: a UUID derived from their name. */
export function curatedAudienceId(name: string): string {
  const h = createHash('sha1').update(`aas:curated-audience:${name}`).digest('hex');
  // RFC 4122 layout, version 5 (name-based, SHA-1), variant 10xx.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

async function insertRows(m: EntityManager, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  const chunk = Math.max(1, Math.floor(30000 / columns.length));
  for (let i = 0; i < rows.length; i += chunk) {
    const slice = rows.slice(i, i + chunk);
    const params: unknown[] = [];
    const tuples = slice.map((row) => `(${row.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`);
    await m.query(`INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${tuples.join(', ')}`, params);
  }
}

async function writeCatalogue(m: EntityManager, catalogue: Catalogue, survey: Survey): Promise<void> {
  // CASCADE also empties the tables that reference these (entitlements, question categories):
  // keep other organisations' entitlements aside and put back those whose codes still exist.
  const demoOrgs = catalogue.organisations.map((o) => o.slug);
  await m.query(
    `CREATE TEMP TABLE kept_entitlements ON COMMIT DROP AS
       SELECT 'dataset' AS kind, org_id, dataset_code AS code FROM entitled_datasets WHERE NOT (org_id = ANY($1))
       UNION ALL SELECT 'location', org_id, location_code FROM entitled_locations WHERE NOT (org_id = ANY($1))
       UNION ALL SELECT 'wave', org_id, wave_code FROM entitled_waves WHERE NOT (org_id = ANY($1))`,
    [demoOrgs],
  );
  await m.query(
    `TRUNCATE questions, categories, datasets, locations, waves, populations, insights, attribute_dictionaries,
              respondent_partitions, data_versions CASCADE`,
  );
  await m.query(`DELETE FROM saved_audiences WHERE org_id IS NULL`);
  await insertRows(
    m,
    'datasets',
    ['code', 'name', 'description', 'base_namespace_code', 'depth', 'order', 'is_syndicated'],
    catalogue.datasets.map((d) => [d.code, d.name, d.description, d.base_namespace_code, d.depth, d.order, d.is_syndicated]),
  );
  // Parents before children, so the self-reference holds at every insert.
  const ordered = [...catalogue.categories].sort((a, b) => depthOf(catalogue, a.id) - depthOf(catalogue, b.id));
  await insertRows(
    m,
    'categories',
    ['id', 'dataset_code', 'parent_id', 'name', 'description', 'order'],
    ordered.map((c) => [c.id, c.dataset_code, c.parent_id, c.name, c.description, c.order]),
  );
  await insertRows(
    m,
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
    m,
    'question_categories',
    ['namespace_code', 'question_code', 'category_id'],
    catalogue.questions.flatMap((q) => q.category_ids.map((id) => [q.namespace_code, q.code, id])),
  );
  await insertRows(
    m,
    'locations',
    ['code', 'name', 'region'],
    catalogue.locations.map((l) => [l.code, l.name, l.region]),
  );
  await insertRows(
    m,
    'waves',
    ['code', 'name', 'kind', 'start_date', 'end_date'],
    catalogue.waves.map((w) => [w.code, w.name, w.kind, w.start_date, w.end_date]),
  );
  await insertRows(
    m,
    'populations',
    ['location_code', 'wave_code', 'population'],
    catalogue.populations.map((p) => [p.location_code, p.wave_code, p.population]),
  );
  await insertRows(
    m,
    'insights',
    ['id', 'name', 'description', 'type', 'category_ids', 'is_trending', 'popularity', 'published_at', 'created_at', 'updated_at', 'images'],
    catalogue.insights.map((i) => [
      i.id,
      i.name,
      i.description,
      i.type,
      i.category_ids,
      i.is_trending,
      i.popularity,
      i.published_at,
      i.created_at,
      i.updated_at,
      JSON.stringify(i.images),
    ]),
  );
  for (const org of catalogue.organisations) {
    await m.query(`INSERT INTO organisations (id, name) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name`, [org.slug, org.name]);
    await m.query(`DELETE FROM entitled_datasets WHERE org_id = $1`, [org.slug]);
    await m.query(`DELETE FROM entitled_locations WHERE org_id = $1`, [org.slug]);
    await m.query(`DELETE FROM entitled_waves WHERE org_id = $1`, [org.slug]);
    await insertRows(
      m,
      'entitled_datasets',
      ['org_id', 'dataset_code'],
      org.datasets.map((d) => [org.slug, d]),
    );
    await insertRows(
      m,
      'entitled_locations',
      ['org_id', 'location_code'],
      org.locations.map((l) => [org.slug, l]),
    );
    await insertRows(
      m,
      'entitled_waves',
      ['org_id', 'wave_code'],
      org.waves.map((w) => [org.slug, w]),
    );
  }
  for (const [kind, table, column, codes] of [
    ['dataset', 'entitled_datasets', 'dataset_code', 'datasets'],
    ['location', 'entitled_locations', 'location_code', 'locations'],
    ['wave', 'entitled_waves', 'wave_code', 'waves'],
  ]) {
    await m.query(
      `INSERT INTO ${table} (org_id, ${column})
       SELECT k.org_id, k.code FROM kept_entitlements k JOIN ${codes} c ON c.code = k.code WHERE k.kind = $1`,
      [kind],
    );
  }
  await insertRows(
    m,
    'saved_audiences',
    ['id', 'org_id', 'name', 'description', 'expression', 'position', 'flags', 'datasets'],
    catalogue.audiences.map((a, i) => [curatedAudienceId(a.name), null, a.name, a.description, JSON.stringify(a.expression), i, ['curated'], ['core']]),
  );
  for (const [dataset, dictionary] of Object.entries(survey.dictionaries)) {
    await m.query(`INSERT INTO attribute_dictionaries (dataset_code, hash, attributes) VALUES ($1, $2, $3)`, [
      dataset,
      dictionary.hash,
      JSON.stringify(dictionary.attributes),
    ]);
  }
}

function depthOf(catalogue: Catalogue, id: number): number {
  let depth = 0;
  let current = catalogue.categories.find((c) => c.id === id);
  while (current && current.parent_id !== null) {
    depth++;
    const parentId: number = current.parent_id;
    current = catalogue.categories.find((c) => c.id === parentId);
  }
  return depth;
}

/**
 * Replaces the survey data (catalogue, entitlements of the demo organisations, curated
 * audiences, insights, respondent partitions) with a freshly generated demo survey, in
 * one transaction: readers see the old data or the new, never a mix. Organisations'
 * own rows (their saved audiences, charts, ...) are left alone.
 */
export async function seedSurvey(ds: DataSource, options: SeedOptions): Promise<SeedReport> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const survey = generateSurvey({ respondents: options.respondents, seed: options.seed });
  let generateMs = 0;
  let writeMs = 0;
  let blobBytes = 0;
  let partitions = 0;
  const dataVersion = Date.now();
  await ds.transaction(async (m) => {
    const t0 = Date.now();
    await writeCatalogue(m, survey.catalogue, survey);
    writeMs += Date.now() - t0;
    let tGen = Date.now();
    for (const part of survey.encodedPartitions({ compress: options.compress ?? false })) {
      generateMs += Date.now() - tGen;
      const tWrite = Date.now();
      await m.query(
        `INSERT INTO respondent_partitions (dataset_code, wave_code, location_code, respondent_count, format_version, dictionary_hash, blob)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          part.key.dataset,
          part.key.wave,
          part.key.location,
          part.respondentCount,
          PARTITION_FORMAT_VERSION,
          survey.dictionaries[part.key.dataset].hash,
          part.blob,
        ],
      );
      writeMs += Date.now() - tWrite;
      blobBytes += part.blob.length;
      partitions++;
      if (partitions % 20 === 0) log(`${partitions}/${survey.plan.length} partitions written`);
      tGen = Date.now();
    }
    await m.query(`INSERT INTO data_versions (name, version, details) VALUES ('survey', $1, $2)`, [
      dataVersion,
      JSON.stringify({ respondents: options.respondents, seed: options.seed }),
    ]);
  });
  return { respondents: options.respondents, partitions, blobBytes, generateMs, writeMs, totalMs: Date.now() - started, dataVersion };
}

/** Whether survey data has been loaded at all (npm start seeds an empty database). */
export async function hasSurveyData(ds: DataSource): Promise<boolean> {
  const rows: unknown[] = await ds.query(`SELECT 1 FROM data_versions WHERE name = 'survey'`);
  return rows.length > 0;
}
