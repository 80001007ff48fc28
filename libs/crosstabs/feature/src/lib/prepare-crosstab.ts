import { Expression, labelExpression, StandardWire } from '@aas/audience-expression';
import type { CrosstabAudienceInput, CrosstabQueryInput, OrganisationCatalogue } from '@aas/contracts';
import { checkExpression, CheckedExpression, chooseUniverse, CheckOutcome, failed, FieldProblems, resolveSelection } from '@aas/query-rules';

/** One side's audience as the response names it. */
export interface PreparedAudience {
  id: string;
  name: string;
  wire: StandardWire;
  expression: Expression;
  /** 1-based position in the request, or 0 when the base audience stands in for a missing side. */
  index: number;
}

export interface PreparedCrosstab {
  rows: PreparedAudience[];
  columns: PreparedAudience[];
  base: PreparedAudience;
  waves: string[];
  locations: string[];
  /** The one dataset the crosstab is computed in (one respondent universe). */
  dataset: string;
}

export type PrepareOutcome = CheckOutcome<PreparedCrosstab>;

const EMPTY_BASE: CrosstabAudienceInput = { id: 'base', name: 'All respondents', expression: {} };

/**
 * Turns a validated request body into a crosstab the engine can run, or the client error:
 * expressions parsed (paths into the body) and checked against the caller's catalogue, waves
 * (default: the last 4 licensed) and locations (default: every licensed one) checked, the
 * dataset chosen by the universe rule (questions that share no dataset: 400), the base standing
 * in for a missing side (row or column index 0), the cell limit enforced before any work. Unknown
 * codes are 400; codes the organisation may not use are 403 (403 wins).
 */
export function prepareCrosstab(body: CrosstabQueryInput, catalogue: OrganisationCatalogue, maxCells: number): PrepareOutcome {
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
  const checked: CheckedExpression[] = [];
  const prepare = (dto: CrosstabAudienceInput, path: string, index: number): PreparedAudience | undefined => {
    const result = checkExpression(dto.expression, `${path}/expression`, catalogue, problems);
    if (!result) return undefined;
    checked.push(result);
    return {
      id: dto.id ?? `${path.split('/')[1] ?? 'audience'}-${index}`,
      // Unnamed audiences get the label charts give theirs, so every cell names its row and column.
      name: dto.name ?? labelExpression(result.expression, catalogue),
      wire: result.wire,
      expression: result.expression,
      index,
    };
  };
  const base = prepare(body.base_audience ?? EMPTY_BASE, '/base_audience', 0);
  const rows = (body.rows ?? []).map((a, i) => prepare(a, `/rows/${i}`, i + 1));
  const columns = (body.columns ?? []).map((a, i) => prepare(a, `/columns/${i}`, i + 1));
  const { waves, locations } = resolveSelection(body, catalogue, { waveDefault: 'latest' }, problems);
  const failure = problems.failure('The crosstab request');
  if (failure || !base) return failed(failure ?? { status: 400, detail: 'The crosstab request is invalid', errors: [] });

  const universe = chooseUniverse(
    checked.flatMap((c) => c.questions),
    catalogue,
  );
  if (!universe.ok) return universe;
  const sides = (list: (PreparedAudience | undefined)[]) => list.filter((a): a is PreparedAudience => a !== undefined);
  const baseSide = { ...base, index: 0 };
  return {
    ok: true,
    value: {
      rows: rowCount > 0 ? sides(rows) : [baseSide],
      columns: columnCount > 0 ? sides(columns) : [baseSide],
      base,
      waves,
      locations,
      dataset: universe.value,
    },
  };
}
