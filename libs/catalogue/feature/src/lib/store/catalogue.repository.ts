import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CatalogueSnapshot, CategoryRow, DatasetRow, Entitlements, LocationRow, QuestionRow, WaveRow } from './catalogue-snapshot';

/** Reads the catalogue tables. Everything here is small; the snapshot is rebuilt when the data version moves. */
@Injectable()
export class CatalogueRepository {
  constructor(private readonly ds: DataSource) {}

  /** The catalogue tables in one snapshot, labelled with the data version the caller read them at. */
  async loadSnapshot(version: string): Promise<CatalogueSnapshot> {
    return this.ds.transaction('REPEATABLE READ', async (m) => {
      const datasets: DatasetRow[] = await m.query(
        `SELECT code, name, description, base_namespace_code, depth, "order", is_syndicated FROM datasets ORDER BY "order", code`,
      );
      const categories: CategoryRow[] = await m.query(`SELECT id, dataset_code, parent_id, name, description, "order" FROM categories ORDER BY "order", id`);
      const questions: QuestionRow[] = await m.query(`
        SELECT q.namespace_code, q.code, q.name, q.description, q.kind, q.unit, q.flags, q."order", q.knowledge_base,
               q.message, q.notice, q.warning, q.dataset_codes, q.datapoints, q.suffixes,
               coalesce(array_agg(qc.category_id ORDER BY qc.category_id) FILTER (WHERE qc.category_id IS NOT NULL), '{}') AS category_ids
        FROM questions q
        LEFT JOIN question_categories qc ON qc.namespace_code = q.namespace_code AND qc.question_code = q.code
        GROUP BY q.namespace_code, q.code
        ORDER BY q."order", q.code`);
      const locations: LocationRow[] = await m.query(`SELECT code, name, region FROM locations ORDER BY code`);
      const waves: WaveRow[] = await m.query(
        `SELECT code, name, kind, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date FROM waves`,
      );
      return new CatalogueSnapshot(version, datasets, categories, questions, locations, waves);
    });
  }

  async entitlements(orgId: string): Promise<Entitlements> {
    const [datasets, locations, waves] = await Promise.all([
      this.ds.query(`SELECT dataset_code AS code FROM entitled_datasets WHERE org_id = $1`, [orgId]),
      this.ds.query(`SELECT location_code AS code FROM entitled_locations WHERE org_id = $1`, [orgId]),
      this.ds.query(`SELECT wave_code AS code FROM entitled_waves WHERE org_id = $1`, [orgId]),
    ]);
    const set = (rows: { code: string }[]) => new Set(rows.map((r) => r.code));
    return { datasets: set(datasets), locations: set(locations), waves: set(waves) };
  }
}
