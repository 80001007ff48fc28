import { Expression, labelExpression, parseExpression, StandardWire } from '@aas/audience-expression-domain';
import type { CrosstabAudienceInput, CrosstabQueryInput, OrganisationCatalogue } from '@aas/shared-contracts';
import type { CrosstabItem, CrosstabSpec } from '@aas/crosstab-engine-domain';
import {
  checkAverage,
  checkExpression,
  CheckedAverage,
  chooseUniverse,
  CheckOutcome,
  failed,
  FieldProblems,
  resolveSelection,
  validBaseOf,
  withinValidBase,
  type AverageInput,
  type PercentBase,
  type QuestionUse,
} from '@aas/query-rules-domain';

/** One side's audience as the response names it. */
export interface PreparedAudience {
  id: string;
  name: string;
  /** The item's own audience (standard form): its expression, or for an average item without one who gave one of its answers. */
  wire: StandardWire;
  expression: Expression;
  /** 1-based position in the request, or 0 when the base audience stands in for a missing side. */
  index: number;
  /** An average item: its `avg` as sent (echoed in each cell), and its answers with their values. */
  avg?: AverageInput;
  average?: CheckedAverage;
}

export interface PreparedCrosstab {
  rows: PreparedAudience[];
  columns: PreparedAudience[];
  base: PreparedAudience;
  waves: string[];
  locations: string[];
  /** The one dataset the crosstab is computed in (one respondent universe). */
  dataset: string;
  /** What percentages are of, row by row. */
  percentBase: PercentBase;
  /**
   * The crosstab as the engine client's spec: average items with their answers, each row within its
   * valid base (`percent_base`). Plain (`specIsPlain`) when it has neither.
   */
  spec: CrosstabSpec<StandardWire>;
}

export type PrepareOutcome = CheckOutcome<PreparedCrosstab>;

export interface PrepareOptions {
  readonly percentBase?: PercentBase;
}

const EMPTY_BASE: CrosstabAudienceInput = { id: 'base', name: 'All respondents', expression: {} };

/** How many more cells than CROSSTAB_MAX_CELLS the engine may compute for a crosstab's averages and valid bases. */
const ENGINE_CELLS_PER_CELL = 5;

/**
 * Turns a validated request body into a crosstab the engine can run, or the client error:
 * expressions parsed (paths into the body) and checked against the caller's catalogue, average
 * items checked (a question with one answer per respondent, midpoints), waves (default: the last 4
 * licensed) and locations (default: every licensed one) checked, the dataset chosen by the universe
 * rule (questions that share no dataset: 400), the base standing in for a missing side (row or
 * column index 0), the cell limit enforced before any work. Unknown codes are 400; codes the
 * organisation may not use are 403 (403 wins).
 */
