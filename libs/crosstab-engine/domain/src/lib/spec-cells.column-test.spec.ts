import fc from 'fast-check';
import { emptyRawSums } from './raw-sums';
import type { SpecSums } from './crosstab-spec';
import { specCells, type ColumnTestResult } from './spec-cells';
import { columnLetter, criticalZ, designFactor, NO_VARIANCE, proportionEstimate } from './statistics';

/** One column of a row: its sums (w, w^2, n) and the row's cell in it. */
interface ColumnSums {
  readonly columnW: number;
  readonly columnW2: number;
  readonly intersectW: number;
  readonly intersectW2: number;
}

/** A single-row, single-group crosstab of these columns (the row is the whole base: only the columns matter here). */
function sumsOf(columns: readonly ColumnSums[]): SpecSums {
  const raw = emptyRawSums(1, columns.length, 1);
  raw.singles.set([1000, 2000, 500], 0);
  raw.singles.set([1000, 2000, 500], 3);
  columns.forEach((c, i) => {
    raw.singles.set([c.columnW, c.columnW2, 10], (2 + i) * 3);
    raw.cells.set([c.intersectW, c.intersectW2, 5], i * 3);
  });
  return { raw, rowAverages: [undefined], columnAverages: columns.map(() => undefined) };
}

/**
 * The letters as the test was first written: every pair (a < b) once, a exceeds b when d = a - b > 0
 * and d^2 > critical^2 (V_a + V_b), with the threshold of no variance; letters in column order.
 */
function pairwiseLetters(columns: readonly ColumnSums[], critical: number): string[][] {
  const factor = designFactor(500);
  const estimates = columns.map((c) => proportionEstimate(c.intersectW, c.intersectW2, c.columnW, c.columnW2, factor));
  const higher: string[][] = columns.map(() => []);
  const critical2 = critical * critical;
  for (let a = 0; a < columns.length; a++) {
    for (let b = a + 1; b < columns.length; b++) {
      const ea = estimates[a];
      const eb = estimates[b];
      if (ea === undefined || eb === undefined) continue;
      const v = ea.variance + eb.variance;
      if (!(v > NO_VARIANCE * (ea.value * ea.value + eb.value * eb.value))) continue;
      const d = ea.value - eb.value;
      if (d * d > critical2 * v) {
        if (d > 0) higher[a].push(columnLetter(b));
        else higher[b].push(columnLetter(a));
      }
    }
  }
  // In column order already: a cell's smaller partners push from their own loops first, then its own loop.
  return higher;
}

/** Columns drawn so that ties (a repeated column), empty columns, shares of 0 and 1 and no variance all occur. */
const columnArbitrary: fc.Arbitrary<ColumnSums> = fc.oneof(
  fc
    .record({
      columnW: fc.double({ min: 1, max: 5000, noNaN: true }),
      share: fc.double({ min: 0, max: 1, noNaN: true }),
      spread: fc.double({ min: 0.5, max: 3, noNaN: true }),
    })
    .map(({ columnW, share, spread }) => ({
      columnW,
      columnW2: columnW * spread,
      intersectW: columnW * share,
      intersectW2: columnW * share * spread,
    })),
  fc.constant({ columnW: 0, columnW2: 0, intersectW: 0, intersectW2: 0 }),
  fc.constant({ columnW: 40, columnW2: 40, intersectW: 40, intersectW2: 40 }),
  fc.constant({ columnW: 40, columnW2: 40, intersectW: 0, intersectW2: 0 }),
);

describe('column test letters (test=columns)', () => {
  it('are the pairs the pairwise rule finds, in column order, on rows of up to 130 columns', () => {
    fc.assert(
      fc.property(
        fc
          .array(columnArbitrary, { minLength: 1, maxLength: 130, size: 'max' })
          .chain((columns) => fc.tuple(fc.constant(columns), fc.array(fc.nat({ max: columns.length - 1 }), { maxLength: 10 }))),
        fc.boolean(),
        ([drawn, repeats], bonferroni) => {
          // Repeated columns make ties of estimates (d = 0: never a letter either way).
          const columns = [...drawn, ...repeats.map((i) => drawn[i])];
          const critical = criticalZ(0.95, bonferroni ? (columns.length * (columns.length - 1)) / 2 : 1);
          const cells = [...specCells(sumsOf(columns), 1, { test: 'columns', bonferroni, columnCount: columns.length })];
          const expected = pairwiseLetters(columns, critical);
          cells.forEach((cell, c) => {
            const significance = cell.significance as ColumnTestResult;
            expect(significance.higherThan).toEqual(expected[c]);
            expect(significance.critical).toBe(critical);
            if (columns[c].columnW === 0) expect(significance).toMatchObject({ stdError: 0, reason: 'empty-column' });
            else expect(significance.reason).toBeUndefined();
          });
        },
      ),
      { numRuns: 100 },
    );
  });
});
