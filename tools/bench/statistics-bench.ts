/**
 * What averages and column tests cost (issue 30's target: a 100x100 crosstab with test=columns and
 * average rows within 1.3x of the same crosstab without them): the engine's sums and every cell
 * built, warm, as a worker and a gateway do them for one block (no HTTP), median of several runs.
 *
 * - plain: 100 rows x 100 columns, the last few rows being who answered a numeric question (the
 *   audience an average row counts), cells as a stream builds them (`crosstabCellViews`);
 * - with: the same crosstab, those rows now average items (each answer one more plain row of the
 *   block, `BlockLayout`), every cell with its test between the columns (`specCells`, test=columns);
 * - with, the answers also rows: the crosstab a researcher often makes, each numeric question's
 *   answers among the rows beside its average, so the averages' answers cost no more cells.
 */
import { loadavg } from 'node:os';
import type { Expression } from '@aas/audience-expression-domain';
import { generateSurvey } from '@aas/demo-data-domain';
import {
  AudienceStore,
  BlockFold,
  BlockLayout,
  computeRawSums,
  crosstabCellViews,
  expressionKey,
  specCells,
  type CellExecutor,
  type CrosstabData,
  type CrosstabItem,
  type CrosstabSpec,
} from '@aas/crosstab-engine-domain';
import { leaf, median } from './engine-bench-data';

/** The numeric questions averaged (single-choice, every datapoint with a midpoint): 5 to 8 answers each. */
const AVERAGED = ['age_group', 'household_size', 'household_income_band', 'hours_online_per_day', 'sleep_hours'];

export interface StatisticsBenchContext {
  readonly survey: ReturnType<typeof generateSurvey>;
  readonly data: CrosstabData;
  readonly store: AudienceStore;
  readonly executors: readonly (readonly [string, CellExecutor])[];
  readonly waves: readonly string[];
  readonly locations: readonly string[];
  readonly all: readonly Expression[];
  readonly runs: number;
}

interface Timing {
  engine: number;
  cells: number;
  total: number;
  /** CPU time of the process (every thread) over the whole: on a shared machine it moves far less than the wall time. */
  cpu: number;
}

/** Runs `work` timing it in wall and CPU time. */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return { value, wall: performance.now() - t, cpu: (used.user + used.system) / 1000 };
}

