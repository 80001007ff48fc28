import Ajv from 'ajv';
import { parse as parseYaml } from 'yaml';
import { attributeDictionaryFromList, type Attribute, type AttributeDictionary } from '@aas/respondent-store-domain';
import { type Category, type Dataset, type Question } from '@aas/shared-contracts';
import schema from './survey-mapping.schema.json';
import { isUserMissing, valueKey, type SurveyFileMetadata, type SurveyValue, type SurveyVariable } from './survey-file.types';
import type { ImportIssue } from './import-issues';
import type { SurveyMapping } from './survey-mapping.types';
import { buildQuestion, withAliases, type BuiltQuestion, type VariableRule } from './mapping-questions';
import { wordKey } from './mapping-labels';
import { locationResolver, waveResolver, type ImportedLocation, type MappedWave } from './mapping-resolvers';
import { didYouMean, variableFinder } from './variable-names';

export type { VariableRule } from './mapping-questions';
export type { ImportedLocation, MappedWave } from './mapping-resolvers';
export { quarterWave } from './mapping-resolvers';
export { commonLabelPrefix, defaultCode, slug, shortLabel } from './mapping-labels';

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

/** Messages said in words where ajv's would quote a pattern. */
const PLAIN_MESSAGES: Record<string, string> = {
  '#/definitions/aliases/items/pattern': 'must hold a letter or a digit (an alias is words people use)',
};

/** Checks parsed data against the mapping schema; throws MappingError listing every problem. */
export function validateMapping(data: unknown): SurveyMapping {
  if (validateSchema(data)) return data;
  const problems = (validateSchema.errors ?? [])
    // if/then branches report a failing "if" for every kind that does not apply: noise.
    .filter((e) => e.keyword !== 'if')
    .map((e) => ({ path: e.instancePath, message: PLAIN_MESSAGES[e.schemaPath] ?? e.message ?? e.keyword }));
  throw new MappingError(problems);
}

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
  /** Variables of the file the mapping lists under `ignore` (as the file spells them). */
  ignored: string[];
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
  const findVariable = variableFinder(metadata.variables);
  const used = new Map<string, string>();
  const variable = (name: string, role: string): SurveyVariable | null => {
    const v = findVariable(name);
    if (!v) {
      problem(name, `${role}: the file has no variable ${name}${didYouMean(name, metadata.variables)}`);
      return null;
    }
    const before = used.get(v.name);
    if (before !== undefined) problem(v.name, `${role}: variable ${v.name} is already used by ${before}`);
    used.set(v.name, role);
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
  const questionAliases = new Map<string, string>();
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
    checkAliases(where, built.datapoints, problem);
    for (const alias of q.aliases ?? []) {
      const other = questionAliases.get(wordKey(alias));
      if (other !== undefined && other !== q.code) problem(null, `${where}: alias ${JSON.stringify(alias)} is also an alias of question ${other}`);
      questionAliases.set(wordKey(alias), q.code);
    }
    questions.push({
      code: q.code,
      namespace_code: namespace,
      name: q.name ?? built.defaultName,
      description: q.description ?? built.defaultDescription,
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
      ...withAliases(q.aliases),
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
    if (rule.kind === 'bands') {
      return { ...rule, question, bands: (bands ?? []).map((b) => ({ min: b.min, max: b.max, attribute: idOf(question, b.datapoint, null) })) };
    }
    const map = new Map<string, number>();
    for (const k of keys) map.set(k.key, k.datapoint === '' ? -1 : idOf(question, k.datapoint, k.suffix));
    return { ...rule, question, map };
  });

  const waveMap = waveResolver(mapping, waveVar, problem);
  const locationMap = locationResolver(mapping, locationVar, problem);
  for (const p of mapping.populations ?? []) {
    if (mapping.location.values && !mapping.location.values.some((l) => l.code === p.location)) problem(null, `populations: unknown location ${p.location}`);
    if (mapping.wave.values && !mapping.wave.values.some((w) => w.code === p.wave)) problem(null, `populations: unknown wave ${p.wave}`);
  }

  const ignored = new Set<string>();
  for (const name of mapping.ignore ?? []) {
    const v = findVariable(name);
    if (v) ignored.add(v.name);
    else problem(name, `ignore: the file has no variable ${name}${didYouMean(name, metadata.variables)}`);
  }
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
      ignored: [...ignored],
      populations: mapping.populations,
    },
    issues,
  };
}

/**
 * A datapoint's alias must name it alone: one that is also the name or an alias of another answer
 * of the same question would leave the assistant unable to tell which is meant.
 */
function checkAliases(
  where: string,
  datapoints: readonly { code: string; name: string; aliases?: string[] }[],
  problem: (variable: string | null, message: string) => void,
): void {
  const named = new Map<string, string>();
  for (const dp of datapoints) named.set(wordKey(dp.name), dp.code);
  const aliased = new Map<string, string>();
  for (const dp of datapoints) {
    for (const alias of dp.aliases ?? []) {
      const key = wordKey(alias);
      const byName = named.get(key);
      const byAlias = aliased.get(key);
      if (byName !== undefined && byName !== dp.code)
        problem(null, `${where}: alias ${JSON.stringify(alias)} of datapoint ${dp.code} is the name of datapoint ${byName}: give it to one answer only`);
      else if (byAlias !== undefined && byAlias !== dp.code)
        problem(null, `${where}: alias ${JSON.stringify(alias)} of datapoint ${dp.code} is also an alias of datapoint ${byAlias}: give it to one answer only`);
      aliased.set(key, dp.code);
    }
  }
}
