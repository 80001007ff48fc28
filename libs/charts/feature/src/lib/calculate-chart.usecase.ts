import { Injectable } from '@nestjs/common';
import { CatalogueAccess, ChartCalculatePayload } from '@aas/contracts';
import { JobRunner, Principal, ProblemException } from '@aas/infra';
import { assembleChartResult, ChartCalculation, GroupCells } from './assemble-chart-result';
import { definitionOf } from './chart.mapper';
import { ChartTaxonomyRepository } from './chart-taxonomy.repository';
import { resultAttribute } from './chart-taxonomy';
import { ChartCell } from './chart-metrics';
import { ChartsService } from './charts.service';
import { prepareChartCalculation } from './prepare-chart-calculation';

/**
 * POST /v1/charts/{id}/calculate: checks the chart against today's catalogue here, runs one
 * `charts.calculate` job per dataset group (datapoints x audiences within the base, on a worker;
 * in this process in inline mode), and assembles the stats.
 */
@Injectable()
export class CalculateChartUseCase {
  constructor(
    private readonly charts: ChartsService,
    private readonly catalogue: CatalogueAccess,
    private readonly taxonomy: ChartTaxonomyRepository,
    private readonly jobs: JobRunner,
  ) {}

  async calculate(principal: Principal, id: string, override: { waves?: string[]; locations?: string[] }, signal?: AbortSignal): Promise<ChartCalculation> {
    const row = await this.charts.find(principal, id);
    const [catalogue, taxonomy] = await Promise.all([this.catalogue.forOrganisation(principal.orgId), this.taxonomy.snapshot()]);
    const chart = definitionOf(row);
    const prepared = prepareChartCalculation(chart, override, catalogue);
    if (!prepared.ok) {
      throw prepared.status === 403
        ? ProblemException.forbidden(prepared.detail, prepared.errors)
        : ProblemException.validation(prepared.detail, prepared.errors);
    }
    const p = prepared.value;
    const segmentBy = chart.splitter === 'wave' || chart.splitter === 'location' ? chart.splitter : null;
    const results = new Map<string, GroupCells>();
    const base = p.base;
    if (base && p.audiences.length > 0) {
      await Promise.all(
        p.groups.map(async (group) => {
          const payload: ChartCalculatePayload = {
            orgId: principal.orgId,
            rows: group.attributes.map((i) => p.attributes[i].wire),
            columns: p.audiences.map((a) => a.wire),
            base: base.wire,
            waves: p.waves,
            locations: p.locations,
            datasets: [group.dataset],
            segmentBy,
            withTotal: segmentBy !== null && !chart.segmented_base,
          };
          const result = await this.jobs.run('charts.calculate', payload, { signal });
          results.set(group.dataset, {
            segments: result.segments.map((s) => ({ ...s, cells: s.cells as ChartCell[] })),
            total: result.total as ChartCell[] | null,
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
