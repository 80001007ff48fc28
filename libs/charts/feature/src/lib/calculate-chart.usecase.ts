import { Injectable } from '@nestjs/common';
import { StandardWire } from '@aas/audience-expression';
import { CatalogueAccess } from '@aas/contracts';
import { EngineClient } from '@aas/engine-client';
import { Principal, ProblemException } from '@aas/infra';
import { assembleChartResult, ChartCalculation, GroupCells } from './assemble-chart-result';
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
    return assembleChartResult(chart, p, results, (attribute) => resultAttribute(attribute, catalogue, taxonomy, audiencesForFlags));
  }
}
