import { failed, type CheckOutcome } from './check';

/** What the universe rule needs of a question. */
export interface UniverseQuestion {
  readonly code: string;
  /** The dataset the question belongs to (its namespace's dataset). */
  readonly datasetCode: string;
  /** Every dataset that asks it (demographics are asked in several); default: `[datasetCode]`. */
  readonly datasetCodes?: readonly string[];
}

/** A question as a request uses it, with the JSON pointer of the leaf that names it. */
export interface QuestionUse {
  readonly path: string;
  readonly question: UniverseQuestion;
}

export interface UniverseCatalogue {
  /** Licensed datasets, in catalogue order. */
  readonly entitledDatasets: readonly string[];
}

export interface UniverseOptions {
  /**
   * The dataset to use when it asks every question: the topic's own dataset, where the caller
   * knows which question is the topic (the assistant does; a crosstab's sides are symmetric).
   */
  readonly prefer?: string;
}

const datasetsOf = (q: UniverseQuestion): readonly string[] => (q.datasetCodes && q.datasetCodes.length > 0 ? q.datasetCodes : [q.datasetCode]);

/**
 * The one dataset a query is computed in (docs/metrics.md#one-dataset-per-query).
 * Datasets are separate surveys weighted to the same population, so summing two of them counts
 * the population twice: a query runs within a licensed dataset that asks every question it uses.
 * When several do (a query of demographics asked in every dataset), the preferred dataset (the
 * topic's, when the caller knows the topic) wins, else the dataset most of its questions belong
 * to, then catalogue order: a demographic is read in the dataset of the topic it is crossed with. A query without questions (every audience `{}`) uses the first
 * licensed dataset. Questions that share no dataset make a 400 naming them.
 */
export function chooseUniverse(uses: readonly QuestionUse[], catalogue: UniverseCatalogue, options: UniverseOptions = {}): CheckOutcome<string> {
  const licensed = catalogue.entitledDatasets;
  if (licensed.length === 0)
    return failed({ status: 403, detail: 'Your organisation has no licensed dataset', errors: [{ path: '', message: 'no licensed dataset' }] });
  if (uses.length === 0) return { ok: true, value: licensed[0] };
  const coverage = licensed.map((dataset) => ({
    dataset,
    covers: uses.filter((u) => datasetsOf(u.question).includes(dataset)).length,
    home: uses.filter((u) => u.question.datasetCode === dataset).length,
  }));
  const common = coverage.filter((c) => c.covers === uses.length);
  if (common.length > 0) {
    const preferred = options.prefer === undefined ? undefined : common.find((c) => c.dataset === options.prefer);
    if (preferred) return { ok: true, value: preferred.dataset };
    // Stable: ties keep catalogue order.
    const best = common.reduce((a, b) => (b.home > a.home ? b : a));
    return { ok: true, value: best.dataset };
  }
  const best = coverage.reduce((a, b) => (b.covers > a.covers || (b.covers === a.covers && b.home > a.home) ? b : a));
  const outside = uses.filter((u) => !datasetsOf(u.question).includes(best.dataset));
  const named = new Map<string, readonly string[]>();
  for (const u of uses) named.set(u.question.code, datasetsOf(u.question));
  return failed({
    status: 400,
    detail:
      `These questions share no dataset, so no one respondent universe holds them all: ` +
      [...named.entries()].map(([code, datasets]) => `'${code}' (${datasets.join(', ')})`).join(', ') +
      `. Datasets are separate surveys; a query is computed within one of them.`,
    errors: outside.map((u) => ({
      path: u.path,
      message: `question '${u.question.code}' is not asked in dataset '${best.dataset}', which holds the other questions (it is asked in: ${datasetsOf(u.question).join(', ')})`,
    })),
  });
}
