import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TaxonomyCategory, TaxonomyDataset, TaxonomyQuestion, TaxonomySnapshot } from './chart-taxonomy';

const TTL_MS = 10_000;

/**
 * Reads the catalogue's taxonomy (datasets, categories, question placement) for chart results.
 * CatalogueAccess carries no taxonomy and a feature lib may not import the catalogue feature, so
 * this reads the catalogue tables directly, read-only, and keeps them 10 s (a few hundred rows).
 */
@Injectable()
export class ChartTaxonomyRepository {
  private cached?: { at: number; value: Promise<TaxonomySnapshot> };

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  snapshot(): Promise<TaxonomySnapshot> {
    if (this.cached && Date.now() - this.cached.at < TTL_MS) return this.cached.value;
    const value = this.load();
    this.cached = { at: Date.now(), value };
    value.catch(() => (this.cached = undefined));
    return value;
  }

  private async load(): Promise<TaxonomySnapshot> {
    const [datasets, categories, questions] = await Promise.all([
      this.dataSource.query<TaxonomyDataset[]>(`SELECT code, name, description, base_namespace_code, depth, "order", is_syndicated FROM datasets`),
      this.dataSource.query<TaxonomyCategory[]>(`SELECT id, dataset_code, parent_id, name, description, "order" FROM categories`),
      this.dataSource.query<TaxonomyQuestion[]>(`
        SELECT q.namespace_code, q.code, q."order", q.unit, q.flags, q.knowledge_base, q.message, q.notice, q.warning,
               jsonb_array_length(q.datapoints) * GREATEST(1, jsonb_array_length(q.suffixes)) AS attribute_count,
               COALESCE(array_agg(qc.category_id ORDER BY qc.category_id) FILTER (WHERE qc.category_id IS NOT NULL), '{}') AS category_ids
          FROM questions q
          LEFT JOIN question_categories qc ON qc.namespace_code = q.namespace_code AND qc.question_code = q.code
         GROUP BY q.namespace_code, q.code`),
    ]);
    return new TaxonomySnapshot(
      datasets,
      categories.map((c) => ({ ...c, id: Number(c.id), parent_id: c.parent_id === null ? null : Number(c.parent_id) })),
      questions.map((q) => ({ ...q, attribute_count: Number(q.attribute_count), category_ids: q.category_ids.map(Number) })),
    );
  }

  /** Names of the given dataset codes (the code where unknown). */
  async datasetNames(codes: readonly string[]): Promise<string[]> {
    const snapshot = await this.snapshot();
    return codes.map((c) => snapshot.datasetByCode.get(c)?.name ?? c);
  }
}
