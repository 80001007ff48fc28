import { Injectable } from '@nestjs/common';
import { CatalogueAccess, type CrosstabStatistics, type OrganisationCatalogue } from '@aas/shared-contracts';
import { columnLetter, specIsPlain, type CrosstabCell } from '@aas/crosstab-engine-domain';
import { EngineClient, type EngineCallContext } from '@aas/crosstab-engine-client';
import { CommonConfig, ProblemException } from '@aas/shared-infra';
import { prepareCrosstab, type PreparedCrosstab } from '../prepare-crosstab';
import { RunCrosstabCommand } from './run-crosstab.command';

/** A block of results: cells as the engine client hands them on (a streamed plain crosstab's are one object refilled: read each before the next). */
export interface CrosstabResultBlock {
  readonly cellCount: number;
  readonly cells: Iterable<CrosstabCell>;
}

/** A crosstab that passed every check, and its results as they are computed. */
export interface CrosstabRun {
  readonly crosstab: PreparedCrosstab;
  /** The statistics asked for, with their defaults (a test implies a level, 95%). */
  readonly statistics: CrosstabStatistics;
  /** With `test=columns`, each column's letter, in request order. */
  readonly letters?: readonly string[];
  /** The organisation's catalogue the crosstab was checked against (names for a sheet). */
  readonly catalogue: OrganisationCatalogue;
  /** Nothing is computed before the first block is asked for; a failure before any data is thrown by that first step. */
  readonly results: AsyncGenerator<CrosstabResultBlock>;
}

/**
 * The crosstab path (docs/api-guide.md#crosstab): the request checked against the organisation's
 * catalogue (400/403 thrown before anything is queued), the statistics' combinations checked, then
 * the engine client's stream of cells: a plain crosstab's cells straight from the sums, a crosstab
 * with average items, valid bases, a column or complement test or waves through the client's spec.
 * What a caller does with the cells (NDJSON, json-seq, CSV, Excel) is its own business.
 */
@Injectable()
export class RunCrosstabUseCase {
  constructor(
    private readonly catalogue: CatalogueAccess,
    private readonly config: CommonConfig,
    private readonly engine: EngineClient,
  ) {}

  async execute(command: RunCrosstabCommand): Promise<CrosstabRun> {
    const statistics = withDefaults(command.statistics);
    const catalogue = await this.catalogue.forOrganisation(command.orgId);
    const prepared = prepareCrosstab(command.body, catalogue, this.config.CROSSTAB_MAX_CELLS, { percentBase: statistics.percentBase });
    if (!prepared.ok) throw ProblemException.fromCheck(prepared);
    const crosstab = prepared.value;
    const context: EngineCallContext = { orgId: command.orgId, requestId: command.requestId, signal: command.signal };
    const letters = statistics.test === 'columns' ? crosstab.columns.map((_, i) => columnLetter(i)) : undefined;
    return { crosstab, statistics, letters, catalogue, results: this.results(crosstab, statistics, context, command.delivery) };
  }

  private async *results(
    crosstab: PreparedCrosstab,
    statistics: CrosstabStatistics,
    context: EngineCallContext,
    delivery: 'stream' | 'whole',
  ): AsyncGenerator<CrosstabResultBlock> {
    const common = { base: crosstab.base.wire, waves: crosstab.waves, locations: crosstab.locations, dataset: crosstab.dataset };
    const plain = specIsPlain(crosstab.spec) && (statistics.test === undefined || statistics.test === 'base') && statistics.split === undefined;
    if (plain) {
      // The crosstab as it always was: the engine's sums, cells built as they are written.
      const query = { ...common, rows: crosstab.rows.map((r) => r.wire), columns: crosstab.columns.map((c) => c.wire) };
      const options = { significance: statistics.test === 'base' ? statistics.level : undefined, effectiveBase: statistics.effectiveBase === true };
      if (delivery === 'stream') {
        yield* this.engine.stream(query, context, options);
        return;
      }
      const result = await this.engine.crosstab(query, context, options);
      yield { cellCount: result.cells.length, cells: result.cells };
      return;
    }
    const query = { ...common, spec: crosstab.spec };
    const options = {
      level: statistics.level,
      test: statistics.test,
      bonferroni: statistics.bonferroni === true,
      effectiveBase: statistics.effectiveBase === true,
      ...(statistics.split === 'wave' ? { split: 'wave' as const } : {}),
    };
    if (delivery === 'stream') {
      yield* this.engine.streamSpec(query, context, options);
      return;
    }
    const result = await this.engine.crosstabSpec(query, context, options);
    yield { cellCount: result.cells.length, cells: result.cells };
  }
}

/**
 * The statistics with their defaults: a test without a level is at 95%, a level without a test is
 * the base test, Bonferroni only adjusts a column test (anything else asking for it is a 400).
 */
function withDefaults(statistics: CrosstabStatistics): CrosstabStatistics {
  if (statistics.bonferroni === true && statistics.test !== 'columns') {
    throw ProblemException.validation('The request is invalid: /bonferroni', [{ path: '/bonferroni', message: 'bonferroni adjusts test=columns only' }]);
  }
  const test = statistics.test ?? (statistics.level !== undefined ? 'base' : undefined);
  const level = statistics.level ?? (test !== undefined || statistics.split !== undefined ? 0.95 : undefined);
  return { ...statistics, ...(test ? { test } : {}), ...(level ? { level } : {}) };
}
