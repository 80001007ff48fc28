import { CatalogueSnapshot, CategoryRow, CodeRow, DatasetRow, Entitlements, QuestionRow } from '../store/catalogue-snapshot';

export interface QuestionIncludes {
  categories?: boolean;
  datapoints?: boolean;
  datasets?: boolean;
  taxonomy_paths?: boolean;
}

export type Wire = Record<string, unknown>;

const valueOf = (n: number | null) => (n === null ? null : { value: n });

export function attributeCount(q: QuestionRow): number {
  return q.datapoints.length * Math.max(1, q.suffixes.length);
}

export function isQuestionAccessible(snapshot: CatalogueSnapshot, q: QuestionRow, ent: Entitlements): boolean {
  return ent.datasets.has(snapshot.datasetOfQuestion(q));
}

export function datasetWire(d: DatasetRow, extra: Wire = {}): Wire {
  return {
    code: d.code,
    name: d.name,
    description: d.description,
    base_namespace_code: d.base_namespace_code,
    depth: d.depth,
    order: d.order,
    is_syndicated: d.is_syndicated,
    ...extra,
  };
}

/** A category without its relations (used inside lineages, children and taxonomy paths). */
export function shallowCategory(c: CategoryRow): Wire {
  return { id: String(c.id), name: c.name, description: c.description, order: c.order };
}

function codeWire(x: CodeRow, accessible?: boolean): Wire {
  return {
    code: x.code,
    name: x.name,
    ...(accessible === undefined ? {} : { accessible }),
    midpoint: valueOf(x.midpoint),
    order: { value: x.order },
  };
}

export function taxonomyPaths(snapshot: CatalogueSnapshot, q: QuestionRow): Wire[] {
  return q.category_ids
    .map((id) => snapshot.categoryById.get(id))
    .filter((c): c is CategoryRow => c !== undefined)
    .map((c) => {
      const dataset = snapshot.datasetByCode.get(c.dataset_code);
      return {
        dataset: dataset ? datasetWire(dataset) : { code: c.dataset_code },
        categories_lineage: snapshot.lineage(c.id).map(shallowCategory),
      };
    });
}

/** A question on the wire, with the optional parts the caller asked for. */
export function questionWire(snapshot: CatalogueSnapshot, q: QuestionRow, ent: Entitlements, include: QuestionIncludes): Wire {
  const accessible = isQuestionAccessible(snapshot, q, ent);
  const out: Wire = {
    code: q.code,
    namespace_code: q.namespace_code,
    name: q.name,
    description: q.description,
    accessible,
    attribute_count: attributeCount(q),
    order: q.order,
    unit: q.unit,
    flags: q.flags,
    knowledge_base: q.knowledge_base,
    message: q.message,
    notice: q.notice,
    warning: q.warning,
  };
  if (include.categories) {
    out.categories = q.category_ids
      .map((id) => snapshot.categoryById.get(id))
      .filter((c): c is CategoryRow => c !== undefined)
      .map(shallowCategory);
  }
  if (include.datapoints) {
    out.datapoints = [...q.datapoints].sort((a, b) => a.order - b.order).map((d) => codeWire(d, accessible));
    out.suffixes = [...q.suffixes].sort((a, b) => a.order - b.order).map((s) => codeWire(s));
  }
  if (include.datasets) {
    out.datasets = q.dataset_codes
      .map((code) => snapshot.datasetByCode.get(code))
      .filter((d): d is DatasetRow => d !== undefined)
      .map((d) => datasetWire(d));
  }
  if (include.taxonomy_paths) out.taxonomy_paths = taxonomyPaths(snapshot, q);
  return out;
}

export const CATEGORY_INCLUDES = ['children', 'lineage', 'attribute_count', 'datasets', 'descendant_attributes'] as const;
export type CategoryInclude = (typeof CATEGORY_INCLUDES)[number];

/** A category on the wire, with the relations asked for. */
export function categoryWire(snapshot: CatalogueSnapshot, c: CategoryRow, ent: Entitlements, include: ReadonlySet<CategoryInclude>): Wire {
  const out: Wire = shallowCategory(c);
  if (include.has('children')) {
    out.child_categories = (snapshot.childrenOf.get(c.id) ?? []).map(shallowCategory);
    out.child_questions = (snapshot.questionsByCategory.get(c.id) ?? []).map((q) => questionWire(snapshot, q, ent, {}));
  }
  if (include.has('lineage')) out.lineage = snapshot.lineage(c.id).slice(0, -1).map(shallowCategory);
  if (include.has('attribute_count')) {
    out.attribute_count = snapshot.questionsUnder(c.id).reduce((n, q) => n + attributeCount(q), 0);
  }
  if (include.has('datasets')) {
    const d = snapshot.datasetByCode.get(c.dataset_code);
    out.datasets = d ? [datasetWire(d)] : [];
  }
  if (include.has('descendant_attributes')) {
    out.descendant_attributes = snapshot.questionsUnder(c.id).flatMap((q) =>
      q.datapoints.flatMap((d) =>
        (q.suffixes.length > 0 ? q.suffixes : [null]).map((s) => ({
          datapoint_code: d.code,
          datapoint_name: d.name,
          namespace_code: q.namespace_code,
          question_code: q.code,
          question_name: q.name,
          suffix_code: s?.code ?? '',
          suffix_name: s?.name ?? '',
        })),
      ),
    );
  }
  out.taxonomy_paths = [
    {
      dataset: (() => {
        const d = snapshot.datasetByCode.get(c.dataset_code);
        return d ? datasetWire(d) : { code: c.dataset_code };
      })(),
      categories_lineage: snapshot.lineage(c.id).map(shallowCategory),
    },
  ];
  return out;
}
