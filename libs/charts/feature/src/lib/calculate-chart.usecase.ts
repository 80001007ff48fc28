import { Injectable } from '@nestjs/common';
import { StandardWire } from '@aas/audience-expression-domain';
import { CatalogueAccess, CSV_MEDIA_TYPE } from '@aas/shared-contracts';
import { buildCrosstabResult, collapseGroups, type CrosstabCell, type CrosstabItem, type TestKind } from '@aas/crosstab-engine-domain';
import { EngineClient, type EngineCallContext } from '@aas/crosstab-engine-client';
import { ProblemException } from '@aas/shared-infra';
import { type Download, Principal } from '@aas/shared-infra/http';
import { fileNameOf } from '@aas/shared-infra/http';
import { assembleChartResult, ChartCalculation, GroupCells } from './assemble-chart-result';
import { chartCsv } from './chart-csv';
import { definitionOf } from './chart.mapper';
import { ChartTaxonomySource } from './chart-taxonomy.source';
import { resultAttribute } from './chart-taxonomy';
import { ChartsService } from './charts.service';
import { prepareChartCalculation, type PreparedChart } from './prepare-chart-calculation';

/** What a calculation may add to a chart's figures (the calculate body): a test of each data row, at a confidence level. */
export interface ChartStatistics {
  readonly level?: 0.9 | 0.95 | 0.99;
  readonly test?: TestKind;
  readonly bonferroni?: boolean;
}

/** The body of a calculation: waves and locations that override the chart's, and statistics. */
export type ChartCalculationRequest = { waves?: string[]; locations?: string[] } & ChartStatistics;

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
    override: ChartCalculationRequest,
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
    override: ChartCalculationRequest,
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
    override: ChartCalculationRequest,
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
    const statistics = withDefaults(override, segmentBy);
    const averages = chart.metrics.length === 0 || chart.metrics.includes('average');
    if (base && p.audiences.length > 0) {
      await Promise.all(
        p.groups.map(async (group) => {
          const call = { orgId: principal.orgId, requestId: context.requestId, signal: context.signal };
          // Averages, a test or trends (a split by wave) need the engine client's spec; the rest is the plain crosstab it always was.
          const withAverages = averages && group.attributes.some((i) => p.attributes[i].average !== undefined);
          if (withAverages || statistics.test !== undefined || segmentBy === 'wave') {
            results.set(
              group.dataset,
              await this.specCells(p, group.attributes, base.wire, group.dataset, segmentBy, statistics, withAverages, call, chart.segmented_base),
            );
            return;
          }
          const query = {
            rows: group.attributes.map((i) => p.attributes[i].wire as StandardWire),
            columns: p.audiences.map((a) => a.wire),
            base: base.wire,
            waves: p.waves,
            locations: p.locations,
            dataset: group.dataset,
          };
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
    const calculation = assembleChartResult(chart, p, results, (attribute) => resultAttribute(attribute, catalogue, taxonomy, audiencesForFlags), {
      test: statistics.test,
    });
    return { calculation, name: row.name, chart };
  }

  /**
   * One dataset group through the engine client's spec: the attributes as rows, each distinct
   * average (a numeric question, a scale's row) as one more row whose cells give the attributes'
   * `average`, the audiences as columns; per segment when split (by wave: with each wave's trend),
   * and unsplit from the same sums for a segment indexed against the whole selection.
   */
  private async specCells(
    p: PreparedChart,
    attributes: readonly number[],
    base: StandardWire,
    dataset: string,
    segmentBy: 'wave' | 'location' | null,
    statistics: ChartStatistics,
    withAverages: boolean,
    call: EngineCallContext,
    segmentedBase: boolean,
  ): Promise<GroupCells> {
    const rows: CrosstabItem<StandardWire>[] = attributes.map((i) => ({ expression: p.attributes[i].wire as StandardWire }));
    const averageRow = new Map<string, number>();
    for (const i of attributes) {
      const average = p.attributes[i].average;
      if (!withAverages || average === undefined || averageRow.has(average.key)) continue;
      averageRow.set(average.key, rows.length);
      rows.push({ expression: average.checked.answered, average: average.checked.parts.map((part) => ({ expression: part.wire, value: part.value })) });
    }
    const columns = p.audiences.map((a) => ({ expression: a.wire }));
    const result = await this.engine.crosstabSpec({ spec: { rows, columns, validBases: [] }, base, waves: p.waves, locations: p.locations, dataset }, call, {
      level: statistics.level,
      test: statistics.test,
      bonferroni: statistics.bonferroni,
      ...(segmentBy ? { split: segmentBy } : {}),
    });
    const labels = segmentBy === 'wave' ? [...new Set(p.waves)] : segmentBy === 'location' ? [...new Set(p.locations)] : [''];
    // Cells come row by row, each row's segment by segment: regroup them as segment -> row-major cells of the attributes.
    const bySegment = labels.map(() => new Array<CrosstabCell>(attributes.length * columns.length));
    const averagesBySegment = labels.map(() => new Map<number, CrosstabCell>());
    for (const cell of result.cells) {
      const g = segmentBy === 'wave' ? labels.indexOf(cell.wave as string) : segmentBy === 'location' ? labels.indexOf(cell.location as string) : 0;
      if (cell.rowIndex < attributes.length) bySegment[g][cell.rowIndex * columns.length + cell.columnIndex] = cell;
      else averagesBySegment[g].set(cell.rowIndex * columns.length + cell.columnIndex, cell);
    }
    const withAverage = (cells: CrosstabCell[], g: number) =>
      cells.map((cell, k) => {
        const key = p.attributes[attributes[Math.floor(k / columns.length)]].average?.key;
        const row = key === undefined ? undefined : averageRow.get(key);
        const average = row === undefined ? undefined : averagesBySegment[g].get(row * columns.length + cell.columnIndex)?.average;
        return average === undefined ? cell : { ...cell, average };
      });
    if (segmentBy === null) return { segments: [], total: withAverage(bySegment[0], 0) };
    const waveCount = new Set(p.waves).size;
    const total = segmentedBase ? null : buildCrosstabResult(collapseGroups(result.sums.raw), 0, waveCount).cells.slice(0, attributes.length * columns.length);
    return {
      segments: labels.map((segment, g) => ({
        segment,
        waves: segmentBy === 'wave' ? [segment] : [...p.waves],
        locations: segmentBy === 'wave' ? [...p.locations] : [segment],
        cells: withAverage(bySegment[g], g),
      })),
      total,
    };
  }
}

/** A test without a level is at 95%; a split by wave always tests each wave against the previous one, at the level asked or 95%. */
function withDefaults(override: ChartCalculationRequest, segmentBy: 'wave' | 'location' | null): ChartStatistics {
  const test = override.test ?? (override.level !== undefined ? 'base' : undefined);
  const level = override.level ?? (test !== undefined || segmentBy === 'wave' ? 0.95 : undefined);
  return { ...(test ? { test } : {}), ...(level ? { level } : {}), ...(override.bonferroni ? { bonferroni: true } : {}) };
}
