import {
  CatalogueLookup,
  CrosstabExpression,
  CrosstabWire,
  datasetsOf,
  labelExpression,
  parseCrosstabExpression,
  printCrosstabExpression,
  resolveQuestion,
  validateAgainstCatalogue,
} from '@aas/audience-expression-domain';
import { CheckOutcome, failed, FieldProblems, recordExpressionErrors } from '@aas/query-rules-domain';

/*
 * The checks a saved crosstab's content goes through, and what the service derives from it
 * (normalised audiences, generated labels, metadata), as pure functions: every rule is
 * unit-tested without a database or a catalogue service. Paths are JSON pointers into the
 * request body (`/rows/2/expression/and/0/qustion`).
 */

/** Errors past this many are dropped: 2,000 bad expressions must not make a huge answer. */
export const MAX_REPORTED_ERRORS = 100;
/** The detail of a 403 (its errors name the members). */
const NOT_ENTITLED = 'The saved crosstab uses a dataset, location or wave your organisation is not entitled to';
/** Generated labels are cut to the request limits of `name` and `full_name`. */
export const GENERATED_NAME_MAX = 255;
export const GENERATED_FULL_NAME_MAX = 2000;

/** What the checks need of the caller's catalogue (`OrganisationCatalogue` of @aas/shared-contracts fits). */
export interface ProjectCatalogue extends CatalogueLookup {
  locationExists(code: string): boolean;
  isLocationEntitled(code: string): boolean;
  waveExists(code: string): boolean;
  isWaveEntitled(code: string): boolean;
}

export interface AvgValue {
  question: string;
  with_suffixes?: { datapoint: string; suffixes: number[] };
  with_datapoints?: { datapoints: string[] };
}

/** A crosstab audience as a request carries it (after the DTO checks). */
export interface AudienceInput {
  id?: string;
  name?: string;
  full_name?: string;
  expression: unknown;
  avg?: AvgValue;
}

/** A crosstab audience as stored: every label present, the expression in canonical form. */
export interface StoredAudience {
  id: string;
  name: string;
  full_name: string;
  expression: CrosstabWire | unknown;
  avg?: AvgValue;
}

export const SIDES = ['rows', 'columns', 'bases'] as const;
export type Side = (typeof SIDES)[number];
export type ContentMember = Side | 'country_codes' | 'wave_codes';

export interface ProjectContent {
  rows: AudienceInput[];
  columns: AudienceInput[];
  bases: AudienceInput | null;
  country_codes: string[];
  wave_codes: string[];
}

export type GeneratedLabels = Record<Side, number>;

export interface ProjectMetadata {
  row_count: number;
  column_count: number;
  cell_count: number;
  datasets: string[];
  generated_labels: GeneratedLabels;
}

export interface CheckedProject {
  rows: StoredAudience[];
  columns: StoredAudience[];
  bases: StoredAudience | null;
  country_codes: string[];
  wave_codes: string[];
  metadata: ProjectMetadata;
}

export interface CheckOptions {
  /**
   * The members the request sent: only these are checked (their errors reported) and
   * normalised. The others hold stored content and are kept as they are (a PATCH of the name
   * must not fail because an old row's dataset was since withdrawn).
   */
  readonly sent: ReadonlySet<ContentMember>;
  /** Generated-label counts of the stored project, for the sides not sent. */
  readonly previousLabels?: GeneratedLabels;
  readonly newId: () => string;
}

function sideItems(content: ProjectContent, side: Side): { item: AudienceInput; path: string }[] {
  if (side === 'bases') return content.bases === null ? [] : [{ item: content.bases, path: '/bases' }];
  return content[side].map((item, i) => ({ item, path: `/${side}/${i}` }));
}

function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

function normaliseAvg(avg: AvgValue): AvgValue {
  return {
    question: avg.question,
    ...(avg.with_suffixes ? { with_suffixes: { datapoint: avg.with_suffixes.datapoint, suffixes: [...avg.with_suffixes.suffixes] } } : {}),
    ...(avg.with_datapoints ? { with_datapoints: { datapoints: [...avg.with_datapoints.datapoints] } } : {}),
  };
}

function checkAvg(avg: AvgValue, path: string, catalogue: ProjectCatalogue, problems: FieldProblems): void {
  const question = resolveQuestion(avg.question, catalogue);
  if (question === undefined) {
    problems.unknown(`${path}/question`, `unknown question "${avg.question}"`);
    return;
  }
  if (!catalogue.isDatasetEntitled(question.datasetCode)) {
    problems.notLicensed(`${path}/question`, `question "${avg.question}" belongs to dataset "${question.datasetCode}", which you are not entitled to`);
    return;
  }
  const datapoints = new Set(question.datapoints.map((d) => d.code));
  const suffixes = new Set(question.suffixes.map((s) => s.code));
  if (avg.with_suffixes) {
    const { datapoint } = avg.with_suffixes;
    if (!datapoints.has(datapoint)) {
      problems.unknown(`${path}/with_suffixes/datapoint`, `datapoint "${datapoint}" does not belong to question "${avg.question}"`);
    }
    avg.with_suffixes.suffixes.forEach((suffix, i) => {
      if (!suffixes.has(String(suffix))) {
        problems.unknown(`${path}/with_suffixes/suffixes/${i}`, `suffix "${suffix}" does not belong to question "${avg.question}"`);
      }
    });
  }
  avg.with_datapoints?.datapoints.forEach((datapoint, i) => {
    if (!datapoints.has(datapoint)) {
      problems.unknown(`${path}/with_datapoints/datapoints/${i}`, `datapoint "${datapoint}" does not belong to question "${avg.question}"`);
    }
  });
}

