/*
 * The one typed AST behind the three wire forms of an audience expression (docs/metrics.md#the-three-wire-forms).
 *
 * Optional members stay optional here (rather than being filled with defaults) because the
 * wire forms must round-trip: `{ "not": false }` and `{}` mean the same audience but are
 * different JSON, and so are an absent and an empty `datapoints` array.
 */

/** The three wire forms: standard (audiences), chart (suffix items untyped), saved crosstab. */
export type WireForm = 'standard' | 'chart' | 'crosstab';

/** A suffix code as written on the wire: a string (standard), an integer (crosstab), either (chart). */
export type SuffixCode = string | number;

/** `{}` (optionally with `not`): every respondent of the base. */
export interface AllNode {
  readonly kind: 'all';
  readonly not?: boolean;
}

/** `and` / `or` over a non-empty list of sub-expressions. */
export interface CombinatorNode<S extends SuffixCode = SuffixCode> {
  readonly kind: 'and' | 'or';
  readonly children: readonly Expression<S>[];
  readonly not?: boolean;
}

/**
 * A question with optional datapoints, suffixes and `min_count`: the respondents who answered it
 * so; or, with `asked`, the respondents who were asked the question (answered or not), and then
 * nothing else but `not`.
 */
export interface LeafNode<S extends SuffixCode = SuffixCode> {
  readonly kind: 'leaf';
  /** A question code, or `<namespace_code>.<code>`. */
  readonly question: string;
  readonly datapoints?: readonly string[];
  readonly suffixes?: readonly S[];
  readonly minCount?: number;
  readonly asked?: true;
  readonly not?: boolean;
}

/** An audience expression; `S` is the type of suffix items, which differs between wire forms. */
export type Expression<S extends SuffixCode = SuffixCode> = AllNode | CombinatorNode<S> | LeafNode<S>;

/** What the standard form can hold: string suffixes. */
export type StandardExpression = Expression<string>;
/** What the chart form can hold: string or number suffix items, kept as written. */
export type ChartExpression = Expression<SuffixCode>;
/** What the saved-crosstab form can hold: integer suffixes. */
export type CrosstabExpression = Expression<number>;

/**
 * `invalid`: the expression is malformed (HTTP 400). `unknown`: it names a question, datapoint
 * or suffix the catalogue does not have (400 or 404, the caller's choice). `forbidden`: it
 * touches a dataset the caller is not entitled to (403).
 */
export type ExpressionErrorKind = 'invalid' | 'unknown' | 'forbidden';

/** One problem, located by an RFC 6901 JSON pointer into the wire JSON that was checked. */
export interface ExpressionError {
  readonly kind: ExpressionErrorKind;
  readonly path: string;
  readonly message: string;
}

/** What every check returns instead of throwing. */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly errors: readonly ExpressionError[] };

/** Any JSON value. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

interface WireCommon<W> {
  and?: W[];
  or?: W[];
  not?: boolean;
  min_count?: number;
  asked?: true;
}

/** The standard wire form (saved audiences, crosstab queries). */
export interface StandardWire extends WireCommon<StandardWire> {
  question?: string;
  datapoints?: string[];
  suffixes?: string[];
}

/** The chart wire form: like the standard form, suffix items are strings or numbers. */
export interface ChartWire extends WireCommon<ChartWire> {
  question?: string;
  datapoints?: string[];
  suffixes?: SuffixCode[];
}

/** The saved-crosstab wire form: `qustion` (sic), `options`, integer suffixes. */
export interface CrosstabWire extends WireCommon<CrosstabWire> {
  qustion?: string;
  options?: string[];
  suffixes?: number[];
}

/** Member names that differ between forms; used by the parser, printer and error paths. */
export interface FormMembers {
  readonly question: 'question' | 'qustion';
  readonly datapoints: 'datapoints' | 'options';
}

/** The member names a form uses for the question and its datapoints. */
export function formMembers(form: WireForm): FormMembers {
  return form === 'crosstab' ? { question: 'qustion', datapoints: 'options' } : { question: 'question', datapoints: 'datapoints' };
}
