import { appendPointer } from './json-pointer';
import {
  ChartExpression,
  CrosstabExpression,
  Expression,
  ExpressionError,
  formMembers,
  FormMembers,
  Result,
  StandardExpression,
  SuffixCode,
  WireForm,
} from './expression';

/** Bounds that keep any single expression cheap to check and to compute. */
export interface ParseOptions {
  /** Deepest allowed nesting; the root is depth 1. Default 32. */
  readonly maxDepth?: number;
  /** Most expression nodes (objects) allowed, the root included. Default 1,000. */
  readonly maxNodes?: number;
  /** Errors past this many are dropped, so a huge garbage array cannot produce a huge answer. Default 100. */
  readonly maxErrors?: number;
}

export const DEFAULT_MAX_DEPTH = 32;
export const DEFAULT_MAX_NODES = 1000;
export const DEFAULT_MAX_ERRORS = 100;

const COMBINATOR_MEMBERS = ['and', 'or'] as const;

interface Context {
  readonly form: WireForm;
  readonly members: FormMembers;
  readonly errors: ExpressionError[];
  readonly maxErrors: number;
}

/**
 * Parses and structurally validates an expression in the given wire form. Never throws, for
 * any input: malformed input yields `{ ok: false, errors }`, every error carrying a JSON pointer
 * into `input`. Depth and node count are checked first, without recursion, so a pathologically
 * deep input is rejected before anything recurses into it.
 */
export function parseExpression(input: unknown, form: WireForm, options: ParseOptions = {}): Result<Expression> {
  const maxErrors = options.maxErrors ?? DEFAULT_MAX_ERRORS;
  const bound = checkBounds(input, options.maxDepth ?? DEFAULT_MAX_DEPTH, options.maxNodes ?? DEFAULT_MAX_NODES);
  if (bound) return { ok: false, errors: [bound] };
  const ctx: Context = { form, members: formMembers(form), errors: [], maxErrors };
  const value = parseNode(input, '', ctx);
  if (ctx.errors.length > 0 || value === undefined) {
    return { ok: false, errors: ctx.errors.length > 0 ? ctx.errors : [invalid('', 'invalid expression')] };
  }
  return { ok: true, value };
}

/** Parses the standard form (saved audiences, crosstab queries): suffixes are strings. */
export function parseStandardExpression(input: unknown, options?: ParseOptions): Result<StandardExpression> {
  return parseExpression(input, 'standard', options) as Result<StandardExpression>;
}

/** Parses the chart form: suffix items are strings or integers and are kept as written. */
export function parseChartExpression(input: unknown, options?: ParseOptions): Result<ChartExpression> {
  return parseExpression(input, 'chart', options);
}

/** Parses the saved-crosstab form: `qustion`, `options`, integer suffixes. */
export function parseCrosstabExpression(input: unknown, options?: ParseOptions): Result<CrosstabExpression> {
  return parseExpression(input, 'crosstab', options) as Result<CrosstabExpression>;
}

function invalid(path: string, message: string): ExpressionError {
  return { kind: 'invalid', path, message };
}

function report(ctx: Context, path: string, message: string): void {
  if (ctx.errors.length < ctx.maxErrors) ctx.errors.push(invalid(path, message));
}

/**
 * JSON objects only: arrays, class instances and boxed values are not expression nodes. The
 * prototype is compared by shape, not with this realm's `Object.prototype`, so that objects
 * made in another realm (a vm context, `structuredClone` under jest) are still accepted.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || (Object.getPrototypeOf(proto) === null && Object.prototype.toString.call(value) === '[object Object]');
}

function ownMember(node: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
}

/**
 * Walks the and/or structure with an explicit stack, never deeper than `maxDepth`, and stops at
 * the first node past `maxNodes`; anything not a well-formed combinator is left to `parseNode`.
 */
function checkBounds(root: unknown, maxDepth: number, maxNodes: number): ExpressionError | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 1 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (depth > maxDepth) return invalid(path, `expression is nested deeper than ${maxDepth} levels`);
    nodes += 1;
    if (nodes > maxNodes) return invalid(path, `expression has more than ${maxNodes} nodes`);
    if (!isPlainObject(value)) continue;
    for (const member of COMBINATOR_MEMBERS) {
      const children = ownMember(value, member);
      if (!Array.isArray(children)) continue;
      // Refuse before pushing, so that a 10-million-element array costs no 10-million-entry stack.
      const room = maxNodes - nodes - stack.length;
      if (children.length > room) {
        return invalid(appendPointer(path, member, room), `expression has more than ${maxNodes} nodes`);
      }
      // Pushed in reverse so the first error reported is the first in document order.
      for (let i = children.length - 1; i >= 0; i -= 1) {
        stack.push({ value: children[i], path: appendPointer(path, member, i), depth: depth + 1 });
      }
    }
  }
  return undefined;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return Number.isFinite(value) ? 'a number' : 'a non-finite number';
  return typeof value === 'undefined' ? 'nothing' : `a ${typeof value}`;
}

