import Ajv from 'ajv';
import { parse as parseYaml } from 'yaml';
import { attributeDictionaryFromList, type Attribute, type AttributeDictionary } from '@aas/respondent-store';
import { type Category, type Dataset, type Question, type Wave as CatalogueWave } from '@aas/contracts';

/** A wave as the mapping defines it: the catalogue's wave and its position in time (0 = oldest). */
export type MappedWave = CatalogueWave & { order: number };
import schema from './survey-mapping.schema.json';
import { isUserMissing, valueKey, type SurveyFileMetadata, type SurveyValue, type SurveyVariable } from './survey-file.types';
import type { ImportIssue } from './import-issues';
import type { FileValue, QuestionMapping, SurveyMapping } from './survey-mapping.types';

/** A location of the imported dataset (the catalogue's `locations` row). */
export interface ImportedLocation {
  code: string;
  name: string;
  region: string;
}

export class MappingError extends Error {
  constructor(readonly problems: { path: string; message: string }[]) {
    super(`the mapping is not valid: ${problems.map((p) => `${p.path || '/'} ${p.message}`).join('; ')}`);
  }
}

const ajv = new Ajv({ allErrors: true, strict: false });
const validateSchema = ajv.compile<SurveyMapping>(schema);

/**
 * Reads a mapping file (JSON, or YAML when `format` says so or the text does not start with `{`)
 * and checks it against the schema; throws MappingError listing every problem with its JSON pointer.
 */
export function parseMapping(text: string, format?: 'json' | 'yaml'): SurveyMapping {
  const asJson = format === 'json' || (format === undefined && text.trimStart().startsWith('{'));
  let data: unknown;
  try {
    data = asJson ? JSON.parse(text) : parseYaml(text);
  } catch (e) {
    throw new MappingError([{ path: '', message: `cannot be parsed as ${asJson ? 'JSON' : 'YAML'}: ${(e as Error).message}` }]);
  }
  return validateMapping(data);
}

/** Checks parsed data against the mapping schema; throws MappingError listing every problem. */
export function validateMapping(data: unknown): SurveyMapping {
  if (validateSchema(data)) return data;
  const problems = (validateSchema.errors ?? [])
    // if/then branches report a failing "if" for every kind that does not apply: noise.
    .filter((e) => e.keyword !== 'if')
    .map((e) => ({ path: e.instancePath, message: e.message ?? e.keyword }));
  throw new MappingError(problems);
}

/** How one file variable turns into attribute ids. */
export type VariableRule =
  | {
      kind: 'lookup';
      variable: SurveyVariable;
      /** value key -> attribute id; -1 = a known value that is no answer (a multi's "not selected"). */
      map: Map<string, number>;
      missing: Set<string>;
    }
  | {
      kind: 'bands';
      variable: SurveyVariable;
      bands: { min: number; max: number; attribute: number }[];
      missing: Set<string>;
    };

/** A mapping checked against a file: the catalogue rows it defines and how to read each row. */
export interface CompiledMapping {
  dataset: Dataset;
  categories: Category[];
  questions: Question[];
  dictionary: AttributeDictionary;
  respondentId: SurveyVariable;
  weight: SurveyVariable;
  wave: SurveyVariable;
  location: SurveyVariable;
  /** The wave of a file value (null when the mapping has none for it). */
  waveOf(value: SurveyValue): MappedWave | null;
  /** The location of a file value (null when the mapping has none for it). */
  locationOf(value: SurveyValue): ImportedLocation | null;
  /** Waves and locations the mapping lists, or (for rules) those met so far. */
  waves(): MappedWave[];
  locations(): ImportedLocation[];
  rules: VariableRule[];
  /** Variables of the file the mapping neither uses nor ignores. */
  unmapped: string[];
  populations: SurveyMapping['populations'];
}

/** Whether a value counts as no answer for a rule (null, the file's user-missing values, the mapping's `missing`). */
export function isNoAnswer(rule: VariableRule, value: SurveyValue): boolean {
  if (value === null) return true;
  if (isUserMissing(rule.variable, value)) return true;
  return rule.missing.size > 0 && rule.missing.has(valueKey(value));
}

