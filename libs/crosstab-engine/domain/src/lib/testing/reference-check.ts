import { referenceMetric, type Expression } from '@aas/audience-expression-domain';
import { index, percentage } from '../metrics';
import type { CrosstabQuery, CrosstabResult } from '../crosstab.types';
import { withPlainQuestions, type TestRecord } from './random-data';

const ALL: Expression = { kind: 'all' };

/** Throws unless two figures agree to a relative difference of 1e-9. */
export function close(actual: number, expected: number, what: string): void {
  const scale = Math.max(Math.abs(actual), Math.abs(expected));
  if (!(Math.abs(actual - expected) <= 1e-9 * scale) && !(scale === 0 && actual === expected)) {
    throw new Error(`${what}: engine ${actual}, reference ${expected}`);
  }
}

/** Every metric of every cell against the reference evaluator, with the formulas of docs/metrics.md. */
export function checkAgainstReference(result: CrosstabResult, records: readonly TestRecord[], query: CrosstabQuery): void {
  const selection = { waves: query.waves, locations: query.locations };
  const datasets = query.datasets;
  const scope = datasets === undefined ? records : records.filter((r) => datasets.includes(r.dataset));
  const plain = (e: Expression) => withPlainQuestions(e);
  const base = plain(query.base ?? ALL);
  const baseRef = referenceMetric(scope, base, ALL, selection);
  close(result.base.size, baseRef.size, 'base.size');
  close(result.base.sample, baseRef.sample, 'base.sample');
  const rowRefs = query.rows.map((row) => referenceMetric(scope, plain(row), base, selection));
  const columnRefs = query.columns.map((column) => referenceMetric(scope, plain(column), base, selection));
  query.rows.forEach((row, r) => {
    query.columns.forEach((column, c) => {
      const cell = result.cells[r * query.columns.length + c];
      const at = `cell ${r},${c}`;
      const inter = referenceMetric(scope, { kind: 'and', children: [plain(row), plain(column)] }, base, selection);
      const rowRef = rowRefs[r];
      const columnRef = columnRefs[c];
      close(cell.base.size, baseRef.size, `${at} base.size`);
      close(cell.row.size, rowRef.size, `${at} row.size`);
      close(cell.row.sample, rowRef.sample, `${at} row.sample`);
      close(cell.column.size, columnRef.size, `${at} column.size`);
      close(cell.column.sample, columnRef.sample, `${at} column.sample`);
      close(cell.intersect.size, inter.size, `${at} intersect.size`);
      close(cell.intersect.sample, inter.sample, `${at} intersect.sample`);
      close(cell.row.percentage, percentage(rowRef.size, baseRef.size), `${at} row.percentage`);
      close(cell.column.percentage, percentage(columnRef.size, baseRef.size), `${at} column.percentage`);
      close(cell.row.intersectPercentage, percentage(inter.size, rowRef.size), `${at} row.intersectPercentage`);
      close(cell.column.intersectPercentage, percentage(inter.size, columnRef.size), `${at} column.intersectPercentage`);
      close(cell.intersect.percentage, percentage(inter.size, baseRef.size), `${at} intersect.percentage`);
      close(cell.intersect.index, index(inter.size, rowRef.size, columnRef.size, baseRef.size), `${at} intersect.index`);
      for (const value of [cell.row.percentage, cell.column.percentage, cell.intersect.index, cell.row.intersectPercentage]) {
        if (!Number.isFinite(value)) throw new Error(`${at}: non-finite metric ${value}`);
      }
      if (cell.flags.lowBase !== inter.sample < 50 || cell.flags.unreliable !== inter.sample < 30) throw new Error(`${at}: flags`);
    });
  });
}
