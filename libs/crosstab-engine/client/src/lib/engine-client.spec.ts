import type { StandardWire } from '@aas/audience-expression-domain';
import type { EngineComputePartial, EngineComputePayload, EngineComputeResult } from '@aas/shared-contracts';
import {
  bandStarts,
  BlockFold,
  BlockLayout,
  MIN_BANDED_CELLS,
  rowsOfRawSums,
  specCells,
  type CrosstabCell,
  type CrosstabSpec,
} from '@aas/crosstab-engine-domain';
import { CommonConfig, ProblemException, type JobRunner, type RunOptions, type WorkerDirectory } from '@aas/shared-infra';
import type { PartitionReader, StoreVersion } from '@aas/respondent-store-data-access';
import { EngineClient } from './engine-client';

/** An audience the fake engine can tell apart: `side` and its position in the whole query. */
const audience = (side: string, n: number): StandardWire => ({ question: side, datapoints: [`${n}`] }) as StandardWire;
const positionOf = (wire: unknown): number => Number((wire as { datapoints: string[] }).datapoints[0]);

/** Sums that say where they belong: a row's from its position, a cell's from its row's and column's. */
function sumsOf(payload: EngineComputePayload): EngineComputeResult {
  const rows = payload.rows.map(positionOf);
  const columns = payload.columns.map(positionOf);
  const measure = payload.singles ?? { rows: true, columns: true };
  const singles = new Float64Array((1 + rows.length + columns.length) * 3);
  const put = (array: Float64Array, at: number, size: number) => array.set([size, size, Math.round(size / 10)], at * 3);
  put(singles, 0, 1_000_000);
  rows.forEach((r, i) => measure.rows && put(singles, 1 + i, 100_000 + r * 1000));
  columns.forEach((c, j) => measure.columns && put(singles, 1 + rows.length + j, 200_000 + c * 700));
  const cells = new Float64Array(rows.length * columns.length * 3);
  rows.forEach((r, i) => columns.forEach((c, j) => put(cells, i * columns.length + j, 10_000 + r * 37 + c * 3)));
  return { groups: 1, rowCount: rows.length, columnCount: columns.length, singles, cells };
}

/** How the fake worker reports a job's bands: in order, with one lost, the first ones twice (a retry), or with a malformed one. */
type Reporting = 'all' | 'lose-second' | 'retry' | 'malformed' | 'none';

