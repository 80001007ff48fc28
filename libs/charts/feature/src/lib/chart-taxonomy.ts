import { labelExpression } from '@aas/audience-expression-domain';
import { Category, Dataset } from '@aas/shared-contracts';
import { OrganisationCatalogue } from '@aas/shared-contracts';
import { PreparedAttribute, PreparedAudience } from './prepare-chart-calculation';

/*
 * The catalogue's taxonomy as the chart result needs it, and the result attribute of a chart
 * calculation with its taxonomy paths in the older nested form (docs/api-guide.md#chart-calculation). Pure.
 */

/** Rows of the catalogue tables, in the domain's own types. */
export type TaxonomyDataset = Dataset;
export type TaxonomyCategory = Category;

export interface TaxonomyQuestion {
  namespace_code: string;
  code: string;
  order: number;
  unit: string;
  flags: string[];
  knowledge_base: string;
  message: string;
  notice: string;
  warning: string;
  attribute_count: number;
  category_ids: number[];
}

export class TaxonomySnapshot {
  readonly datasetByCode: Map<string, TaxonomyDataset>;
  readonly categoryById: Map<number, TaxonomyCategory>;
  readonly questionByKey: Map<string, TaxonomyQuestion>;
  /** Attributes (datapoints x suffixes) of the distinct questions under each category. */
  readonly attributesCount = new Map<number, number>();

  constructor(datasets: TaxonomyDataset[], categories: TaxonomyCategory[], questions: TaxonomyQuestion[]) {
    this.datasetByCode = new Map(datasets.map((d) => [d.code, d]));
    this.categoryById = new Map(categories.map((c) => [c.id, c]));
    this.questionByKey = new Map(questions.map((q) => [`${q.namespace_code}.${q.code}`, q]));
    const under = new Map<number, Set<TaxonomyQuestion>>();
    for (const q of questions) {
      for (const id of q.category_ids) {
        for (const c of this.lineage(id)) {
          const set = under.get(c.id) ?? new Set<TaxonomyQuestion>();
          set.add(q);
          under.set(c.id, set);
        }
      }
    }
    for (const [id, set] of under)
      this.attributesCount.set(
        id,
        [...set].reduce((n, q) => n + q.attribute_count, 0),
      );
  }

  /** Root first, the category itself last. */
  lineage(id: number): TaxonomyCategory[] {
    const out: TaxonomyCategory[] = [];
    const seen = new Set<number>();
    let current = this.categoryById.get(id);
    while (current && !seen.has(current.id)) {
      seen.add(current.id);
      out.unshift(current);
      current = current.parent_id === null ? undefined : this.categoryById.get(current.parent_id);
    }
    return out;
  }
}

type Wire = Record<string, unknown>;

function datasetWire(d: TaxonomyDataset | undefined, code: string): Wire {
  return d
    ? {
        code: d.code,
        name: d.name,
        description: d.description,
        base_namespace_code: d.base_namespace_code,
        depth: d.depth,
        order: d.order,
        is_syndicated: d.is_syndicated,
      }
    : { code };
}

/**
 * The older nested taxonomy form, one path per category the question is filed under:
 * `{ dataset: {..., categories: [root category]}, taxonomy_path: [nodes root..leaf] }`. The
 * nested category carries `category_children` down to the question's category, whose
 * `question_children` hold the question. Nodes: `height` = levels above the question's category
 * (that category is 0), `attributes_count` = attributes of the distinct questions beneath.
 * A question child's own `taxonomy_paths` is empty (the path it sits in is the one around it).
 */
