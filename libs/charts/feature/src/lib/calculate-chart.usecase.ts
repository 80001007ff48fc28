import { Injectable } from '@nestjs/common';
import { StandardWire } from '@aas/audience-expression';
import { CatalogueAccess, CSV_MEDIA_TYPE } from '@aas/contracts';
import { EngineClient } from '@aas/engine-client';
import { ProblemException } from '@aas/infra';
import { type Download, Principal } from '@aas/infra/http';
import { fileNameOf } from '@aas/infra/http';
import { assembleChartResult, ChartCalculation, GroupCells } from './assemble-chart-result';
import { chartCsv } from './chart-csv';
import { definitionOf } from './chart.mapper';
import { ChartTaxonomySource } from './chart-taxonomy.source';
import { resultAttribute } from './chart-taxonomy';
import { ChartsService } from './charts.service';
import { prepareChartCalculation } from './prepare-chart-calculation';

/**
 * POST /v1/charts/{id}/calculate: checks the chart against today's catalogue here, computes each
 * dataset group (the stats whose universe is that dataset: datapoints x audiences within the base)
 * through the engine client, split by wave or location in the same pass, and assembles the stats.
 */
@Injectable()
export class CalculateChartUseCase {
  constructor(
    private readonly charts: ChartsService,
    private readonly catalogue: CatalogueAccess,
    private readonly taxonomy: ChartTaxonomySource,
    private readonly engine: EngineClient,
  ) {}

  async calculate(
    principal: Principal,
    id: string,
    override: { waves?: string[]; locations?: string[] },
    context: { requestId: string; signal?: AbortSignal },
  ): Promise<ChartCalculation> {
    return (await this.run(principal, id, override, context)).calculation;
  }

  /**
   * The same calculation as CSV (`chartCsv`: a header block, then one line per data row of the
   * JSON), as a download named after the chart.
   */
  async calculateCsv(
    principal: Principal,
    id: string,
    override: { waves?: string[]; locations?: string[] },
    context: { requestId: string; signal?: AbortSignal },
  ): Promise<Download> {
    const { calculation, name, chart } = await this.run(principal, id, override, context);
    const [catalogue, view] = await Promise.all([this.catalogue.forOrganisation(principal.orgId), this.catalogue.view()]);
    const waveNames = new Map(catalogue.entitledWaves.map((w) => [w.code, w.name]));
    const locationNames = new Map(catalogue.entitledLocations.map((l) => [l.code, l.name]));
    const meta = calculation.meta as { waves: string[]; locations: string[] };
    const text = chartCsv(calculation, {
      name,
      baseAudienceName: chart.base_audience.name,
      audienceNames: new Map(chart.audiences.map((a) => [a.id, a.name])),
      metrics: chart.metrics,
      dataVersion: view.version,
      waves: meta.waves.map((code) => ({ code, name: waveNames.get(code) ?? code })),
      locations: meta.locations.map((code) => ({ code, name: locationNames.get(code) ?? code })),
    });
    return { contentType: `${CSV_MEDIA_TYPE}; charset=utf-8; header=present`, fileName: fileNameOf(name, 'csv', 'chart'), body: Buffer.from(text, 'utf8') };
  }

  private async run(
    principal: Principal,
    id: string,
    override: { waves?: string[]; locations?: string[] },
    context: { requestId: string; signal?: AbortSignal },
  ): Promise<{ calculation: ChartCalculation; name: string; chart: ReturnType<typeof definitionOf> }> {
    const row = await this.charts.find(principal, id);
    const [catalogue, taxonomy] = await Promise.all([this.catalogue.forOrganisation(principal.orgId), this.taxonomy.snapshot()]);
    const chart = definitionOf(row);
    const prepared = prepareChartCalculation(chart, override, catalogue);
    if (!prepared.ok) throw ProblemException.fromCheck(prepared);
    const p = prepared.value;
    const segmentBy = chart.splitter === 'wave' || chart.splitter === 'location' ? chart.splitter : null;
    const results = new Map<string, GroupCells>();
    const base = p.base;
    if (base && p.audiences.length > 0) {
      await Promise.all(
        p.groups.map(async (group) => {
          const query = {
            rows: group.attributes.map((i) => p.attributes[i].wire as StandardWire),
            columns: p.audiences.map((a) => a.wire),
            base: base.wire,
            waves: p.waves,
            locations: p.locations,
            dataset: group.dataset,
          };
          const call = { orgId: principal.orgId, requestId: context.requestId, signal: context.signal };
          if (segmentBy === null) {
            results.set(group.dataset, { segments: [], total: [...(await this.engine.crosstab(query, call)).cells] });
            return;
          }
          const split = await this.engine.segmented(query, segmentBy, call);
          results.set(group.dataset, {
            segments: split.segments.map((s) => ({ segment: s.segment, waves: [...s.waves], locations: [...s.locations], cells: [...s.result.cells] })),
            // Indexes against the whole selection, unless each segment is its own base.
            total: chart.segmented_base ? null : [...split.total.cells],
          });
        }),
      );
    } else {
      // Every audience failed: stats keep their attributes and have no rows.
      for (const g of p.groups) results.set(g.dataset, { segments: [], total: [] });
    }
    const audiencesForFlags = p.base ? [p.base, ...p.audiences] : p.audiences;
    const calculation = assembleChartResult(chart, p, results, (attribute) => resultAttribute(attribute, catalogue, taxonomy, audiencesForFlags));
    return { calculation, name: row.name, chart };
  }
}