/** A misspelling hint for members that belong to the other family of forms. */
function unknownMemberMessage(key: string, members: FormMembers): string {
  const hints: Record<string, string> = {
    qustion: 'question',
    question: 'qustion',
    options: 'datapoints',
    datapoints: 'options',
    minCount: 'min_count',
    mincount: 'min_count',
  };
  const hint = hints[key];
  const expected: readonly string[] = [members.question, members.datapoints, 'min_count'];
  return hint !== undefined && expected.includes(hint) ? `unknown member "${key}" (this form spells it "${hint}")` : `unknown member "${key}"`;
}

/** Recursion here is safe: `checkBounds` has already limited the depth. */
function parseNode(input: unknown, path: string, ctx: Context): Expression | undefined {
  if (!isPlainObject(input)) {
    report(ctx, path, `expected an expression object, got ${describe(input)}`);
    return undefined;
  }
  const errorsBefore = ctx.errors.length;
  const { members } = ctx;
  const known = new Set<string>(['and', 'or', 'not', 'min_count', 'suffixes', 'asked', members.question, members.datapoints]);
  const present = new Map<string, unknown>();
  for (const [key, value] of Object.entries(input)) {
    if (known.has(key)) present.set(key, value);
    else report(ctx, appendPointer(path, key), unknownMemberMessage(key, members));
  }

  const not = present.get('not');
  if (present.has('not') && typeof not !== 'boolean') {
    report(ctx, appendPointer(path, 'not'), `"not" must be a boolean, got ${describe(not)}`);
  }

  const combinators = COMBINATOR_MEMBERS.filter((m) => present.has(m));
  const leafMembers = [members.question, members.datapoints, 'suffixes', 'min_count', 'asked'].filter((m) => present.has(m));
  if (combinators.length === 2) {
    report(ctx, path, 'a node has "and" or "or", not both');
  }
  if (combinators.length > 0 && leafMembers.length > 0) {
    report(ctx, path, `a node is either a combinator ("${combinators[0]}") or a leaf ("${leafMembers[0]}"), not both`);
  }

  let children: Expression[] | undefined;
  for (const member of combinators) {
    children = parseChildren(present.get(member), appendPointer(path, member), member, ctx);
  }
  // A mixed node already has its error; "missing question" on top of it would only add noise.
  const leaf = leafMembers.length > 0 ? parseLeafMembers(present, path, combinators.length === 0, ctx) : undefined;

  if (ctx.errors.length > errorsBefore) return undefined;
  const notPart = typeof not === 'boolean' ? { not } : {};
  if (combinators.length === 1 && children !== undefined) {
    return { kind: combinators[0], children, ...notPart };
  }
  if (leaf !== undefined) return { ...leaf, ...notPart };
  return { kind: 'all', ...notPart };
}

function parseChildren(value: unknown, path: string, member: string, ctx: Context): Expression[] | undefined {
  if (!Array.isArray(value)) {
    report(ctx, path, `"${member}" must be an array of expressions, got ${describe(value)}`);
    return undefined;
  }
  if (value.length === 0) {
    report(ctx, path, `"${member}" must not be empty`);
    return undefined;
  }
  const children: Expression[] = [];
  for (let i = 0; i < value.length; i += 1) {
    const child = parseNode(value[i], appendPointer(path, i), ctx);
    if (child !== undefined) children.push(child);
  }
  return children.length === value.length ? children : undefined;
}

interface LeafParts {
  kind: 'leaf';
  question: string;
  datapoints?: string[];
  suffixes?: SuffixCode[];
  minCount?: number;
  asked?: true;
}

