import {
  Expression,
  ExpressionError,
  parseStandardExpression,
  printStandardExpression,
  StandardWire,
  validateAgainstCatalogue,
} from '@aas/audience-expression';
import { OrganisationCatalogue, ProblemFieldError } from '@aas/contracts';
import { CrosstabAudienceDto, CrosstabQueryDto } from './crosstab-query.dto';

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
  datasets: string[];
}

export type PrepareOutcome = { ok: true; value: PreparedCrosstab } | { ok: false; status: 400 | 403; detail: string; errors: ProblemFieldError[] };

/** How many waves a crosstab uses when the request names none (spec 4.5). */
export const DEFAULT_WAVE_COUNT = 4;

const EMPTY_BASE: CrosstabAudienceDto = { id: 'base', name: 'All respondents', expression: {} };

/**
 * Turns a validated request body into a crosstab the engine can run, or the client
 * error: expressions parsed (paths into the body) and checked against the caller's
 * catalogue, waves and locations defaulted and checked, the base standing in for a
 * missing side (spec 4.5 rules 1 and 2), the cell limit enforced before any work.
 * Unknown codes are 400; codes the organisation may not use are 403 (403 wins).
 */
export function prepareCrosstab(body: CrosstabQueryDto, catalogue: OrganisationCatalogue, maxCells: number): PrepareOutcome {
  const badRequest: ProblemFieldError[] = [];
  const forbidden: ProblemFieldError[] = [];
  const datasets = new Set<string>();

  const place = (base: string, errors: readonly ExpressionError[]) => {
    for (const e of errors) (e.kind === 'forbidden' ? forbidden : badRequest).push({ path: `${base}${e.path}`, message: e.message });
  };

  const prepare = (dto: CrosstabAudienceDto, path: string, index: number): PreparedAudience | undefined => {
    const parsed = parseStandardExpression(dto.expression);
    if (!parsed.ok) {
      place(`${path}/expression`, parsed.errors);
      return undefined;
    }
    const checked = validateAgainstCatalogue(parsed.value, catalogue);
    if (!checked.ok) {
      place(`${path}/expression`, checked.errors);
      return undefined;
    }
    checked.value.datasets.forEach((d) => datasets.add(d));
    const wire = printStandardExpression(parsed.value);
    return { id: dto.id ?? `${path.split('/')[1] ?? 'audience'}-${index}`, name: dto.name ?? dto.id ?? '', wire, expression: parsed.value, index };
  };

  const rowCount = body.rows?.length ?? 0;
  const columnCount = body.columns?.length ?? 0;
  const cells = Math.max(rowCount, 1) * Math.max(columnCount, 1);
  if (cells > maxCells) {
    return {
      ok: false,
      status: 400,
      detail: `The crosstab asks for ${cells} cells; the limit is ${maxCells} (CROSSTAB_MAX_CELLS)`,
      errors: [{ path: rowCount > columnCount ? '/rows' : '/columns', message: `${rowCount} rows x ${columnCount} columns exceeds ${maxCells} cells` }],
    };
  }

  const base = prepare(body.base_audience ?? EMPTY_BASE, '/base_audience', 0);
  const rows = (body.rows ?? []).map((a, i) => prepare(a, `/rows/${i}`, i + 1));
  const columns = (body.columns ?? []).map((a, i) => prepare(a, `/columns/${i}`, i + 1));

  const waves = body.waves && body.waves.length > 0 ? [...new Set(body.waves)] : catalogue.entitledWaves.slice(-DEFAULT_WAVE_COUNT).map((w) => w.code);
  (body.waves ?? []).forEach((code, i) => {
    if (!catalogue.waveExists(code)) badRequest.push({ path: `/waves/${i}`, message: `unknown wave '${code}'` });
    else if (!catalogue.isWaveEntitled(code)) forbidden.push({ path: `/waves/${i}`, message: `wave '${code}' is not licensed to your organisation` });
  });
  const locations = body.locations && body.locations.length > 0 ? [...new Set(body.locations)] : catalogue.entitledLocations.map((l) => l.code);
  (body.locations ?? []).forEach((code, i) => {
    if (!catalogue.locationExists(code)) badRequest.push({ path: `/locations/${i}`, message: `unknown location '${code}'` });
    else if (!catalogue.isLocationEntitled(code))
      forbidden.push({ path: `/locations/${i}`, message: `location '${code}' is not licensed to your organisation` });
  });

  if (forbidden.length > 0) return { ok: false, status: 403, detail: `Not licensed: ${forbidden.map((e) => e.path).join(', ')}`, errors: forbidden };
  if (badRequest.length > 0 || !base)
    return { ok: false, status: 400, detail: `The crosstab request is invalid: ${badRequest.map((e) => e.path).join(', ')}`, errors: badRequest };
  if (waves.length === 0)
    return { ok: false, status: 403, detail: 'Your organisation has no licensed waves', errors: [{ path: '/waves', message: 'no licensed waves' }] };

  // Respondents count within the datasets the audiences are about; a crosstab of `{}` only uses the first licensed dataset.
  const used = datasets.size > 0 ? [...datasets].sort() : catalogue.entitledDatasets.slice(0, 1);
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
      datasets: used,
    },
  };
}