export async function benchStatistics(context: StatisticsBenchContext): Promise<void> {
  const { survey, data, store, executors, waves, locations, all } = context;
  const runs = Math.max(context.runs, Number(process.env['BENCH_STATISTICS_RUNS'] ?? 9));
  const questions = AVERAGED.map((code) => survey.catalogue.questions.find((q) => q.code === code));
  const averages = questions.map((q) => {
    if (!q || q.datapoints.some((d) => d.midpoint === null)) throw new Error(`the demo survey has no numeric question ${q?.code}`);
    return {
      answered: leaf(
        q.code,
        q.datapoints.map((d) => d.code),
      ),
      parts: q.datapoints.map((d) => ({ expression: leaf(q.code, [d.code]), value: d.midpoint as number })),
    };
  });
  const columns = all.slice(all.length - 100);
  const base = { waves, locations, datasets: ['core'], base: { kind: 'all' as const } };
  const version = store.forVersion('statistics');
  const waveCount = new Set(waves).size;
  const answers = averages.flatMap((a) => a.parts.map((p) => p.expression));

  const plainRows = [...all.slice(0, 100 - averages.length), ...averages.map((a) => a.answered)];
  const specOf = (rows: readonly Expression[], averaged: number): CrosstabSpec<Expression> => ({
    rows: rows.map((expression, i): CrosstabItem<Expression> => {
      const average = i >= rows.length - averaged ? averages[i - (rows.length - averaged)] : undefined;
      return average ? { expression, average: average.parts } : { expression };
    }),
    columns: columns.map((expression) => ({ expression })),
    validBases: [],
  });
  // The answers among the rows: the first rows give way to them, the averages stay last.
  const withAnswers = [...answers, ...plainRows.slice(answers.length)];

  const plain = async (executor: CellExecutor, rows: readonly Expression[]): Promise<Timing> => {
    const t = performance.now();
    const run = await timed(async () => {
      const raw = await computeRawSums(data, { ...base, rows, columns }, 'none', { executor, sliceMs: 1e9, audiences: version });
      const t1 = performance.now();
      let sum = 0;
      for (const cell of crosstabCellViews(raw, 0, waveCount, {})) sum += cell.column.intersectPercentage;
      if (!Number.isFinite(sum)) throw new Error('no cells');
      return t1;
    });
    return { engine: run.value - t, cells: run.wall - (run.value - t), total: run.wall, cpu: run.cpu };
  };
  const statistics = async (executor: CellExecutor, spec: CrosstabSpec<Expression>): Promise<Timing & { plainRows: number }> => {
    const t = performance.now();
    let plainRows = 0;
    const run = await timed(async () => {
      const layout = new BlockLayout(spec, { rowStart: 0, rowEnd: spec.rows.length, columnStart: 0, columnEnd: spec.columns.length }, expressionKey);
      plainRows = layout.rows.length;
      const raw = await computeRawSums(data, { ...base, rows: layout.rows, columns: layout.columns }, 'none', { executor, sliceMs: 1e9, audiences: version });
      const t1 = performance.now();
      const { sums } = new BlockFold(layout).fold(raw, 0);
      let sum = 0;
      for (const cell of specCells(sums, waveCount, { level: 0.95, test: 'columns', columnCount: spec.columns.length })) sum += cell.column.intersectPercentage;
      if (!Number.isFinite(sum)) throw new Error('no cells');
      return t1;
    });
    return { engine: run.value - t, cells: run.wall - (run.value - t), total: run.wall, cpu: run.cpu, plainRows };
  };
  const show = (samples: Timing[]): string => {
    const m = (pick: (s: Timing) => number) => median(samples.map(pick));
    return `${m((s) => s.total).toFixed(1)} ms (engine ${m((s) => s.engine).toFixed(1)}, cells ${m((s) => s.cells).toFixed(1)}; CPU ${m((s) => s.cpu).toFixed(1)})`;
  };
  for (const [name, executor] of executors) {
    const cases: [string, () => Promise<Timing & { plainRows?: number }>][] = [
      ['plain 100x100', () => plain(executor, plainRows)],
      [`${averages.length} average rows + test=columns`, () => statistics(executor, specOf(plainRows, averages.length))],
      ['plain 100x100, the answers among the rows', () => plain(executor, withAnswers)],
      [`${averages.length} average rows + test=columns, the answers among the rows`, () => statistics(executor, specOf(withAnswers, averages.length))],
    ];
    // Warm: every audience evaluated and packed once, then the cases interleaved run by run, so drift hits them alike.
    for (const [, run] of cases) await run();
    const samples = cases.map((): (Timing & { plainRows?: number })[] => []);
    for (let i = 0; i < runs; i++) for (const [k, [, run]] of cases.entries()) samples[k].push(await run());
    const medians = samples.map((list) => median(list.map((s) => s.total)));
    const cpus = samples.map((list) => median(list.map((s) => s.cpu)));
    cases.forEach(([label], k) => {
      const ratio = k % 2 === 1 ? `; ${(medians[k] / medians[k - 1]).toFixed(2)}x the plain (CPU ${(cpus[k] / cpus[k - 1]).toFixed(2)}x)` : '';
      const rows = samples[k][0].plainRows === undefined ? '' : ` (${samples[k][0].plainRows} plain rows)`;
      console.log(`statistics ${name}: ${label}${rows}: ${show(samples[k])}${ratio}; load ${loadavg()[0].toFixed(2)}`);
    });
  }
}
