import { Injectable } from '@nestjs/common';
import { CatalogueAccess, CatalogueView } from '@aas/shared-contracts';
import { TaxonomySnapshot } from './chart-taxonomy';

/**
 * The catalogue's taxonomy (datasets, categories, question placement) for chart results, built
 * from the catalogue's published view (CatalogueAccess.view), once per data version.
 */
@Injectable()
export class ChartTaxonomySource {
  private readonly built = new WeakMap<CatalogueView, TaxonomySnapshot>();

  constructor(private readonly catalogue: CatalogueAccess) {}

  async snapshot(): Promise<TaxonomySnapshot> {
    const view = await this.catalogue.view();
    let snapshot = this.built.get(view);
    if (!snapshot) {
      snapshot = new TaxonomySnapshot(
        [...view.datasets],
        [...view.categories],
        view.questions.map((q) => ({
          namespace_code: q.namespace_code,
          code: q.code,
          order: q.order,
          unit: q.unit,
          flags: q.flags,
          knowledge_base: q.knowledge_base,
          message: q.message,
          notice: q.notice,
          warning: q.warning,
          attribute_count: q.datapoints.length * Math.max(1, q.suffixes.length),
          category_ids: q.category_ids,
        })),
      );
      this.built.set(view, snapshot);
    }
    return snapshot;
  }

  /** Names of the given dataset codes (the code where unknown). */
  async datasetNames(codes: readonly string[]): Promise<string[]> {
    const snapshot = await this.snapshot();
    return codes.map((c) => snapshot.datasetByCode.get(c)?.name ?? c);
  }
}
