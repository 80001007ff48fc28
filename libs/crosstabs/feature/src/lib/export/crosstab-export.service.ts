import { Injectable } from '@nestjs/common';
import {
  CatalogueAccess,
  CrosstabExporter,
  CSV_MEDIA_TYPE,
  type CrosstabExportMetric,
  type CrosstabExportOptions,
  type CrosstabQueryInput,
  type ExportedFile,
  type ExportMediaType,
} from '@aas/shared-contracts';
import type { CrosstabCell } from '@aas/crosstab-engine-domain';
import { ProblemException } from '@aas/shared-infra';
import { fileNameOf } from '@aas/shared-infra/http';
import { RunCrosstabCommand } from '../run-crosstab/run-crosstab.command';
import { RunCrosstabUseCase, type CrosstabRun } from '../run-crosstab/run-crosstab.usecase';
import { crosstabCsv, crosstabSheet } from './crosstab-sheet';
import { crosstabWorkbook } from './crosstab-workbook';

/** How a run is laid out as a file. */
export interface RenderOptions {
  readonly mediaType: ExportMediaType;
  readonly metric: CrosstabExportMetric;
  /** The title of the sheet's header block; also the file name. */
  readonly title: string;
}

/**
 * Crosstab exports: a run of the crosstab use case (the same checks as the JSON stream, the same
 * 400/403) computed whole and laid out as CSV or an Excel workbook. Also the `CrosstabExporter`
 * other domains (saved crosstabs) use.
 */
@Injectable()
export class CrosstabExportService extends CrosstabExporter {
  constructor(
    private readonly catalogue: CatalogueAccess,
    private readonly runCrosstab: RunCrosstabUseCase,
  ) {
    super();
  }

  async export(orgId: string, query: CrosstabQueryInput, options: CrosstabExportOptions): Promise<ExportedFile> {
    const run = await this.runCrosstab.execute(new RunCrosstabCommand(orgId, options.requestId, query, options.statistics, 'whole', options.signal));
    return this.render(run, options);
  }

  /** A run's cells (computed whole) as a file; a statistic's metric the crosstab does not have is a 400 naming /metric. */
  async render(run: CrosstabRun, options: RenderOptions): Promise<ExportedFile> {
    const cells: CrosstabCell[] = [];
    for await (const block of run.results) for (const cell of block.cells) cells.push(cell);
    const view = await this.catalogue.view();
    const waveNames = new Map(run.catalogue.entitledWaves.map((w) => [w.code, w.name]));
    const locationNames = new Map(run.catalogue.entitledLocations.map((l) => [l.code, l.name]));
    const { crosstab } = run;
    const sheet = crosstabSheet(crosstab, cells, {
      title: options.title,
      dataVersion: view.version,
      waves: crosstab.waves.map((code) => ({ code, name: waveNames.get(code) ?? code })),
      locations: crosstab.locations.map((code) => ({ code, name: locationNames.get(code) ?? code })),
      statistics: run.statistics,
      letters: run.letters,
    });
    const metric = options.metric;
    if (metric !== 'all' && !sheet.metrics.includes(metric)) {
      const needs: Record<string, string> = { average: 'an average item (avg)', significance: 'a test (significance or test)', trend: 'split=wave' };
      throw ProblemException.validation('The request is invalid: /metric', [{ path: '/metric', message: `metric=${metric} needs ${needs[metric]}` }]);
    }
    if (options.mediaType === CSV_MEDIA_TYPE) {
      return {
        contentType: `${CSV_MEDIA_TYPE}; charset=utf-8; header=present`,
        fileName: fileNameOf(options.title, 'csv', 'crosstab'),
        body: Buffer.from(crosstabCsv(sheet, metric), 'utf8'),
      };
    }
    return { contentType: options.mediaType, fileName: fileNameOf(options.title, 'xlsx', 'crosstab'), body: await crosstabWorkbook(sheet, metric) };
  }
}
