import {
  ExpressionError,
  parseChartExpression,
  printStandardExpression,
  StandardWire,
  toStandardForm,
  validateAgainstCatalogue,
} from '@aas/audience-expression';
import { CatalogueQuestionInfo, OrganisationCatalogue, ProblemFieldError } from '@aas/contracts';
import { AUDIENCE_ERRORS, AudienceErrorType, STAT_ERRORS, StatErrorType } from './chart-codes';
import { ChartAttributeInput, ChartAudienceInput, ChartDefinition } from './chart-definition';

export interface StatError {
  code: number;
  error_type: StatErrorType;
  error: string;
}

export interface AudienceError {
  audience: string;
  code: number;
  error_type: AudienceErrorType;
  error: string;
}

export interface PreparedAttribute {
  /** Position in the chart's `attributes`. */
  index: number;
  input: ChartAttributeInput;
  question?: CatalogueQuestionInfo;
  /** The datapoint as a leaf expression (standard wire form), when the attribute resolved. */
  wire?: StandardWire;
  /** The dataset whose respondents the stat is computed over (the question's namespace dataset). */
  dataset?: string;
  error?: StatError;
}

export interface PreparedAudience {
  id: string;
  name: string;
  wire: StandardWire;
  /** Questions the expression names (for compatibility flags). */
  questions: CatalogueQuestionInfo[];
}

/** One engine query: the attributes of one dataset x every good audience. */
export interface DatasetGroup {
  dataset: string;
  attributes: number[];
}

export interface PreparedChart {
  waves: string[];
  locations: string[];
  base?: PreparedAudience;
  baseError?: string;
  audiences: PreparedAudience[];
  audienceErrors: AudienceError[];
  attributes: PreparedAttribute[];
  groups: DatasetGroup[];
}

export type PrepareOutcome = { ok: true; value: PreparedChart } | { ok: false; status: 400 | 403; detail: string; errors: ProblemFieldError[] };

function describe(errors: readonly ExpressionError[]): string {
  return errors.map((e) => `${e.path || '/'}: ${e.message}`).join('; ');
}

/** Parses and checks an audience; an error says why it cannot be computed (never throws). */
export function checkAudience(
  audience: ChartAudienceInput,
  catalogue: OrganisationCatalogue,
): { ok: true; value: PreparedAudience } | { ok: false; error: AudienceError } {
  const parsed = parseChartExpression(audience.expression);
  const fail = (type: AudienceErrorType, detail: string) => ({
    ok: false as const,
    error: { audience: audience.id, code: AUDIENCE_ERRORS[type], error_type: type, error: `Audience "${audience.id}" cannot be calculated: ${detail}` },
  });
  if (!parsed.ok) return fail('invalid_audience', describe(parsed.errors));
  const checked = validateAgainstCatalogue(parsed.value, catalogue, { form: 'chart' });
  if (!checked.ok) {
    const forbidden = checked.errors.filter((e) => e.kind === 'forbidden');
    return forbidden.length > 0 ? fail('audience_not_licensed', describe(forbidden)) : fail('invalid_audience', describe(checked.errors));
  }
  const questions: CatalogueQuestionInfo[] = [];
  const visit = (w: StandardWire) => {
    if (w.question !== undefined) {
      const dot = w.question.indexOf('.');
      const q = (dot > 0 ? catalogue.findQuestion(w.question.slice(dot + 1), w.question.slice(0, dot)) : undefined) ?? catalogue.findQuestion(w.question);
      if (q) questions.push(q);
    }
    [...(w.and ?? []), ...(w.or ?? [])].forEach(visit);
  };
  const wire = printStandardExpression(toStandardForm(parsed.value));
  visit(wire);
  return { ok: true, value: { id: audience.id, name: audience.name, wire, questions } };
}

/** Resolves an attribute to a datapoint leaf, or the stat error that replaces its data. */
export function resolveAttribute(input: ChartAttributeInput, index: number, catalogue: OrganisationCatalogue): PreparedAttribute {
  const err = (type: StatErrorType, error: string): PreparedAttribute => ({ index, input, error: { code: STAT_ERRORS[type], error_type: type, error } });
  const question = catalogue.findQuestion(input.question_code, input.namespace_code);
  if (!question) return err('unknown_attribute', `unknown question "${input.namespace_code}.${input.question_code}"`);
  if (!catalogue.isDatasetEntitled(question.datasetCode)) {
    return {
      ...err(
        'attribute_not_licensed',
        `question "${input.namespace_code}.${input.question_code}" belongs to dataset "${question.datasetCode}", which your organisation is not licensed for`,
      ),
      question,
    };
  }
  if (!question.datapoints.some((d) => d.code === input.datapoint_code)) {
    return {
      ...err('unknown_attribute', `datapoint "${input.datapoint_code}" does not belong to question "${input.namespace_code}.${input.question_code}"`),
      question,
    };
  }
  const suffix = input.suffix_code ?? '';
  if (suffix !== '' && !question.suffixes.some((s) => s.code === suffix)) {
    return { ...err('unknown_attribute', `suffix "${suffix}" does not belong to question "${input.namespace_code}.${input.question_code}"`), question };
  }
  const wire: StandardWire = { question: question.code, datapoints: [input.datapoint_code], ...(suffix !== '' ? { suffixes: [suffix] } : {}) };
  return { index, input, question, wire, dataset: question.datasetCode };
}

