import type { Question } from '@aas/shared-contracts';
import { isUserMissing, valueKey, type SurveyVariable } from './survey-file.types';
import { commonLabelPrefix, defaultCode, labelledValues, shortLabel } from './mapping-labels';
import type { DatapointMapping, FileValue, QuestionMapping } from './survey-mapping.types';

/** How one file variable turns into attribute ids. */
export type VariableRule =
  | {
      kind: 'lookup';
      /** The question (code) the variable answers. */
      question: string;
      variable: SurveyVariable;
      /** value key -> attribute id; -1 = a known value that is no answer (a multi's "not selected"). */
      map: Map<string, number>;
      missing: Set<string>;
    }
  | {
      kind: 'bands';
      question: string;
      variable: SurveyVariable;
      bands: { min: number; max: number; attribute: number }[];
      missing: Set<string>;
    };

type UnresolvedRule = { kind: 'lookup'; variable: SurveyVariable; missing: Set<string> } | { kind: 'bands'; variable: SurveyVariable; missing: Set<string> };

/** A question of the mapping checked against the file: its catalogue parts and how each of its variables reads. */
export interface BuiltQuestion {
  kind: Question['kind'];
  defaultName: string;
  /** The whole variable label when the default name had to be cut from it. */
  defaultDescription: string;
  datapoints: Question['datapoints'];
  suffixes: Question['suffixes'];
  /** keys: value key -> (datapoint code, suffix); datapoint '' = known value, no answer. */
  rules: {
    rule: UnresolvedRule;
    keys: { key: string; datapoint: string; suffix: string | null }[];
    bands?: { min: number; max: number; datapoint: string }[];
  }[];
}

type Problem = (variable: string | null, message: string) => void;

/** A datapoint's aliases as the catalogue keeps them (left out when there are none). */
export const withAliases = (aliases: readonly string[] | undefined): { aliases?: string[] } =>
  aliases && aliases.length > 0 ? { aliases: aliases.map((a) => a.trim().replace(/\s+/g, ' ')) } : {};
type VariableOf = (name: string, role: string) => SurveyVariable | null;

/** A name from a variable label (cut at a word when it is a whole question text) and the description that keeps it whole. */
function named(label: string, fallback: string): { defaultName: string; defaultDescription: string } {
  const { name, cut } = shortLabel(label);
  return { defaultName: name || fallback, defaultDescription: cut ? label.trim() : '' };
}

/**
 * A datapoint for a value the file declares missing (MISSING VALUES) or the mapping lists in
 * `missing` would never be given: such answers are no answer. Refused, saying so.
 */
function refuseMissingDatapoints(v: SurveyVariable, datapoints: readonly DatapointMapping[], missing: Set<string>, where: string, problem: Problem): void {
  for (const d of datapoints) {
    const declared = isUserMissing(v, d.value);
    if (!declared && !missing.has(valueKey(d.value))) continue;
    problem(
      v.name,
      `${where}: datapoint ${d.code} is value ${JSON.stringify(d.value)}, which ${declared ? `the file declares missing for ${v.name} (MISSING VALUES)` : 'the mapping lists as missing'}: ` +
        'a missing answer is no answer, so the datapoint would always be empty. Leave it out (those respondents still count as asked the question)',
    );
  }
}

/** Checks one question of the mapping against the file; null (with problems reported) when it cannot be built. */
export function buildQuestion(q: QuestionMapping, variable: VariableOf, problem: Problem): BuiltQuestion | null {
  const where = `question ${q.code}`;
  const missingKeys = (values: FileValue[] | undefined): Set<string> => new Set((values ?? []).map(valueKey));
  if (q.kind === 'single' || q.kind === 'category_set') return buildCoded(q, variable, problem, missingKeys(q.missing));
  if (q.kind === 'multi') return buildMulti(q, variable);
  if (q.kind === 'grid') {
    const vars = q.rows.map((r) => variable(r.variable, where));
    if (vars.some((v) => v === null)) return null;
    const rowVars = vars as SurveyVariable[];
    const missing = missingKeys(q.missing);
    const scale = q.scale ?? labelledValues(rowVars[0], missing).map((l) => ({ value: l.value, name: l.label, midpoint: null }));
    if (scale.length === 0) {
      problem(rowVars[0].name, `${where}: variable ${rowVars[0].name} has no value labels: list the scale in the mapping`);
      return null;
    }
    refuseMissingDatapoints(
      rowVars[0],
      scale.map((s, i) => ({ value: s.value, code: `scale point ${i + 1}` })),
      missing,
      where,
      problem,
    );
    const labels = rowVars.map((v) => v.label);
    const prefix = commonLabelPrefix(labels);
    return {
      kind: 'grid_single',
      ...named(prefix.replace(/[\s:\-–]+$/, ''), q.code),
      datapoints: q.rows.map((r, i) => ({
        code: r.code,
        name: r.name ?? (labels[i].slice(prefix.length).trim() || r.variable),
        order: i + 1,
        midpoint: null,
        ...withAliases(r.aliases),
      })),
      suffixes: scale.map((s, i) => ({ code: String(i + 1), name: s.name, order: i + 1, midpoint: s.midpoint ?? null })),
      rules: rowVars.map((v, r) => ({
        rule: { kind: 'lookup', variable: v, missing },
        keys: scale.map((s, i) => ({ key: valueKey(s.value), datapoint: q.rows[r].code, suffix: String(i + 1) })),
      })),
    };
  }
  const v = variable(q.variable, where);
  if (!v) return null;
  if (q.bands.length === 0) {
    problem(
      v.name,
      `${where}: numeric variable ${v.name} has no bands: define them (code, name, min and/or max, midpoint; min <= x < max), or move ${v.name} to "ignore"`,
    );
    return null;
  }
  const bands = q.bands.map((b) => ({ min: b.min ?? -Infinity, max: b.max ?? Infinity, datapoint: b.code }));
  for (let i = 0; i < bands.length; i++) {
    if (!(bands[i].min < bands[i].max)) problem(v.name, `${where}: band ${bands[i].datapoint} is empty (min >= max)`);
    for (let j = 0; j < i; j++) {
      if (bands[i].min < bands[j].max && bands[j].min < bands[i].max)
        problem(v.name, `${where}: bands ${bands[j].datapoint} and ${bands[i].datapoint} overlap`);
    }
  }
  return {
    kind: 'single',
    ...named(v.label, q.code),
    datapoints: q.bands.map((b, i) => ({ code: b.code, name: b.name, order: i + 1, midpoint: b.midpoint, ...withAliases(b.aliases) })),
    suffixes: [],
    rules: [{ rule: { kind: 'bands', variable: v, missing: missingKeys(q.missing) }, keys: [], bands }],
  };
}

