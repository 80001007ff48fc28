import { Injectable } from '@nestjs/common';
import { CatalogueAccess, CrosstabExporter, CSV_MEDIA_TYPE, type CrosstabExportOptions, type CrosstabQueryInput, type ExportedFile } from '@aas/contracts';
import { EngineClient } from '@aas/engine-client';
import { CommonConfig, ProblemException } from '@aas/infra';
import { fileNameOf } from '@aas/infra/http';
import { prepareCrosstab } from '../prepare-crosstab';
import { crosstabCsv, crosstabSheet } from './crosstab-sheet';
import { crosstabWorkbook } from './crosstab-workbook';

/**
 * Crosstab exports: the query checked against the caller's catalogue exactly as the JSON stream
 * checks it (the same 400/403), computed whole through the engine client, and laid out as CSV or
 * an Excel workbook. Also the `CrosstabExporter` other domains (saved crosstabs) use.
 */
@Injectable()
export class CrosstabExportService extends CrosstabExporter {
  constructor(
    private readonly catalogue: CatalogueAccess,
    private readonly config: CommonConfig,
    private readonly engine: EngineClient,
  ) {
    super();
  }

  async export(orgId: string, query: CrosstabQueryInput, options: CrosstabExportOptions): Promise<ExportedFile> {
    const [catalogue, view] = await Promise.all([this.catalogue.forOrganisation(orgId), this.catalogue.view()]);
    const prepared = prepareCrosstab(query, catalogue, this.config.CROSSTAB_MAX_CELLS);
    if (!prepared.ok) throw ProblemException.fromCheck(prepared);
    const crosstab = prepared.value;
    const result = await this.engine.crosstab(
      {
        rows: crosstab.rows.map((r) => r.wire),
        columns: crosstab.columns.map((c) => c.wire),
        base: crosstab.base.wire,
        waves: crosstab.waves,
        locations: crosstab.locations,
        dataset: crosstab.dataset,
      },
      { orgId, requestId: options.requestId, signal: options.signal },
    );
    const waveNames = new Map(catalogue.entitledWaves.map((w) => [w.code, w.name]));
    const locationNames = new Map(catalogue.entitledLocations.map((l) => [l.code, l.name]));
    const sheet = crosstabSheet(crosstab, result.cells, {
      title: options.title,
      dataVersion: view.version,
      waves: crosstab.waves.map((code) => ({ code, name: waveNames.get(code) ?? code })),
      locations: crosstab.locations.map((code) => ({ code, name: locationNames.get(code) ?? code })),
    });
    if (options.mediaType === CSV_MEDIA_TYPE) {
      return {
        contentType: `${CSV_MEDIA_TYPE}; charset=utf-8; header=present`,
        fileName: fileNameOf(options.title, 'csv', 'crosstab'),
        body: Buffer.from(crosstabCsv(sheet, options.metric), 'utf8'),
      };
    }
    return { contentType: options.mediaType, fileName: fileNameOf(options.title, 'xlsx', 'crosstab'), body: await crosstabWorkbook(sheet, options.metric) };
  }
}
