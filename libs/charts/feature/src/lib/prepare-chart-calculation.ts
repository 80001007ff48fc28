import { StandardWire } from '@aas/audience-expression-domain';
import { CatalogueQuestionInfo, OrganisationCatalogue } from '@aas/shared-contracts';
import {
  checkAverage,
  checkExpression,
  chooseUniverse,
  CheckedAverage,
  CheckOutcome,
  failed,
  FieldProblems,
  QuestionUse,
  resolveSelection,
} from '@aas/query-rules-domain';
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
  /** The one dataset the stat is computed in (the universe rule over its question, the base and the audiences). */
  dataset?: string;
  error?: StatError;
  /**
   * A numeric question (a single whose datapoints have midpoints) or a scale (a one-answer grid whose
   * suffixes have them): the question's, or the grid row's, average (the `average` metric), and the
   * key it shares with the other attributes of that question or row.
   */
  average?: { readonly key: string; readonly checked: CheckedAverage };
}

export interface PreparedAudience {
  id: string;
  name: string;
  wire: StandardWire;
  /** Questions the expression names, with their leaves' pointers (universe rule, compatibility flags). */
  questions: readonly QuestionUse[];
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

export type PrepareOutcome = CheckOutcome<PreparedChart>;

function describe(errors: readonly { path: string; message: string }[]): string {
  return errors.map((e) => `${e.path || '/'}: ${e.message}`).join('; ');
}

/** Parses and checks an audience; an error says why it cannot be computed (never throws). */
export function checkAudience(
  audience: ChartAudienceInput,
  catalogue: OrganisationCatalogue,
): { ok: true; value: PreparedAudience } | { ok: false; error: AudienceError } {
  const problems = new FieldProblems();
  const checked = checkExpression(audience.expression, '', catalogue, problems, 'chart');
  if (!checked) {
    const type: AudienceErrorType = problems.forbidden.length > 0 ? 'audience_not_licensed' : 'invalid_audience';
    const detail = describe(problems.forbidden.length > 0 ? problems.forbidden : problems.badRequest);
    return {
      ok: false,
      error: { audience: audience.id, code: AUDIENCE_ERRORS[type], error_type: type, error: `Audience "${audience.id}" cannot be calculated: ${detail}` },
    };
  }
  return { ok: true, value: { id: audience.id, name: audience.name, wire: checked.wire, questions: checked.questions } };
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
  return { index, input, question, wire, ...averageOf(question, input.datapoint_code, catalogue) };
}

/** The average of an attribute's question (numeric) or grid row (scale), when its answers have midpoints. */
function averageOf(question: CatalogueQuestionInfo, datapoint: string, catalogue: OrganisationCatalogue): Pick<PreparedAttribute, 'average'> {
  const numeric = question.kind === 'single' && question.datapoints.some((d) => typeof d.midpoint === 'number');
  const scale = question.kind === 'grid_single' && question.suffixes.some((s) => typeof s.midpoint === 'number');
  if (!numeric && !scale) return {};
  const avg = numeric ? { question: question.code, with_datapoints: {} } : { question: question.code, with_suffixes: { datapoint } };
  const checked = checkAverage(avg, '', catalogue, new FieldProblems());
  return checked ? { average: { key: numeric ? question.code : `${question.code}\u0000${datapoint}`, checked } } : {};
}

/**
 * The dataset a resolved attribute's stat is computed in: one that asks its question and every
 * question of the base and the audiences (chooseUniverse); else the stat's error, naming them.
 */
function placeAttribute(attribute: PreparedAttribute, context: readonly QuestionUse[], catalogue: OrganisationCatalogue): PreparedAttribute {
  if (attribute.error || !attribute.question) return attribute;
  const universe = chooseUniverse([{ path: '', question: attribute.question }, ...context], catalogue);
  if (universe.ok) return { ...attribute, dataset: universe.value };
  return { ...attribute, error: { code: STAT_ERRORS.incompatible_attribute, error_type: 'incompatible_attribute', error: universe.detail } };
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
  const problems = new FieldProblems();
  const overrideWaves = override.waves !== undefined && override.waves.length > 0;
  const overrideLocations = override.locations !== undefined && override.locations.length > 0;
  const { waves, locations } = resolveSelection(
    { waves: overrideWaves ? override.waves : chart.wave_codes, locations: overrideLocations ? override.locations : chart.location_codes },
    catalogue,
    { waveDefault: 'all', wavesPath: overrideWaves ? '/waves' : '/wave_codes', locationsPath: overrideLocations ? '/locations' : '/location_codes' },
    problems,
  );
  const failure = problems.failure('The chart calculation');
  if (failure) return failed(failure);

  const baseChecked = checkAudience(chart.base_audience, catalogue);
  const audiences: PreparedAudience[] = [];
  const audienceErrors: AudienceError[] = [];
  // A chart without audiences compares the base with itself, as a crosstab without columns does.
  for (const audience of chart.audiences.length > 0 ? chart.audiences : [chart.base_audience]) {
    const checked = checkAudience(audience, catalogue);
    if (checked.ok) audiences.push(checked.value);
    else audienceErrors.push(checked.error);
  }

  const context = [...(baseChecked.ok ? baseChecked.value.questions : []), ...audiences.flatMap((a) => a.questions)];
  const attributes = chart.attributes.map((a, i) => placeAttribute(resolveAttribute(a, i, catalogue), context, catalogue));
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
