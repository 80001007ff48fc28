import { Effects, hashUnit, NO_EFFECTS } from './survey-model';
import type { QuestionKind } from '@aas/shared-contracts';

/** A datapoint with its model: base rate (multi/scale) or weight (single), trait effects, drift in logit per wave. */
export interface DpDef {
  code: string;
  name: string;
  p: number;
  fx: Effects;
  drift: number;
  midpoint: number | null;
  /** For brands: a premium brand (bought far more by high income). */
  premium?: boolean;
}

export interface SuffixDef {
  name: string;
  midpoint: number | null;
}

export type QuestionModel =
  | { type: 'gender' }
  | { type: 'age' }
  | { type: 'parent' }
  | { type: 'income' }
  /** One datapoint, drawn from softmax(log p + fx.z + drift*wave + ordinal position * slope.z). */
  | { type: 'single'; slope: Effects | null }
  /** Each datapoint independently; `none` (if set) is given when nothing else was. */
  | { type: 'multi'; none: string | null }
  /** One suffix per row on an ordered scale (suffix "1" = the top: daily, strongly agree). */
  | { type: 'scale'; tau: number[] }
  /** Rows = brands; suffix 1 aware, 2 considered (given aware), 3 used (given considered). */
  | { type: 'funnel'; consider: number; use: number }
  /** Rows = brands of the funnel question, asked only of those aware; suffixes = statements. */
  | { type: 'perception'; funnel: string }
  /** One brand among those the respondent uses in the funnel question, or `none`. */
  | { type: 'favourite'; funnel: string; none: string };

export interface QuestionDef {
  code: string;
  namespace: string;
  name: string;
  description: string;
  kind: QuestionKind;
  unit: string;
  flags: string[];
  /** Category keys (resolved to ids by the catalogue builder). */
  categories: string[];
  datasets: string[];
  datapoints: DpDef[];
  suffixes: SuffixDef[];
  model: QuestionModel;
  /** Whole-question routing: asked only of respondents who gave one of these datapoints. */
  askedIf: { question: string; datapoints: string[] } | null;
  /** Row routing for grids: row asked only of those who gave the same datapoint code in this question. */
  rowsFrom: string | null;
  /**
   * Draws from a random stream of its own instead of the respondents' shared one: a question added
   * after the demo data was fixed leaves every earlier answer as it was (each draw of the shared
   * stream would otherwise shift every later answer).
   */
  ownStream: boolean;
  knowledge_base: string;
  message: string;
  notice: string;
  warning: string;
}

export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/\+/g, ' plus')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Deterministic pseudo-random effects for bulk items: varied enough that indices spread widely. */
export function autoEffects(key: string, scale = 0.9): Effects {
  const e = (d: number) => Math.round(hashUnit(`${key}#${d}`) * scale * 100) / 100;
  return [e(0) * 1.3, e(1), e(2) * 0.8, e(3), e(4), e(5) * 0.7];
}

export function fx(age = 0, female = 0, parent = 0, income = 0, tech = 0, gamer = 0): Effects {
  return [age, female, parent, income, tech, gamer];
}

type DpInput = string | { name: string; p?: number; fx?: Effects; drift?: number; midpoint?: number; code?: string; premium?: boolean };

/** Builds datapoints; bulk entries get a base rate spread around `p` and auto effects keyed by question and code. */
export function dps(question: string, items: readonly DpInput[], p = 0.25): DpDef[] {
  return items.map((item) => {
    const d = typeof item === 'string' ? { name: item } : item;
    const code = d.code ?? slug(d.name);
    const base = d.p ?? Math.min(0.9, Math.max(0.02, p * (1 + 0.6 * hashUnit(`${question}/${code}/p`))));
    return {
      code,
      name: d.name,
      p: base,
      fx: d.fx ?? autoEffects(`${question}/${code}`),
      drift: d.drift ?? Math.round(hashUnit(`${question}/${code}/drift`) * 4) / 100,
      midpoint: d.midpoint ?? null,
      premium: d.premium,
    };
  });
}

/** Datapoints whose model is fixed by the profile (gender, age...): no effects of their own. */
export function fixedDps(items: readonly [string, string][]): DpDef[] {
  return items.map(([code, name]) => ({ code, name, p: 1, fx: NO_EFFECTS, drift: 0, midpoint: null }));
}

