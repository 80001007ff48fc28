import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entitlementVersion, versionedEntitlements } from '@aas/catalogue-data-access';
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
               q.message, q.notice, q.warning, q.dataset_codes, q.datapoints, q.suffixes, q.aliases,
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

  /** An organisation's entitlements and their version, from one snapshot. */
  async entitlements(orgId: string): Promise<{ version: string; value: Entitlements }> {
    const { version, entitlements } = await versionedEntitlements(this.ds, orgId);
    return { version, value: { datasets: new Set(entitlements.datasets), locations: new Set(entitlements.locations), waves: new Set(entitlements.waves) } };
  }

  /** The version an organisation's entitlements are at: one primary-key read (see EntitlementVersions1764300000000). */
  entitlementVersion(orgId: string): Promise<string> {
    return entitlementVersion(this.ds, orgId);
  }
}