/** A single (one variable) or a category set (several variables on one code list): each value is a datapoint. */
function buildCoded(
  q: QuestionMapping & { kind: 'single' | 'category_set' },
  variable: VariableOf,
  problem: Problem,
  missing: Set<string>,
): BuiltQuestion | null {
  const where = `question ${q.code}`;
  const names = q.kind === 'single' ? [q.variable] : q.variables;
  const vars = names.map((n) => variable(n, where));
  if (vars.some((v) => v === null)) return null;
  const members = vars as SurveyVariable[];
  const first = members[0];
  const dps: DatapointMapping[] =
    q.datapoints ?? labelledValues(first, missing).map((l, i, all) => ({ value: l.value, code: defaultCode(l.label, l.value, i, all), name: l.label }));
  if (dps.length === 0) {
    problem(first.name, `${where}: variable ${first.name} has no value labels: list its datapoints in the mapping`);
    return null;
  }
  for (const v of members) refuseMissingDatapoints(v, dps, missing, where, problem);
  const labelOf = new Map(first.valueLabels.map((l) => [valueKey(l.value), l.label]));
  const label = q.kind === 'single' ? first.label : commonLabelPrefix(members.map((v) => v.label)).replace(/[\s:\-–(]+$/, '') || first.label;
  return {
    kind: q.kind === 'single' ? 'single' : 'multi',
    ...named(label, q.code),
    datapoints: dps.map((d, i) => ({
      code: d.code,
      name: d.name ?? labelOf.get(valueKey(d.value)) ?? String(d.value),
      order: i + 1,
      midpoint: d.midpoint ?? null,
      ...withAliases(d.aliases),
    })),
    suffixes: [],
    rules: members.map((v) => ({
      rule: { kind: 'lookup', variable: v, missing },
      keys: dps.map((d) => ({ key: valueKey(d.value), datapoint: d.code, suffix: null })),
    })),
  };
}

function buildMulti(q: QuestionMapping & { kind: 'multi' }, variable: VariableOf): BuiltQuestion | null {
  const where = `question ${q.code}`;
  const selected = valueKey(q.selected ?? 1);
  const vars = q.options.map((o) => variable(o.variable, where));
  if (vars.some((v) => v === null)) return null;
  const labels = (vars as SurveyVariable[]).map((v) => v.label);
  const prefix = commonLabelPrefix(labels);
  return {
    kind: 'multi',
    ...named(prefix.replace(/[\s:\-–]+$/, ''), q.code),
    datapoints: q.options.map((o, i) => ({
      code: o.code,
      name: o.name ?? (labels[i].slice(prefix.length).trim() || o.variable),
      order: i + 1,
      midpoint: null,
      ...withAliases(o.aliases),
    })),
    suffixes: [],
    rules: (vars as SurveyVariable[]).map((v, i) => ({
      rule: { kind: 'lookup', variable: v, missing: new Set<string>() },
      // Labelled values and 0 are known answers meaning "not selected"; the selected value is set last, so it wins.
      keys: [
        ...v.valueLabels.map((l) => ({ key: valueKey(l.value), datapoint: '', suffix: null })),
        { key: '0', datapoint: '', suffix: null },
        { key: selected, datapoint: q.options[i].code, suffix: null },
      ],
    })),
  };
}