function parseLeafMembers(present: Map<string, unknown>, path: string, requireQuestion: boolean, ctx: Context): LeafParts | undefined {
  const { members } = ctx;
  const question = present.get(members.question);
  if (!present.has(members.question)) {
    if (requireQuestion) report(ctx, path, `a leaf needs "${members.question}"`);
  } else if (typeof question !== 'string' || question.length === 0) {
    report(ctx, appendPointer(path, members.question), `"${members.question}" must be a non-empty string, got ${describe(question)}`);
  }

  let datapoints: string[] | undefined;
  if (present.has(members.datapoints)) {
    datapoints = parseDatapoints(present.get(members.datapoints), appendPointer(path, members.datapoints), ctx);
  }
  let suffixes: SuffixCode[] | undefined;
  if (present.has('suffixes')) {
    suffixes = parseSuffixes(present.get('suffixes'), appendPointer(path, 'suffixes'), ctx);
  }
  let minCount: number | undefined;
  if (present.has('min_count')) {
    minCount = parseMinCount(present.get('min_count'), appendPointer(path, 'min_count'), datapoints, ctx);
  }
  const asked = present.has('asked') ? parseAsked(present, path, ctx) : undefined;
  if (typeof question !== 'string' || question.length === 0) return undefined;
  return {
    kind: 'leaf',
    question,
    ...(datapoints !== undefined ? { datapoints } : {}),
    ...(suffixes !== undefined ? { suffixes } : {}),
    ...(minCount !== undefined ? { minCount } : {}),
    ...(asked !== undefined ? { asked } : {}),
  };
}

/**
 * `asked: true` selects the respondents who were asked the question, whatever they answered, so
 * it takes no answer members; `false` is refused rather than read as "not asked", which is
 * `"not": true` on the asked leaf.
 */
function parseAsked(present: Map<string, unknown>, path: string, ctx: Context): true | undefined {
  const value = present.get('asked');
  if (value !== true) {
    const hint = value === false ? ' (for the respondents who were not asked, add "not": true)' : '';
    report(ctx, appendPointer(path, 'asked'), `"asked" can only be true, got ${describe(value)}${hint}`);
    return undefined;
  }
  const answerMembers = [ctx.members.datapoints, 'suffixes', 'min_count'].filter((m) => present.has(m));
  for (const member of answerMembers) {
    report(ctx, appendPointer(path, member), `an "asked" leaf selects everyone asked the question, whatever they answered: drop "${member}"`);
  }
  return answerMembers.length === 0 ? true : undefined;
}

function parseDatapoints(value: unknown, path: string, ctx: Context): string[] | undefined {
  const name = ctx.members.datapoints;
  if (!Array.isArray(value)) {
    report(ctx, path, `"${name}" must be an array of strings, got ${describe(value)}`);
    return undefined;
  }
  const seen = new Map<string, number>();
  let ok = true;
  value.forEach((item: unknown, i) => {
    if (typeof item !== 'string' || item.length === 0) {
      report(ctx, appendPointer(path, i), `a datapoint code must be a non-empty string, got ${describe(item)}`);
      ok = false;
      return;
    }
    const first = seen.get(item);
    if (first !== undefined) {
      report(ctx, appendPointer(path, i), `datapoint "${item}" is listed twice (also at index ${first})`);
      ok = false;
      return;
    }
    seen.set(item, i);
  });
  return ok ? (value as string[]).slice() : undefined;
}

/** Suffix items: strings in the standard form, integers in the crosstab form, either in the chart form. */
function suffixItemProblem(item: unknown, form: WireForm): string | undefined {
  const isString = typeof item === 'string' && item.length > 0;
  const isInteger = typeof item === 'number' && Number.isSafeInteger(item);
  if (form === 'standard' && !isString) return `a suffix code must be a non-empty string, got ${describe(item)}`;
  if (form === 'crosstab' && !isInteger) return `a suffix code must be an integer, got ${describe(item)}`;
  if (form === 'chart' && !isString && !isInteger) {
    return `a suffix code must be a non-empty string or an integer, got ${describe(item)}`;
  }
  return undefined;
}

function parseSuffixes(value: unknown, path: string, ctx: Context): SuffixCode[] | undefined {
  if (!Array.isArray(value)) {
    report(ctx, path, `"suffixes" must be an array, got ${describe(value)}`);
    return undefined;
  }
  let ok = true;
  value.forEach((item: unknown, i) => {
    const problem = suffixItemProblem(item, ctx.form);
    if (problem !== undefined) {
      report(ctx, appendPointer(path, i), problem);
      ok = false;
    }
  });
  return ok ? (value as SuffixCode[]).slice() : undefined;
}

function parseMinCount(value: unknown, path: string, datapoints: readonly string[] | undefined, ctx: Context): number | undefined {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    report(ctx, path, `"min_count" must be an integer of at least 1, got ${typeof value === 'number' ? value : describe(value)}`);
    return undefined;
  }
  // With no datapoints listed the bound is the question's datapoint count, which only the catalogue knows.
  if (datapoints !== undefined && datapoints.length > 0 && value > datapoints.length) {
    report(ctx, path, `"min_count" is ${value} but only ${datapoints.length} ${ctx.members.datapoints} are listed`);
    return undefined;
  }
  return value;
}