function checkCodes(
  member: 'country_codes' | 'wave_codes',
  codes: readonly string[],
  exists: (code: string) => boolean,
  entitled: (code: string) => boolean,
  problems: FieldProblems,
): void {
  const what = member === 'country_codes' ? 'location' : 'wave';
  codes.forEach((code, i) => {
    const path = `/${member}/${i}`;
    if (!exists(code)) problems.unknown(path, `unknown ${what} "${code}"`);
    else if (!entitled(code)) problems.notLicensed(path, `${what} "${code}" is not one your organisation is entitled to`);
  });
}

/**
 * Checks the members sent (structure first, for every sent audience: 400 with the pointer of
 * each problem; then the catalogue: unknown codes 400 naming the code, unentitled datasets,
 * locations or waves 403, and 403 wins), then answers the whole project as it will be stored:
 * missing audience ids are generated, missing names and full names are generated from the
 * expression with the catalogue's names, and the metadata is recomputed from every side.
 */
export function checkProject(content: ProjectContent, catalogue: ProjectCatalogue, options: CheckOptions): CheckOutcome<CheckedProject> {
  const problems = new FieldProblems(MAX_REPORTED_ERRORS);
  const parsed = new Map<AudienceInput, CrosstabExpression | undefined>();

  for (const side of SIDES) {
    const sent = options.sent.has(side);
    for (const { item, path } of sideItems(content, side)) {
      const result = parseCrosstabExpression(item.expression);
      if (result.ok) parsed.set(item, result.value);
      else if (sent) recordExpressionErrors(problems, `${path}/expression`, result.errors);
    }
  }
  const structural = problems.failure('The request', NOT_ENTITLED);
  if (structural) return failed(structural);

  for (const side of SIDES) {
    if (!options.sent.has(side)) continue;
    for (const { item, path } of sideItems(content, side)) {
      const validated = validateAgainstCatalogue(parsed.get(item) as CrosstabExpression, catalogue, { form: 'crosstab' });
      if (!validated.ok) {
        recordExpressionErrors(problems, `${path}/expression`, validated.errors);
      }
      if (item.avg) checkAvg(item.avg, `${path}/avg`, catalogue, problems);
    }
  }
  if (options.sent.has('country_codes')) {
    checkCodes(
      'country_codes',
      content.country_codes,
      (c) => catalogue.locationExists(c),
      (c) => catalogue.isLocationEntitled(c),
      problems,
    );
  }
  if (options.sent.has('wave_codes')) {
    checkCodes(
      'wave_codes',
      content.wave_codes,
      (c) => catalogue.waveExists(c),
      (c) => catalogue.isWaveEntitled(c),
      problems,
    );
  }
  const failure = problems.failure('The request', NOT_ENTITLED);
  if (failure) return failed(failure);

  const generated: GeneratedLabels = { rows: 0, columns: 0, bases: 0, ...options.previousLabels };
  const datasets = new Set<string>();
  const stored = {} as Record<Side, StoredAudience[]>;
  for (const side of SIDES) {
    const sent = options.sent.has(side);
    if (sent) generated[side] = 0;
    stored[side] = sideItems(content, side).map(({ item }) => {
      const expression = parsed.get(item);
      if (expression !== undefined) datasetsOf(expression, catalogue).forEach((d) => datasets.add(d));
      const avgQuestion = item.avg ? resolveQuestion(item.avg.question, catalogue) : undefined;
      if (avgQuestion) datasets.add(avgQuestion.datasetCode);
      if (!sent || expression === undefined) return item as StoredAudience;
      const label = labelExpression(expression, catalogue);
      if (item.name === undefined || item.full_name === undefined) generated[side]++;
      return {
        id: item.id ?? options.newId(),
        name: item.name ?? truncate(label, GENERATED_NAME_MAX),
        full_name: item.full_name ?? truncate(label, GENERATED_FULL_NAME_MAX),
        expression: printCrosstabExpression(expression),
        ...(item.avg ? { avg: normaliseAvg(item.avg) } : {}),
      };
    });
  }

  const rowCount = content.rows.length;
  const columnCount = content.columns.length;
  return {
    ok: true,
    value: {
      rows: stored.rows,
      columns: stored.columns,
      bases: stored.bases[0] ?? null,
      country_codes: [...content.country_codes],
      wave_codes: [...content.wave_codes],
      metadata: {
        row_count: rowCount,
        column_count: columnCount,
        // A missing side is the base (as in POST /v2/query/crosstab), so it still yields one line of cells.
        cell_count: Math.max(rowCount, 1) * Math.max(columnCount, 1),
        datasets: [...datasets].sort(),
        generated_labels: generated,
      },
    },
  };
}

/**
 * Optimistic concurrency: a write that says which version it read (`last_updated_at`) is stale
 * when the stored project changed after that. Compared at the millisecond precision responses
 * carry, so sending back the `updated_at` just read is never stale.
 */
export function isStale(lastUpdatedAt: string | undefined, storedUpdatedAt: Date): boolean {
  if (lastUpdatedAt === undefined) return false;
  return Date.parse(lastUpdatedAt) < Math.floor(storedUpdatedAt.getTime());
}