export function prepareCrosstab(body: CrosstabQueryInput, catalogue: OrganisationCatalogue, maxCells: number, options: PrepareOptions = {}): PrepareOutcome {
  const rowCount = body.rows?.length ?? 0;
  const columnCount = body.columns?.length ?? 0;
  const cells = Math.max(rowCount, 1) * Math.max(columnCount, 1);
  if (cells > maxCells) {
    return failed({
      status: 400,
      detail: `The crosstab asks for ${cells} cells; the limit is ${maxCells} (CROSSTAB_MAX_CELLS)`,
      errors: [{ path: rowCount > columnCount ? '/rows' : '/columns', message: `${rowCount} rows x ${columnCount} columns exceeds ${maxCells} cells` }],
    });
  }

  const problems = new FieldProblems();
  const questions: QuestionUse[] = [];
  const prepare = (dto: CrosstabAudienceInput, path: string, index: number, avgAllowed: boolean): PreparedAudience | undefined => {
    let average: CheckedAverage | undefined;
    if (dto.avg !== undefined) {
      if (!avgAllowed) {
        problems.unknown(`${path}/avg`, 'the base audience cannot be an average item');
        return undefined;
      }
      average = checkAverage(dto.avg, `${path}/avg`, catalogue, problems);
      if (average === undefined) return undefined;
      questions.push(...average.questions);
    }
    if (dto.expression === undefined && average === undefined) {
      problems.unknown(path, 'an audience needs an expression or avg');
      return undefined;
    }
    const checked = dto.expression === undefined ? undefined : checkExpression(dto.expression, `${path}/expression`, catalogue, problems);
    if (dto.expression !== undefined && checked === undefined) return undefined;
    if (checked) questions.push(...checked.questions);
    const wire = checked?.wire ?? (average as CheckedAverage).answered;
    const expression = checked?.expression ?? parsedOf(wire);
    return {
      id: dto.id ?? `${path.split('/')[1] ?? 'audience'}-${index}`,
      // Unnamed audiences get the label charts give theirs, so every cell names its row and column.
      name: dto.name ?? (checked ? labelExpression(checked.expression, catalogue) : `Average: ${(average as CheckedAverage).name}`),
      wire,
      expression,
      index,
      ...(average ? { avg: dto.avg as AverageInput, average } : {}),
    };
  };
  const base = prepare(body.base_audience ?? EMPTY_BASE, '/base_audience', 0, false);
  const rows = (body.rows ?? []).map((a, i) => prepare(a, `/rows/${i}`, i + 1, true));
  const columns = (body.columns ?? []).map((a, i) => prepare(a, `/columns/${i}`, i + 1, true));
  const { waves, locations } = resolveSelection(body, catalogue, { waveDefault: 'latest' }, problems);
  const failure = problems.failure('The crosstab request');
  if (failure || !base) return failed(failure ?? { status: 400, detail: 'The crosstab request is invalid', errors: [] });

  const universe = chooseUniverse(questions, catalogue);
  if (!universe.ok) return universe;
  const sides = (list: (PreparedAudience | undefined)[]) => list.filter((a): a is PreparedAudience => a !== undefined);
  const baseSide = { ...base, index: 0 };
  const prepared: Omit<PreparedCrosstab, 'spec'> = {
    rows: rowCount > 0 ? sides(rows) : [baseSide],
    columns: columnCount > 0 ? sides(columns) : [baseSide],
    base,
    waves,
    locations,
    dataset: universe.value,
    percentBase: options.percentBase ?? 'all',
  };
  const spec = specOf(prepared, catalogue, problems);
  const specFailure = problems.failure('The crosstab request');
  if (specFailure) return failed(specFailure);
  {
    const engineCells =
      spec.rows.reduce((n, r) => n + 1 + (r.average?.length ?? 0), spec.validBases.length) * spec.columns.reduce((n, c) => n + 1 + (c.average?.length ?? 0), 0);
    if (engineCells > maxCells * ENGINE_CELLS_PER_CELL) {
      return failed({
        status: 400,
        detail: `The crosstab's averages and valid bases need ${engineCells} cells of the engine; the limit is ${maxCells * ENGINE_CELLS_PER_CELL} (${ENGINE_CELLS_PER_CELL} x CROSSTAB_MAX_CELLS)`,
        errors: [{ path: '/rows', message: `${engineCells} engine cells exceed ${maxCells * ENGINE_CELLS_PER_CELL}` }],
      });
    }
  }
  return { ok: true, value: { ...prepared, spec } };
}

/** The parsed form of a wire expression this module made (an average's answered leaf): it parses by construction. */
function parsedOf(wire: StandardWire): Expression {
  const parsed = parseExpression(wire, 'standard');
  if (!parsed.ok) throw new Error(`an average's audience does not parse: ${JSON.stringify(parsed.errors)}`);
  return parsed.value;
}

/**
 * The engine client's spec of a crosstab: each row within its valid base (the questions it names
 * answered, or asked), its answers too; each average item's answers with their midpoints. A valid
 * base is checked like an expression (under `/percent_base`), so a base the data cannot give is a
 * 400, not a failed job.
 */
function specOf(crosstab: Omit<PreparedCrosstab, 'spec'>, catalogue: OrganisationCatalogue, problems: FieldProblems): CrosstabSpec<StandardWire> {
  const bases = crosstab.percentBase;
  const validBases: StandardWire[] = [];
  const positions = new Map<string, number>();
  const rows = crosstab.rows.map((row): CrosstabItem<StandardWire> => {
    const own = bases === 'all' ? undefined : validBaseOf(row.expression, bases, catalogue);
    if (own === undefined) return itemOf(row, (wire) => wire);
    const key = JSON.stringify(own);
    let position = positions.get(key);
    if (position === undefined) {
      const checked = checkExpression(own, '/percent_base', catalogue, problems);
      position = validBases.push(checked?.wire ?? own) - 1;
      positions.set(key, position);
    }
    const within = validBases[position];
    return { ...itemOf(row, (wire) => withinValidBase(wire, within)), validBase: position };
  });
  return { rows, columns: crosstab.columns.map((column) => itemOf(column, (wire) => wire)), validBases };
}

function itemOf(audience: PreparedAudience, within: (wire: StandardWire) => StandardWire): CrosstabItem<StandardWire> {
  return {
    expression: within(audience.wire),
    ...(audience.average ? { average: audience.average.parts.map((p) => ({ expression: within(p.wire), value: p.value })) } : {}),
  };
}