/**
 * Checks a mapping against a file's metadata and compiles it. Problems (unknown variables,
 * duplicate codes, a single without value labels or datapoints, ...) come back as error issues;
 * the compiled mapping is null when there is any.
 */
export function compileMapping(mapping: SurveyMapping, metadata: SurveyFileMetadata): { compiled: CompiledMapping | null; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const problem = (variable: string | null, message: string): void => {
    issues.push({ severity: 'error', code: 'mapping-invalid', variable, message, count: 0, rows: [] });
  };
  const byName = new Map(metadata.variables.map((v) => [v.name, v]));
  const used = new Map<string, string>();
  const variable = (name: string, role: string): SurveyVariable | null => {
    const v = byName.get(name);
    if (!v) {
      problem(name, `${role}: the file has no variable ${name}`);
      return null;
    }
    const before = used.get(name);
    if (before !== undefined) problem(name, `${role}: variable ${name} is already used by ${before}`);
    used.set(name, role);
    return v;
  };

  const namespace = mapping.dataset.namespace ?? mapping.dataset.code;
  const dataset: Dataset = {
    code: mapping.dataset.code,
    name: mapping.dataset.name,
    description: mapping.dataset.description ?? '',
    base_namespace_code: namespace,
    depth: 0,
    order: 1,
    is_syndicated: false,
  };
  const categoryDefs = mapping.categories && mapping.categories.length > 0 ? mapping.categories : [{ code: mapping.dataset.code, name: mapping.dataset.name }];
  const categoryId = new Map<string, number>();
  categoryDefs.forEach((c, i) => {
    if (categoryId.has(c.code)) problem(null, `category ${c.code} is listed twice`);
    categoryId.set(c.code, i + 1);
  });
  const categories: Category[] = categoryDefs.map((c, i) => {
    const parentId = 'parent' in c && c.parent !== undefined ? categoryId.get(c.parent) : undefined;
    if ('parent' in c && c.parent !== undefined && parentId === undefined) problem(null, `category ${c.code}: unknown parent ${c.parent}`);
    return {
      id: i + 1,
      dataset_code: dataset.code,
      name: c.name,
      description: ('description' in c ? c.description : undefined) ?? '',
      order: i + 1,
      parent_id: parentId ?? null,
    };
  });

  const respondentId = variable(mapping.respondentId, 'respondentId');
  const weight = variable(mapping.weight, 'weight');
  const waveVar = variable(mapping.wave.variable, 'wave');
  const locationVar = variable(mapping.location.variable, 'location');
  if (weight && weight.type !== 'numeric' && metadata.format === 'sav') problem(weight.name, 'the weight variable must be numeric');

  const questions: Question[] = [];
  const attributes: Attribute[] = [];
  const pendingRules: (BuiltQuestion['rules'][number] & { question: string })[] = [];
  const questionCodes = new Set<string>();
  for (const [qi, q] of mapping.questions.entries()) {
    const where = `question ${q.code}`;
    if (questionCodes.has(q.code)) problem(null, `${where} is listed twice`);
    questionCodes.add(q.code);
    const category = q.category ?? categoryDefs[0].code;
    const catId = categoryId.get(category);
    if (catId === undefined) problem(null, `${where}: unknown category ${category}`);
    const built = buildQuestion(q, variable, problem);
    if (!built) continue;
    const dpCodes = new Set<string>();
    for (const dp of built.datapoints) {
      if (dpCodes.has(dp.code)) problem(null, `${where}: datapoint ${dp.code} is listed twice`);
      dpCodes.add(dp.code);
    }
    questions.push({
      code: q.code,
      namespace_code: namespace,
      name: q.name ?? built.defaultName,
      description: q.description ?? '',
      kind: built.kind,
      unit: q.kind === 'numeric' ? (q.unit ?? '') : '',
      flags: [],
      order: qi + 1,
      knowledge_base: '',
      message: '',
      notice: '',
      warning: '',
      category_ids: catId === undefined ? [] : [catId],
      dataset_codes: [dataset.code],
      attribute_count: built.datapoints.length * Math.max(1, built.suffixes.length),
      datapoints: built.datapoints,
      suffixes: built.suffixes,
    });
    for (const dp of built.datapoints) {
      for (const s of built.suffixes.length > 0 ? built.suffixes.map((x) => x.code) : [null])
        attributes.push({ question: q.code, datapoint: dp.code, suffix: s });
    }
    for (const r of built.rules) pendingRules.push({ question: q.code, ...r });
  }

  const dictionary = attributeDictionaryFromList(dataset.code, attributes);
  const idOf = (question: string, datapoint: string, suffix: string | null): number => dictionary.idOf(question, datapoint, suffix) ?? -1;
  const rules: VariableRule[] = pendingRules.map(({ question, rule, keys, bands }) => {
    if (rule.kind === 'bands') return { ...rule, bands: (bands ?? []).map((b) => ({ min: b.min, max: b.max, attribute: idOf(question, b.datapoint, null) })) };
    const map = new Map<string, number>();
    for (const k of keys) map.set(k.key, k.datapoint === '' ? -1 : idOf(question, k.datapoint, k.suffix));
    return { ...rule, map };
  });

  const waveMap = waveResolver(mapping, waveVar, problem);
  const locationMap = locationResolver(mapping, locationVar, problem);
  for (const p of mapping.populations ?? []) {
    if (mapping.location.values && !mapping.location.values.some((l) => l.code === p.location)) problem(null, `populations: unknown location ${p.location}`);
    if (mapping.wave.values && !mapping.wave.values.some((w) => w.code === p.wave)) problem(null, `populations: unknown wave ${p.wave}`);
  }

  const ignored = new Set(mapping.ignore ?? []);
  for (const name of ignored) if (!byName.has(name)) problem(name, `ignore: the file has no variable ${name}`);
  const unmapped = metadata.variables.filter((v) => !used.has(v.name) && !ignored.has(v.name)).map((v) => v.name);
  if (issues.length > 0 || !respondentId || !weight || !waveVar || !locationVar) return { compiled: null, issues };
  return {
    compiled: {
      dataset,
      categories,
      questions,
      dictionary,
      respondentId,
      weight,
      wave: waveVar,
      location: locationVar,
      waveOf: waveMap.of,
      locationOf: locationMap.of,
      waves: waveMap.all,
      locations: locationMap.all,
      rules,
      unmapped,
      populations: mapping.populations,
    },
    issues,
  };
}

