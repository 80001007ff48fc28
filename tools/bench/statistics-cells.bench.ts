/**
 * The cells of a block with test=columns alone (issue 30): a 100x100 whose last 5 rows are average
 * items of 6 answers, folded (`BlockFold`) and every cell built (`specCells`), on synthetic sums (no
 * survey, no engine), so the gateway's share of a crosstab with statistics is timed without the
 * engine's noise. CPU time, median of 60 warm runs (BENCH_CELLS_RUNS).
 *
 *   node tools/runtime/build-if-stale.js && node -r ./tools/runtime/register.js dist/tools/bench/statistics-cells.bench.js
 */
import { cpus, loadavg } from 'node:os';
import type { Expression } from '@aas/audience-expression-domain';
import {
  BlockFold,
  BlockLayout,
  emptyRawSums,
  expressionKey,
  specCells,
  type ColumnTestResult,
  type CrosstabItem,
  type CrosstabSpec,
} from '@aas/crosstab-engine-domain';
import { median } from './engine-bench-data';

const leaf = (question: string, datapoints: string[]): Expression => ({ kind: 'leaf', question, datapoints });
const ANSWERS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** A fixed pseudo-random sequence (the same sums every run). */
function sequence(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

function main(): void {
  const runs = Number(process.env['BENCH_CELLS_RUNS'] ?? 60);
  const random = sequence(7);
  const rows: CrosstabItem<Expression>[] = [];
  for (let i = 0; i < 95; i++) rows.push({ expression: leaf(`r${i}`, ['x']) });
  for (let k = 0; k < 5; k++)
    rows.push({ expression: leaf(`avg${k}`, ANSWERS), average: ANSWERS.map((d, j) => ({ expression: leaf(`avg${k}`, [d]), value: j * 10 + 5 })) });
  const spec: CrosstabSpec<Expression> = { rows, columns: Array.from({ length: 100 }, (_, c) => ({ expression: leaf(`c${c}`, ['y']) })), validBases: [] };
  const block = { rowStart: 0, rowEnd: 100, columnStart: 0, columnEnd: 100 };
  const plain = new BlockLayout(spec, block, expressionKey);
  const rowCount = plain.rows.length;
  const columnCount = plain.columns.length;
  const raw = emptyRawSums(rowCount, columnCount, 1);
  const base = 448024;
  raw.singles.set([base, base * 1.2, base], 0);
  const columnW: number[] = [];
  for (let c = 0; c < columnCount; c++) {
    const w = base * (0.05 + 0.5 * random());
    columnW.push(w);
    raw.singles.set([w, w * 1.2, Math.round(w)], (1 + rowCount + c) * 3);
  }
  for (let r = 0; r < rowCount; r++) {
    const share = 0.05 + 0.5 * random();
    raw.singles.set([base * share, base * share * 1.2, Math.round(base * share)], (1 + r) * 3);
    for (let c = 0; c < columnCount; c++) {
      const w = columnW[c] * share * (0.7 + 0.6 * random());
      raw.cells.set([w, w * 1.2, Math.round(w)], (r * columnCount + c) * 3);
    }
  }
  const once = (): { fold: number; total: number; letters: number } => {
    const layout = new BlockLayout(spec, block, expressionKey);
    const start = process.cpuUsage();
    const { sums } = new BlockFold(layout).fold(raw, 0);
    const folded = process.cpuUsage(start);
    let letters = 0;
    for (const cell of specCells(sums, 4, { level: 0.95, test: 'columns', columnCount: 100 }))
      letters += (cell.significance as ColumnTestResult).higherThan.length;
    const built = process.cpuUsage(start);
    return { fold: (folded.user + folded.system) / 1000, total: (built.user + built.system) / 1000, letters };
  };
  for (let i = 0; i < 30; i++) once();
  const samples = Array.from({ length: runs }, once);
  console.log(
    `statistics cells: ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}; ${rowCount} plain rows x ${columnCount} columns, ${samples[0].letters} letters; ` +
      `fold ${median(samples.map((s) => s.fold)).toFixed(2)} ms, fold + cells ${median(samples.map((s) => s.total)).toFixed(2)} ms CPU (median of ${runs})`,
  );
}

main();