/**
 * Everything a calculation needs before any respondent is read: waves and locations (the
 * override, else the chart's, else every licensed one; unknown 400, unlicensed 403), the base
 * and audiences checked against today's catalogue (a failing audience is reported, not thrown),
 * each attribute resolved or given its stat error, and the attributes grouped by dataset: the
 * two datasets are weighted to the same population, so each group is computed over its own.
 */
export function prepareChartCalculation(
  chart: ChartDefinition,
  override: { waves?: string[]; locations?: string[] },
  catalogue: OrganisationCatalogue,
): PrepareOutcome {
  const badRequest: ProblemFieldError[] = [];
  const forbidden: ProblemFieldError[] = [];
  const overrideWaves = override.waves !== undefined && override.waves.length > 0;
  const overrideLocations = override.locations !== undefined && override.locations.length > 0;
  const waveList = overrideWaves ? (override.waves ?? []) : chart.wave_codes;
  const locationList = overrideLocations ? (override.locations ?? []) : chart.location_codes;
  const wavePath = overrideWaves ? '/waves' : '/wave_codes';
  const locationPath = overrideLocations ? '/locations' : '/location_codes';
  waveList.forEach((code, i) => {
    if (!catalogue.waveExists(code)) badRequest.push({ path: `${wavePath}/${i}`, message: `unknown wave '${code}'` });
    else if (!catalogue.isWaveEntitled(code)) forbidden.push({ path: `${wavePath}/${i}`, message: `wave '${code}' is not licensed to your organisation` });
  });
  locationList.forEach((code, i) => {
    if (!catalogue.locationExists(code)) badRequest.push({ path: `${locationPath}/${i}`, message: `unknown location '${code}'` });
    else if (!catalogue.isLocationEntitled(code))
      forbidden.push({ path: `${locationPath}/${i}`, message: `location '${code}' is not licensed to your organisation` });
  });
  if (forbidden.length > 0) return { ok: false, status: 403, detail: `Not licensed: ${forbidden.map((e) => e.path).join(', ')}`, errors: forbidden };
  if (badRequest.length > 0) return { ok: false, status: 400, detail: `Unknown codes: ${badRequest.map((e) => e.path).join(', ')}`, errors: badRequest };
  const waves = waveList.length > 0 ? [...new Set(waveList)] : catalogue.entitledWaves.map((w) => w.code);
  const locations = locationList.length > 0 ? [...new Set(locationList)] : catalogue.entitledLocations.map((l) => l.code);
  if (waves.length === 0)
    return { ok: false, status: 403, detail: 'Your organisation has no licensed waves', errors: [{ path: '/waves', message: 'no licensed waves' }] };
  if (locations.length === 0)
    return {
      ok: false,
      status: 403,
      detail: 'Your organisation has no licensed locations',
      errors: [{ path: '/locations', message: 'no licensed locations' }],
    };

  const baseChecked = checkAudience(chart.base_audience, catalogue);
  const audiences: PreparedAudience[] = [];
  const audienceErrors: AudienceError[] = [];
  // A chart without audiences compares the base with itself, as a crosstab without columns does.
  for (const audience of chart.audiences.length > 0 ? chart.audiences : [chart.base_audience]) {
    const checked = checkAudience(audience, catalogue);
    if (checked.ok) audiences.push(checked.value);
    else audienceErrors.push(checked.error);
  }

  const attributes = chart.attributes.map((a, i) => resolveAttribute(a, i, catalogue));
  const groups = new Map<string, number[]>();
  if (baseChecked.ok) {
    for (const a of attributes) {
      if (a.dataset === undefined) continue;
      const list = groups.get(a.dataset) ?? [];
      list.push(a.index);
      groups.set(a.dataset, list);
    }
  }
  return {
    ok: true,
    value: {
      waves,
      locations,
      ...(baseChecked.ok ? { base: baseChecked.value } : { baseError: baseChecked.error.error }),
      audiences,
      audienceErrors,
      attributes,
      groups: [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([dataset, list]) => ({ dataset, attributes: list })),
    },
  };
}