interface BuiltQuestion {
  kind: Question['kind'];
  defaultName: string;
  datapoints: Question['datapoints'];
  suffixes: Question['suffixes'];
  /** keys: value key -> (datapoint code, suffix); datapoint '' = known value, no answer. */
  rules: { rule: VariableRule; keys: { key: string; datapoint: string; suffix: string | null }[]; bands?: { min: number; max: number; datapoint: string }[] }[];
}

function buildQuestion(
  q: QuestionMapping,
  variable: (name: string, role: string) => SurveyVariable | null,
  problem: (variable: string | null, message: string) => void,
): BuiltQuestion | null {
  const where = `question ${q.code}`;
  const missingKeys = (values: FileValue[] | undefined): Set<string> => new Set((values ?? []).map(valueKey));
  if (q.kind === 'single') {
    const v = variable(q.variable, where);
    if (!v) return null;
    const missing = missingKeys(q.missing);
    const dps = q.datapoints ?? labelledValues(v, missing).map((l, i, all) => ({ value: l.value, code: defaultCode(l.label, l.value, i, all), name: l.label }));
    if (dps.length === 0) {
      problem(v.name, `${where}: variable ${v.name} has no value labels: list its datapoints in the mapping`);
      return null;
    }
    const labelOf = new Map(v.valueLabels.map((l) => [valueKey(l.value), l.label]));
    return {
      kind: 'single',
      defaultName: v.label || q.code,
      datapoints: dps.map((d, i) => ({ code: d.code, name: d.name ?? labelOf.get(valueKey(d.value)) ?? String(d.value), order: i + 1, midpoint: null })),
      suffixes: [],
      rules: [
        { rule: { kind: 'lookup', variable: v, map: new Map(), missing }, keys: dps.map((d) => ({ key: valueKey(d.value), datapoint: d.code, suffix: null })) },
      ],
    };
  }
  if (q.kind === 'multi') {
    const selected = valueKey(q.selected ?? 1);
    const vars = q.options.map((o) => variable(o.variable, where));
    if (vars.some((v) => v === null)) return null;
    const labels = (vars as SurveyVariable[]).map((v) => v.label);
    const prefix = commonLabelPrefix(labels);
    return {
      kind: 'multi',
      defaultName: prefix.replace(/[\s:\-–]+$/, '') || q.code,
      datapoints: q.options.map((o, i) => ({
        code: o.code,
        name: o.name ?? (labels[i].slice(prefix.length).trim() || o.variable),
        order: i + 1,
        midpoint: null,
      })),
      suffixes: [],
      rules: (vars as SurveyVariable[]).map((v, i) => ({
        rule: { kind: 'lookup', variable: v, map: new Map(), missing: new Set<string>() },
        // Labelled values and 0 are known answers meaning "not selected"; the selected value is set last, so it wins.
        keys: [
          ...v.valueLabels.map((l) => ({ key: valueKey(l.value), datapoint: '', suffix: null })),
          { key: '0', datapoint: '', suffix: null },
          { key: selected, datapoint: q.options[i].code, suffix: null },
        ],
      })),
    };
  }
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
    const labels = rowVars.map((v) => v.label);
    const prefix = commonLabelPrefix(labels);
    return {
      kind: 'grid_single',
      defaultName: prefix.replace(/[\s:\-–]+$/, '') || q.code,
      datapoints: q.rows.map((r, i) => ({ code: r.code, name: r.name ?? (labels[i].slice(prefix.length).trim() || r.variable), order: i + 1, midpoint: null })),
      suffixes: scale.map((s, i) => ({ code: String(i + 1), name: s.name, order: i + 1, midpoint: s.midpoint ?? null })),
      rules: rowVars.map((v, r) => ({
        rule: { kind: 'lookup', variable: v, map: new Map(), missing },
        keys: scale.map((s, i) => ({ key: valueKey(s.value), datapoint: q.rows[r].code, suffix: String(i + 1) })),
      })),
    };
  }
  const v = variable(q.variable, where);
  if (!v) return null;
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
    defaultName: v.label || q.code,
    datapoints: q.bands.map((b, i) => ({ code: b.code, name: b.name, order: i + 1, midpoint: b.midpoint })),
    suffixes: [],
    rules: [{ rule: { kind: 'bands', variable: v, bands: [], missing: missingKeys(q.missing) }, keys: [], bands }],
  };
}