export function suffixes(names: readonly (string | [string, number])[]): SuffixDef[] {
  return names.map((n) => (typeof n === 'string' ? { name: n, midpoint: null } : { name: n[0], midpoint: n[1] }));
}

/** Midpoints, for averages: days a month (frequency), a five-point score (agreement). */
export const FREQUENCY = suffixes([
  ['Daily', 30],
  ['Weekly', 4.3],
  ['Monthly', 1],
  ['Less often', 0.3],
]);
export const AGREEMENT = suffixes([
  ['Strongly agree', 5],
  ['Agree', 4],
  ['Neither agree nor disagree', 3],
  ['Disagree', 2],
  ['Strongly disagree', 1],
]);
export const FUNNEL = suffixes(['Aware of', 'Would consider', 'Used or bought in the last 12 months']);
export const BRAND_STATEMENTS = suffixes([
  'Is a brand I trust',
  'Is innovative',
  'Is good value for money',
  'Is a premium brand',
  'Cares about sustainability',
]);

export interface QuestionInput {
  code: string;
  name: string;
  description: string;
  kind: QuestionKind;
  categories: string[];
  datapoints: DpDef[];
  model: QuestionModel;
  namespace?: string;
  datasets?: string[];
  unit?: string;
  flags?: string[];
  suffixes?: SuffixDef[];
  askedIf?: { question: string; datapoints: string[] };
  rowsFrom?: string;
  ownStream?: boolean;
  knowledge_base?: string;
  message?: string;
  notice?: string;
  warning?: string;
}

export function q(input: QuestionInput): QuestionDef {
  return {
    code: input.code,
    namespace: input.namespace ?? 'core',
    name: input.name,
    description: input.description,
    kind: input.kind,
    unit: input.unit ?? (input.datapoints.some((d) => d.midpoint !== null) ? 'value' : 'respondents'),
    flags: input.flags ?? [],
    categories: input.categories,
    datasets: input.datasets ?? [input.namespace ?? 'core'],
    datapoints: input.datapoints,
    suffixes: input.suffixes ?? [],
    model: input.model,
    askedIf: input.askedIf ?? null,
    rowsFrom: input.rowsFrom ?? null,
    ownStream: input.ownStream ?? false,
    knowledge_base: input.knowledge_base ?? '',
    message: input.message ?? '',
    notice: input.notice ?? '',
    warning: input.warning ?? '',
  };
}

/** A multi-select "which of these" question with bulk datapoints. */
export function multi(
  code: string,
  name: string,
  description: string,
  categories: string[],
  items: readonly DpInput[],
  p = 0.25,
  extra: Partial<QuestionInput> = {},
): QuestionDef {
  return q({
    code,
    name,
    description,
    kind: 'multi',
    categories,
    datapoints: dps(code, items, p),
    model: { type: 'multi', none: null },
    flags: ['multiple_choice'],
    ...extra,
  });
}

/** A single-choice question; `slope` makes it ordinal (numeric ranges). */
export function single(
  code: string,
  name: string,
  description: string,
  categories: string[],
  items: readonly DpInput[],
  slope: Effects | null = null,
  extra: Partial<QuestionInput> = {},
): QuestionDef {
  const datapoints = dps(code, items, 1).map((d, i) =>
    typeof items[i] === 'object' && (items[i] as { p?: number }).p !== undefined ? d : { ...d, p: 1 + 0.5 * hashUnit(`${code}/${d.code}/w`) },
  );
  return q({ code, name, description, kind: 'single', categories, datapoints, model: { type: 'single', slope }, flags: ['single_choice'], ...extra });
}

/** A statement x agreement-level grid. */
export function agreementGrid(
  code: string,
  name: string,
  description: string,
  categories: string[],
  statements: readonly DpInput[],
  extra: Partial<QuestionInput> = {},
): QuestionDef {
  return q({
    code,
    name,
    description,
    kind: 'grid_single',
    categories,
    datapoints: dps(code, statements, 0.45),
    suffixes: AGREEMENT,
    model: { type: 'scale', tau: [-2.2, -0.4, 0.9, 2.4] },
    flags: ['grid', 'agreement_scale'],
    ...extra,
  });
}
