/** A datapoint or suffix of a catalogue question. */
export interface CatalogueCode {
  readonly code: string;
  readonly name: string;
}

/** What the expression checks and labels need to know about a question. */
export interface CatalogueQuestion {
  readonly code: string;
  readonly namespaceCode: string;
  readonly name: string;
  readonly datasetCode: string;
  /** Every dataset that asks the question (demographics are asked in several); default `[datasetCode]`. */
  readonly datasetCodes?: readonly string[];
  readonly datapoints: readonly CatalogueCode[];
  readonly suffixes: readonly CatalogueCode[];
}

/**
 * The catalogue as the expression checks see it. Pure and synchronous: the service loads what
 * an expression needs (see `collectQuestions`) and answers from memory.
 */
export interface CatalogueLookup {
  /**
   * The question with this code; within `namespaceCode` when given. Without a namespace, the
   * implementation decides what an unqualified code means (e.g. the caller's default namespace).
   */
  findQuestion(code: string, namespaceCode?: string): CatalogueQuestion | undefined;
  /** Whether the caller may use this dataset. */
  isDatasetEntitled(datasetCode: string): boolean;
}

/**
 * Resolves an expression's `question` member: `<namespace_code>.<code>` when it has a dot and
 * that resolves, else the whole string as a plain code (so a code that itself contains a dot
 * still works).
 */
export function resolveQuestion(reference: string, lookup: Pick<CatalogueLookup, 'findQuestion'>): CatalogueQuestion | undefined {
  const dot = reference.indexOf('.');
  if (dot > 0 && dot < reference.length - 1) {
    const qualified = lookup.findQuestion(reference.slice(dot + 1), reference.slice(0, dot));
    if (qualified !== undefined) return qualified;
  }
  return lookup.findQuestion(reference);
}