/** Value labels of a variable that are not (user-)missing values. */
function labelledValues(v: SurveyVariable, missing: Set<string>): { value: FileValue; label: string }[] {
  return v.valueLabels.filter((l) => !isUserMissing(v, l.value) && !missing.has(valueKey(l.value)));
}

/** A datapoint code from a label: its slug, or `v<value>` when the slug is empty or taken. */
export function defaultCode(label: string, value: FileValue, index: number, all: { label: string; value: FileValue }[]): string {
  const s = slug(label);
  const clash = all.some((other, j) => j !== index && slug(other.label) === s);
  if (s !== '' && !clash) return s;
  return `v${slug(String(value)).replace(/^-/, 'minus_') || index + 1}`.replace(/-/g, 'minus_');
}

export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\+/g, ' plus')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The longest common prefix of labels, cut back to a word boundary ("How often: TV" / "How often: Radio" -> "How often: "). */
export function commonLabelPrefix(labels: string[]): string {
  if (labels.length < 2 || labels.some((l) => l === '')) return '';
  let prefix = labels[0];
  for (const l of labels) while (!l.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const cut = Math.max(prefix.lastIndexOf(' '), prefix.lastIndexOf(':') + 1);
  return prefix.length === labels[0].length ? '' : prefix.slice(0, cut + 1 > 0 ? cut + 1 : 0);
}

const QUARTER = /^\s*(?:q([1-4])\D*(\d{4})|(\d{4})\D*q([1-4]))\s*$/i;

/** A quarter wave from text such as "Q1 2025", "2025 Q1", "2025-Q1"; null when it reads as none. */
export function quarterWave(text: string): MappedWave | null {
  const m = QUARTER.exec(text);
  if (!m) return null;
  const quarter = Number(m[1] ?? m[4]);
  const year = Number(m[2] ?? m[3]);
  const startMonth = (quarter - 1) * 3 + 1;
  const endMonth = startMonth + 2;
  const lastDay = new Date(Date.UTC(year, endMonth, 0)).getUTCDate();
  const mm = (n: number): string => String(n).padStart(2, '0');
  return {
    code: `q${quarter}_${year}`,
    name: `Q${quarter} ${year}`,
    kind: 'quarter',
    start_date: `${year}-${mm(startMonth)}-01`,
    end_date: `${year}-${mm(endMonth)}-${mm(lastDay)}`,
    order: year * 4 + quarter,
  };
}

function labelOf(v: SurveyVariable | null, value: number | string): string | undefined {
  const key = valueKey(value);
  return v?.valueLabels.find((l) => valueKey(l.value) === key)?.label;
}

function waveResolver(
  mapping: SurveyMapping,
  v: SurveyVariable | null,
  problem: (variable: string | null, message: string) => void,
): { of: (value: SurveyValue) => MappedWave | null; all: () => MappedWave[] } {
  const byKey = new Map<string, MappedWave>();
  if (mapping.wave.values) {
    const codes = new Set<string>();
    mapping.wave.values.forEach((w, i) => {
      if (codes.has(w.code)) problem(null, `wave ${w.code} is listed twice`);
      codes.add(w.code);
      if (w.start_date > w.end_date) problem(null, `wave ${w.code} ends before it starts`);
      byKey.set(valueKey(w.value), { code: w.code, name: w.name, kind: 'quarter', start_date: w.start_date, end_date: w.end_date, order: i + 1 });
    });
    return { of: (value) => (value === null ? null : (byKey.get(valueKey(value)) ?? null)), all: () => [...byKey.values()] };
  }
  const met = new Map<string, MappedWave>();
  const cache = new Map<string, MappedWave | null>();
  return {
    of: (value) => {
      if (value === null) return null;
      const key = valueKey(value);
      let wave = cache.get(key);
      if (wave === undefined) {
        wave = quarterWave(labelOf(v, value) ?? String(value));
        cache.set(key, wave);
        if (wave) met.set(wave.code, wave);
      }
      return wave;
    },
    all: () => [...met.values()].sort((a, b) => a.order - b.order).map((w, i) => ({ ...w, order: i + 1 })),
  };
}

function locationResolver(
  mapping: SurveyMapping,
  v: SurveyVariable | null,
  problem: (variable: string | null, message: string) => void,
): { of: (value: SurveyValue) => ImportedLocation | null; all: () => ImportedLocation[] } {
  if (mapping.location.values) {
    const byKey = new Map<string, ImportedLocation>();
    const codes = new Set<string>();
    for (const l of mapping.location.values) {
      if (codes.has(l.code)) problem(null, `location ${l.code} is listed twice`);
      codes.add(l.code);
      byKey.set(valueKey(l.value), { code: l.code, name: l.name, region: l.region ?? '' });
    }
    return { of: (value) => (value === null ? null : (byKey.get(valueKey(value)) ?? null)), all: () => [...byKey.values()] };
  }
  const met = new Map<string, ImportedLocation>();
  return {
    of: (value) => {
      if (value === null) return null;
      const code = slug(String(value));
      if (code === '') return null;
      let location = met.get(code);
      if (!location) {
        location = { code, name: labelOf(v, value) ?? String(value), region: '' };
        met.set(code, location);
      }
      return location;
    },
    all: () => [...met.values()],
  };
}
