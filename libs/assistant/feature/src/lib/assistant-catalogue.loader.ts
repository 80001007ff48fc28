import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CatalogueAccess, OrganisationCatalogue } from '@aas/contracts';
import { PlannerCatalogue } from '@aas/assistant-domain';

interface QuestionRow {
  code: string;
  name: string;
  description: string;
  datapoints: { code: string; name: string }[];
  suffixes: { code: string; name: string }[];
}

interface SharedTables {
  at: number;
  questions: QuestionRow[];
  locations: { code: string; name: string }[];
  waves: { code: string; name: string; start_date: string; end_date: string }[];
  datasets: { code: string; name: string }[];
  /** Where and when each dataset has respondents. */
  fielded: { dataset_code: string; locations: string[]; waves: string[] }[];
}

/** How long the catalogue tables (changed only by a reseed) are kept in memory. */
const SHARED_TTL_MS = 30_000;

/**
 * The catalogue as the planner sees it for one organisation: every question, market, wave and
 * dataset (so it can tell "unknown" from "not licensed"), the organisation's entitlements, and
 * the saved audiences it may read (curated ones and its own).
 */
@Injectable()
export class AssistantCatalogueLoader {
  private shared: SharedTables | null = null;
  /**
   * The last catalogue built per organisation, kept while nothing it was built from changed: the
   * planner prepares (and caches) an index of each catalogue object, so reusing the object keeps
   * a chat turn from rebuilding it.
   */
  private readonly built = new Map<string, { key: string; planner: PlannerCatalogue }>();

  constructor(
    private readonly ds: DataSource,
    private readonly access: CatalogueAccess,
  ) {}

  async load(orgId: string): Promise<{ planner: PlannerCatalogue; organisation: OrganisationCatalogue }> {
    const [tables, organisation, audiences] = await Promise.all([
      this.tables(),
      this.access.forOrganisation(orgId),
      this.ds.query(
        `SELECT id::text AS id, name, description, expression, (org_id IS NULL) AS curated
           FROM saved_audiences WHERE org_id IS NULL OR org_id = $1 ORDER BY org_id NULLS FIRST, position, created_at, id`,
        [orgId],
      ) as Promise<{ id: string; name: string; description: string; expression: Record<string, unknown>; curated: boolean }[]>,
    ]);
    const key = [
      tables.at,
      organisation.entitledDatasets.join(),
      organisation.entitledLocations.map((l) => l.code).join(),
      organisation.entitledWaves.map((w) => w.code).join(),
      audiences.map((a) => `${a.id}:${a.name}:${JSON.stringify(a.expression)}`).join('|'),
    ].join('/');
    const cached = this.built.get(orgId);
    if (cached && cached.key === key) return { planner: cached.planner, organisation };
    const planner: PlannerCatalogue = {
      questions: tables.questions.map((q) => {
        const info = organisation.findQuestion(q.code);
        const datasetCode = info?.datasetCode ?? '';
        return {
          code: q.code,
          name: q.name,
          description: q.description,
          datasetCode,
          datasetCodes: [...(info?.datasetCodes ?? [datasetCode])],
          entitled: organisation.isDatasetEntitled(datasetCode),
          datapoints: q.datapoints.map((d) => ({ code: d.code, name: d.name })),
          suffixes: q.suffixes.map((s) => ({ code: s.code, name: s.name })),
        };
      }),
      audiences,
      locations: tables.locations.map((l) => ({ ...l, entitled: organisation.isLocationEntitled(l.code) })),
      waves: tables.waves.map((w) => ({
        code: w.code,
        name: w.name,
        startDate: w.start_date,
        endDate: w.end_date,
        entitled: organisation.isWaveEntitled(w.code),
      })),
      datasets: tables.datasets.map((d) => {
        const fielded = tables.fielded.find((f) => f.dataset_code === d.code);
        return { ...d, entitled: organisation.isDatasetEntitled(d.code), fielded: { locations: fielded?.locations ?? [], waves: fielded?.waves ?? [] } };
      }),
    };
    this.built.set(orgId, { key, planner });
    return { planner, organisation };
  }

  private async tables(): Promise<SharedTables> {
    if (this.shared && Date.now() - this.shared.at < SHARED_TTL_MS) return this.shared;
    const [questions, locations, waves, datasets, fielded] = await Promise.all([
      this.ds.query(`SELECT code, name, description, datapoints, suffixes FROM questions ORDER BY "order", code`),
      this.ds.query(`SELECT code, name FROM locations ORDER BY code`),
      this.ds.query(
        `SELECT code, name, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date FROM waves ORDER BY end_date, code`,
      ),
      this.ds.query(`SELECT code, name FROM datasets ORDER BY "order", code`),
      this.ds.query(
        `SELECT dataset_code, array_agg(DISTINCT location_code ORDER BY location_code) AS locations, array_agg(DISTINCT wave_code ORDER BY wave_code) AS waves
           FROM respondent_partitions WHERE respondent_count > 0 GROUP BY dataset_code`,
      ),
    ]);
    this.shared = { at: Date.now(), questions, locations, waves, datasets, fielded };
    return this.shared;
  }
}
