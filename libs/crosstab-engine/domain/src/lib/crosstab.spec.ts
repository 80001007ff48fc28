import { computeCrosstab } from './crosstab';
import type { SignificanceResult } from './metrics';
import { partitionsOf, testDictionary, type TestRecord } from './testing/random-data';

const dictionary = () => testDictionary('core');
const person = (id: number, wave: string, weight: number, female: boolean, tiktok: boolean): TestRecord => ({
  id,
  dataset: 'core',
  wave,
  location: 'l1',
  weight,
  answers: [{ question: 'gender', datapoint: female ? 'f' : 'm' }, ...(tiktok ? [{ question: 'platforms', datapoint: 'tt' }] : [])],
});
// Wave w1: women (2 x 10) with TikTok 1 of them; men (2 x 30), one with TikTok. Wave w2: one woman of weight 40 with TikTok.
const records = [
  person(0, 'w1', 10, true, true),
  person(1, 'w1', 10, true, false),
  person(2, 'w1', 30, false, true),
  person(3, 'w1', 30, false, false),
  person(4, 'w2', 40, true, true),
];
const data = { partitions: partitionsOf(records).partitions, dictionary };
const women = { kind: 'leaf' as const, question: 'gender', datapoints: ['f'] };
const tiktok = { kind: 'leaf' as const, question: 'platforms', datapoints: ['tt'] };

describe('computeCrosstab (hand-computed cells)', () => {
  it('averages sizes over the selected waves and sums samples', async () => {
    const result = await computeCrosstab(
      data,
      { rows: [tiktok], columns: [women], waves: ['w1', 'w2', 'w3'], locations: ['l1'] },
      { effectiveBase: true, significance: true },
    );
    const cell = result.cells[0];
    // per-wave sums: base w1 80, w2 40, w3 0 -> 40; tiktok 40, 40, 0 -> 80/3; women 20, 40 -> 20; both 10, 40 -> 50/3
    expect(cell.base).toEqual({ size: 40, sample: 5 });
    expect(cell.row.size).toBeCloseTo(80 / 3, 12);
    expect(cell.row.sample).toBe(3);
    expect(cell.column).toMatchObject({ size: 20, sample: 3 });
    expect(cell.intersect.size).toBeCloseTo(50 / 3, 12);
    expect(cell.intersect.sample).toBe(2);
    expect(cell.row.percentage).toBeCloseTo((80 / 3 / 40) * 100, 12);
    expect(cell.column.percentage).toBe(50);
    expect(cell.intersect.percentage).toBeCloseTo((50 / 3 / 40) * 100, 12);
    expect(cell.row.intersectPercentage).toBeCloseTo(62.5, 12);
    expect(cell.column.intersectPercentage).toBeCloseTo((50 / 3 / 20) * 100, 12);
    expect(cell.intersect.index).toBeCloseTo((((50 / 3) * 40) / ((80 / 3) * 20)) * 100, 12);
    expect(cell.flags).toEqual({ lowBase: true, unreliable: true });
    expect(cell.reasons).toEqual([]);
    // women: weights 10, 10, 40 -> (60)^2 / (100 + 100 + 1600) = 2
    expect(cell.effectiveBase?.column).toBeCloseTo(2, 12);
    expect(cell.significance?.level).toBe(0.95);
  });

  it('reports zero denominators as 0 with a reason, never NaN or Infinity', async () => {
    const nobody = { kind: 'all' as const, not: true };
    const result = await computeCrosstab(
      data,
      { rows: [nobody], columns: [women], base: tiktok, waves: ['w9'], locations: ['l1'] },
      { significance: 0.99, effectiveBase: true },
    );
    const cell = result.cells[0];
    expect(cell.reasons).toEqual(['empty-base', 'empty-row', 'empty-column']);
    for (const value of [
      cell.row.percentage,
      cell.row.intersectPercentage,
      cell.column.intersectPercentage,
      cell.intersect.index,
      cell.intersect.percentage,
      cell.effectiveBase?.base,
      (cell.significance as SignificanceResult | undefined)?.z,
    ]) {
      expect(value).toBe(0);
    }
    const noWaves = await computeCrosstab(data, { rows: [women], columns: [women], waves: [], locations: ['l1'] });
    expect(noWaves.cells[0].base).toEqual({ size: 0, sample: 0 });
    const empty = await computeCrosstab(data, { rows: [], columns: [women], waves: ['w1'], locations: ['l1'] });
    expect(empty.cells).toEqual([]);
    expect(empty.columns[0].sample).toBe(2);
  });
});
