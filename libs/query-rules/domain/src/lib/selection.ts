import type { CatalogueCodeName, WaveInfo } from '@aas/shared-contracts';
import type { FieldProblems } from './check';

/** What the selection rules need of an organisation's catalogue. */
export interface SelectionCatalogue {
  waveExists(code: string): boolean;
  isWaveEntitled(code: string): boolean;
  locationExists(code: string): boolean;
  isLocationEntitled(code: string): boolean;
  /** Oldest first (by end date). */
  readonly entitledWaves: readonly WaveInfo[];
  readonly entitledLocations: readonly CatalogueCodeName[];
}

/** How many waves a crosstab or an assistant answer covers when none are named. */
export const DEFAULT_WAVE_COUNT = 4;

/**
 * Waves when a request names none: crosstabs (`POST /v2/query/crosstab`, MCP `run_crosstab`, the
 * assistant) use the last `DEFAULT_WAVE_COUNT` licensed waves; charts use every licensed wave.
 */
export type WaveDefault = 'latest' | 'all';

export interface SelectionRequest {
  readonly waves?: readonly string[] | null;
  readonly locations?: readonly string[] | null;
}

export interface Selection {
  /** Each code once, in the order asked; or the default, oldest first. */
  readonly waves: string[];
  readonly locations: string[];
}

export interface SelectionOptions {
  readonly waveDefault: WaveDefault;
  /** JSON pointers the problems name (default `/waves`, `/locations`). */
  readonly wavesPath?: string;
  readonly locationsPath?: string;
}

/** The last `count` licensed waves, oldest first. */
export function latestLicensedWaves(catalogue: Pick<SelectionCatalogue, 'entitledWaves'>, count = DEFAULT_WAVE_COUNT): WaveInfo[] {
  return catalogue.entitledWaves.slice(-count);
}

/**
 * The waves and locations a request runs over: the codes it names (unknown: 400, not licensed:
 * 403, both recorded in `problems` with their paths), or the defaults when it names none (an
 * empty list counts as none). An organisation with no licensed wave or location gets a 403.
 */
export function resolveSelection(request: SelectionRequest, catalogue: SelectionCatalogue, options: SelectionOptions, problems: FieldProblems): Selection {
  const wavesPath = options.wavesPath ?? '/waves';
  const locationsPath = options.locationsPath ?? '/locations';
  const namedWaves = request.waves ?? [];
  const namedLocations = request.locations ?? [];
  namedWaves.forEach((code, i) => {
    if (!catalogue.waveExists(code)) problems.unknown(`${wavesPath}/${i}`, `unknown wave '${code}'`);
    else if (!catalogue.isWaveEntitled(code)) problems.notLicensed(`${wavesPath}/${i}`, `wave '${code}' is not licensed to your organisation`);
  });
  namedLocations.forEach((code, i) => {
    if (!catalogue.locationExists(code)) problems.unknown(`${locationsPath}/${i}`, `unknown location '${code}'`);
    else if (!catalogue.isLocationEntitled(code)) problems.notLicensed(`${locationsPath}/${i}`, `location '${code}' is not licensed to your organisation`);
  });
  const waves =
    namedWaves.length > 0
      ? [...new Set(namedWaves)]
      : (options.waveDefault === 'latest' ? latestLicensedWaves(catalogue) : catalogue.entitledWaves).map((w) => w.code);
  const locations = namedLocations.length > 0 ? [...new Set(namedLocations)] : catalogue.entitledLocations.map((l) => l.code);
  if (waves.length === 0) problems.notLicensed(wavesPath, 'your organisation has no licensed waves');
  if (locations.length === 0) problems.notLicensed(locationsPath, 'your organisation has no licensed locations');
  return { waves, locations };
}