export function nestedTaxonomyPaths(taxonomy: TaxonomySnapshot, questionChild: Wire, question: TaxonomyQuestion): Wire[] {
  return question.category_ids
    .filter((id) => taxonomy.categoryById.has(id))
    .map((id) => {
      const lineage = taxonomy.lineage(id);
      const node = (c: TaxonomyCategory, i: number): Wire => ({
        height: lineage.length - 1 - i,
        id: String(c.id),
        name: c.name,
        order: c.order,
        description: c.description,
        attributes_count: taxonomy.attributesCount.get(c.id) ?? 0,
      });
      let nested: Wire | undefined;
      for (let i = lineage.length - 1; i >= 0; i--) {
        nested = { ...node(lineage[i], i), category_children: nested ? [nested] : [], question_children: nested ? [] : [questionChild] };
      }
      const dataset = lineage[0]?.dataset_code ?? '';
      return {
        dataset: { ...datasetWire(taxonomy.datasetByCode.get(dataset), dataset), categories: nested ? [nested] : [] },
        taxonomy_path: lineage.map(node),
      };
    });
}

/**
 * A result attribute of a chart calculation: the chart's codes, labels from the catalogue (codes where it
 * does not know them), `order` = the attribute's position in the chart (stats may be sorted),
 * compatibilities and taxonomy paths.
 *
 * compatibilities_metadata: `has_compatibilities` = the question is asked in more than one
 * dataset (it can be compared across them); `has_incompatibilities` = an audience (or the base)
 * uses a question the stat's dataset does not ask: the stat then has the `incompatible_attribute`
 * error (no one respondent universe holds them all).
 */
export function resultAttribute(
  attribute: PreparedAttribute,
  catalogue: OrganisationCatalogue,
  taxonomy: TaxonomySnapshot,
  audiences: readonly PreparedAudience[],
): Wire {
  const { input, question } = attribute;
  const suffix = input.suffix_code ?? '';
  const datapointLabel = question?.datapoints.find((d) => d.code === input.datapoint_code)?.name ?? '';
  const suffixLabel = suffix === '' ? '' : (question?.suffixes.find((s) => s.code === suffix)?.name ?? '');
  const base: Wire = {
    namespace_code: input.namespace_code,
    question_code: input.question_code,
    datapoint_code: input.datapoint_code,
    suffix_code: suffix,
    datapoint_label: datapointLabel,
    question_label: question?.name ?? '',
    question_description: question?.description ?? '',
    suffix_label: suffixLabel,
    generated_text: attribute.wire?.question
      ? labelExpression(
          { kind: 'leaf', question: attribute.wire.question, datapoints: attribute.wire.datapoints, suffixes: attribute.wire.suffixes },
          catalogue,
        )
      : '',
    order: attribute.index,
  };
  const meta = question ? taxonomy.questionByKey.get(`${question.namespaceCode}.${question.code}`) : undefined;
  const dataset = attribute.dataset;
  const asks = (use: PreparedAudience['questions'][number], code: string) => (use.question.datasetCodes ?? [use.question.datasetCode]).includes(code);
  const incompatible =
    attribute.error?.error_type === 'incompatible_attribute' || (dataset !== undefined && audiences.some((a) => a.questions.some((q) => !asks(q, dataset))));
  base.compatibilities_metadata = { has_compatibilities: (question?.datasetCodes.length ?? 0) > 1, has_incompatibilities: incompatible };
  if (!question || !meta || attribute.error?.error_type === 'attribute_not_licensed') {
    // An unlicensed question's place in the taxonomy is not revealed.
    base.taxonomy_paths = [];
    return base;
  }
  const questionChild: Wire = {
    accessible: true,
    attributes: [{ datapoint_code: input.datapoint_code, datapoint_label: datapointLabel, suffix_code: suffix, suffix_label: suffixLabel }],
    average_unit: meta.unit,
    flags: meta.flags,
    has_suffixes: question.suffixes.length > 0,
    knowledge_base: meta.knowledge_base,
    message: meta.message,
    namespace_code: question.namespaceCode,
    notice: meta.notice,
    order: meta.order,
    question_code: question.code,
    question_description: question.description,
    question_label: question.name,
    taxonomy_paths: [],
    warning: meta.warning,
  };
  base.taxonomy_paths = nestedTaxonomyPaths(taxonomy, questionChild, meta);
  return base;
}