function client(
  reporting: Reporting,
  chunk = 10_000,
  { resultAfter, perOrg, sums = sumsOf }: { resultAfter?: Promise<void>; perOrg?: number; sums?: (payload: EngineComputePayload) => EngineComputeResult } = {},
) {
  const payloads: EngineComputePayload[] = [];
  const jobs = {
    mode: 'queue',
    run: async (_name: string, payload: EngineComputePayload, options: RunOptions = {}) => {
      payloads.push(payload);
      options.onQueued?.();
      const whole = sums(payload);
      const cuts = [0, ...(payload.bands ?? []), payload.rows.length];
      const report = (k: number) => {
        const band = rowsOfRawSums(whole, cuts[k], cuts[k + 1]);
        if (k > 0) band.singles.fill(0, (1 + band.rowCount) * whole.groups * 3); // the worker measures the columns with the first band only
        options.onProgress?.({ ...band, rowStart: cuts[k], rowEnd: cuts[k + 1] } satisfies EngineComputePartial);
      };
      if (reporting !== 'none') {
        for (let k = 0; k + 1 < cuts.length; k++) {
          if (reporting === 'lose-second' && k === 1) continue;
          if (reporting === 'malformed' && k === 1) {
            options.onProgress?.({ ...rowsOfRawSums(whole, cuts[1], cuts[2]), rowStart: cuts[1], rowEnd: cuts[2], columnCount: 1 });
            continue;
          }
          report(k);
          if (reporting === 'retry' && k === 1) for (let j = 0; j <= 1; j++) report(j);
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      await resultAfter;
      return whole;
    },
  } as unknown as JobRunner;
  const config = Object.assign(new CommonConfig(), {
    CROSSTAB_CHUNK_CELLS: chunk,
    JOB_MODE: 'queue',
    ...(perOrg === undefined ? {} : { ENGINE_MAX_JOBS_IN_FLIGHT_PER_ORG: perOrg }),
  });
  const directory = { alive: async () => [] } as unknown as WorkerDirectory;
  const unused = {} as PartitionReader & StoreVersion;
  return { engine: new EngineClient(jobs, config, unused, unused, directory), payloads };
}

const query = (rows: number, columns: number) => ({
  rows: Array.from({ length: rows }, (_, i) => audience('row', i)),
  columns: Array.from({ length: columns }, (_, j) => audience('column', j)),
  base: {} as StandardWire,
  waves: ['w1'],
  locations: ['gb'],
  dataset: 'core',
});
const context = { orgId: 'demo', requestId: 'r1' };

async function streamed(engine: EngineClient, q: ReturnType<typeof query>): Promise<{ blocks: number[]; cells: Map<string, CrosstabCell> }> {
  const blocks: number[] = [];
  const cells = new Map<string, CrosstabCell>();
  for await (const block of engine.stream(q, context)) {
    blocks.push(block.cellCount);
    for (const cell of block.cells) {
      const key = `${cell.rowIndex}:${cell.columnIndex}`;
      expect(cells.has(key)).toBe(false);
      // A block's cells are one object refilled: kept, each must be copied.
      cells.set(key, structuredClone(cell));
    }
  }
  return { blocks, cells };
}

describe('EngineClient streams a block in row bands', () => {
  it.each<Reporting>(['all', 'lose-second', 'retry', 'malformed', 'none'])(
    'hands on every cell once, exactly as the whole result says, whatever the worker reports (%s)',
    async (reporting) => {
      const q = query(40, 60);
      const { engine, payloads } = client(reporting);
      const { blocks, cells } = await streamed(engine, q);
      expect(payloads).toHaveLength(1);
      expect(payloads[0].bands).toEqual(bandStarts(40, 60));
      const whole = await client('none').engine.crosstab(q, context);
      expect(cells.size).toBe(whole.cells.length);
      for (const cell of whole.cells) expect(cells.get(`${cell.rowIndex}:${cell.columnIndex}`)).toEqual(cell);
      // Bands are handed on as reported; the result brings the rows no report brought.
      const expected = { all: 5, 'lose-second': 2, retry: 5, malformed: 2, none: 1 }[reporting];
      expect(blocks).toHaveLength(expected);
      expect(blocks.reduce((a, b) => a + b, 0)).toBe(40 * 60);
      if (reporting === 'all') expect(blocks[0]).toBe(5 * 60);
    },
  );

  it('ends the stream once every row came in reports, and holds the job reserved until its result came too', async () => {
    let release!: () => void;
    const resultAfter = new Promise<void>((resolve) => (release = resolve));
    const { engine } = client('all', 10_000, { resultAfter, perOrg: 1 });
    const { cells } = await streamed(engine, query(40, 60));
    expect(cells.size).toBe(40 * 60);
    // The job is still running: the organisation's one reservation is taken.
    expect(() => engine.assertCapacity('demo')).toThrow();
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(() => engine.assertCapacity('demo')).not.toThrow();
  });

  it('asks for no bands when nobody streams, nor for a block too small for them', async () => {
    const { engine, payloads } = client('all');
    await engine.crosstab(query(40, 60), context);
    expect(payloads[0].bands).toBeUndefined();
    for await (const block of engine.stream(query(40, 10), context)) expect(block.cellCount).toBe(400);
    expect(40 * 10).toBeLessThan(MIN_BANDED_CELLS);
    expect(payloads[1].bands).toBeUndefined();
  });
});

describe('EngineClient hands nothing on before every job of a request is queued', () => {
  it('fails the request before its first block when the queue cannot take a later one, however fast the first finished', async () => {
    let runs = 0;
    const jobs = {
      mode: 'queue',
      run: async (_name: string, payload: EngineComputePayload, options: RunOptions = {}) => {
        if (runs++ === 0) {
          options.onQueued?.();
          return sumsOf(payload);
        }
        // The second block's job: the queue does not take it in time.
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw ProblemException.unavailable('The job queue is unavailable; try again shortly', 5, 'queue_unavailable');
      },
    } as unknown as JobRunner;
    const config = Object.assign(new CommonConfig(), { CROSSTAB_CHUNK_CELLS: 1200, JOB_MODE: 'queue' });
    const unused = {} as PartitionReader & StoreVersion;
    const engine = new EngineClient(jobs, config, unused, unused, { alive: async () => [] } as unknown as WorkerDirectory);
    const handed: number[] = [];
    const outcome = await (async () => {
      for await (const block of engine.stream(query(40, 60), context)) handed.push(block.cellCount);
    })().then(
      () => 'ended',
      (err: unknown) => err,
    );
    expect(runs).toBe(2);
    expect(handed).toEqual([]);
    expect(outcome).toBeInstanceOf(ProblemException);
    expect((outcome as ProblemException).getStatus()).toBe(503);
    // Its reservation is given back.
    expect(() => engine.assertCapacity('demo')).not.toThrow();
  });
});

/**
 * Sums a fake engine can make for any audience, a different number for each expression (and
 * group): enough to tell whether every figure of a spec's cell came from the right plain row and
 * column, through whatever blocks and bands.
 */
function hashed(payload: EngineComputePayload): EngineComputeResult {
  const groups = payload.groupBy === 'wave' ? payload.waves.length : 1;
  const code = (wire: unknown) => [...JSON.stringify(wire)].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 9973, 7);
  const measure = payload.singles ?? { rows: true, columns: true };
  const put = (array: Float64Array, at: number, seed: number) => {
    for (let g = 0; g < groups; g++) array.set([seed * (g + 2), seed * (g + 3) * 0.9, Math.round(seed / 7) + g], (at * groups + g) * 3);
  };
  const singles = new Float64Array((1 + payload.rows.length + payload.columns.length) * groups * 3);
  put(singles, 0, 500_000);
  payload.rows.forEach((r, i) => measure.rows && put(singles, 1 + i, 20_000 + code(r)));
  payload.columns.forEach((c, j) => measure.columns && put(singles, 1 + payload.rows.length + j, 30_000 + code(c)));
  const cells = new Float64Array(payload.rows.length * payload.columns.length * groups * 3);
  payload.rows.forEach((r, i) => payload.columns.forEach((c, j) => put(cells, i * payload.columns.length + j, 1_000 + code(r) + 3 * code(c))));
  return { groups, rowCount: payload.rows.length, columnCount: payload.columns.length, singles, cells };
}

describe('EngineClient computes specs (averages, valid bases) through any blocks and bands', () => {
  const leaf = (question: string, datapoint: string) => ({ question, datapoints: [datapoint] }) as StandardWire;
  const average = (question: string) => ['1', '2', '3'].map((d, i) => ({ expression: leaf(question, d), value: [2, 5.5, 9][i] }));
  const spec: CrosstabSpec<StandardWire> = {
    rows: Array.from({ length: 30 }, (_, i) => ({
      expression: leaf('row', `${i}`),
      ...(i % 4 === 1 ? { average: average(`avg_row_${i}`) } : {}),
      ...(i % 3 === 0 ? { validBase: i % 2 } : {}),
    })),
    columns: Array.from({ length: 70 }, (_, j) => ({ expression: leaf('column', `${j}`), ...(j % 9 === 4 ? { average: average(`avg_col_${j}`) } : {}) })),
    validBases: [leaf('asked', 'a'), leaf('asked', 'b')],
  };
  const specQuery = { spec, base: {} as StandardWire, waves: ['w1', 'w2'], locations: ['gb'], dataset: 'core' };

  /** The cells of the spec computed as one block, by hand: layout, the fake's sums, fold, cells. */
  function oneBlock(split: boolean, test: 'columns' | 'complement'): Map<string, CrosstabCell> {
    const layout = new BlockLayout(spec, { rowStart: 0, rowEnd: spec.rows.length, columnStart: 0, columnEnd: spec.columns.length });
    const raw = hashed({ rows: layout.rows, columns: layout.columns, groupBy: split ? 'wave' : 'none', waves: specQuery.waves } as EngineComputePayload);
    const { sums } = new BlockFold(layout).fold(raw, 0);
    const cells = specCells(sums, 2, { level: 0.95, test, columnCount: spec.columns.length, ...(split ? { waves: specQuery.waves } : {}) });
    return new Map([...cells].map((c) => [`${c.rowIndex}:${c.columnIndex}:${c.wave ?? ''}`, c]));
  }

  it.each<[Reporting, number, boolean, 'columns' | 'complement']>([
    ['all', 10_000, false, 'complement'],
    ['lose-second', 10_000, true, 'columns'],
    ['none', 500, false, 'complement'],
    ['all', 700, true, 'columns'],
  ])('streams (%s, %i cells a block, split %s, test %s) exactly the cells of the spec computed as one block', async (reporting, chunk, split, test) => {
    const { engine, payloads } = client(reporting, chunk, { sums: hashed });
    const expected = oneBlock(split, test);
    const options = { level: 0.95 as const, test, ...(split ? { split: 'wave' as const } : {}) };
    const cells = new Map<string, CrosstabCell>();
    for await (const block of engine.streamSpec(specQuery, context, options)) {
      for (const cell of block.cells) {
        const key = `${cell.rowIndex}:${cell.columnIndex}:${cell.wave ?? ''}`;
        expect(cells.has(key)).toBe(false);
        cells.set(key, cell);
      }
    }
    expect(cells.size).toBe(expected.size);
    for (const [key, cell] of expected) expect(cells.get(key)).toEqual(cell);
    if (chunk < 10_000) expect(payloads.length).toBeGreaterThan(1);
    // A column test compares a row's columns: every block spans them all.
    if (test === 'columns') for (const p of payloads) expect(p.columns.length).toBe(70 + 8 * 3);
    const whole = await client('none', chunk, { sums: hashed }).engine.crosstabSpec(specQuery, context, options);
    expect(whole.cells).toHaveLength(expected.size);
    if (test === 'complement') for (const cell of whole.cells) expect(cell).toEqual(expected.get(`${cell.rowIndex}:${cell.columnIndex}:${cell.wave ?? ''}`));
  });
});
