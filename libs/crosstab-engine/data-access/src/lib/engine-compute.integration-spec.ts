import { Test, TestingModule } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { matches, parseStandardExpression, type Expression } from '@aas/audience-expression-domain';
import { EngineComputePartial, EngineComputePayload, EngineComputeResult, JOBS, WireExpression } from '@aas/shared-contracts';
import { partitionsOf, randomRecords, testDictionary, TEST_DATASETS, type TestRecord } from '@aas/crosstab-engine-domain/testing';
import { AppConfigModule, CommonConfig, dataSourceOptions, JobRunner, loadConfig, ProblemException, QueueModule } from '@aas/shared-infra';
import { createTestDatabase, TestDatabase } from '@aas/shared-infra/testing';
import { encodePartition, PARTITION_FORMAT_VERSION } from '@aas/respondent-store-domain';
import { PartitionReader, RESPONDENT_STORE_MIGRATIONS, RespondentStoreModule, StoreVersion, SurveyDataVersion } from '@aas/respondent-store-data-access';
import { EngineJobsModule } from './engine.module';
import { EngineComputeJobHandler } from './engine-compute.job-handler';
import { EngineHost } from './engine-host';

const GENDER_M: WireExpression = { question: 'gender', datapoints: ['m'] };
const YOUNG_NOT_TIKTOK: WireExpression = {
  and: [
    { question: 'age', datapoints: ['a1', 'a2'] },
    { question: 'platforms', datapoints: ['tt'], not: true },
  ],
};
const BRAND_AWARE: WireExpression = { question: 'brand', datapoints: ['b1', 'b2'], suffixes: ['1'] };
const FREQUENT: WireExpression = {
  or: [
    { question: 'freq', datapoints: ['fb'], suffixes: ['1'] },
    { question: 'platforms', datapoints: ['yt'] },
  ],
};
const EVERYONE: WireExpression = {};

const parse = (wire: WireExpression): Expression => {
  const parsed = parseStandardExpression(wire);
  if (!parsed.ok) throw new Error(`test expression does not parse: ${JSON.stringify(parsed.errors)}`);
  return parsed.value;
};

/**
 * The sums the job promises, computed respondent by respondent with the reference evaluator:
 * per audience (base, rows AND base, columns AND base) and per cell, for each group, the sum of
 * weights, the sum of squared weights and the count.
 */
function referenceSums(records: readonly TestRecord[], payload: EngineComputePayload): EngineComputeResult {
  const labels = payload.groupBy === 'wave' ? payload.waves : payload.groupBy === 'location' ? payload.locations : [''];
  const groups = labels.length;
  const base = parse(payload.base);
  const rows = payload.rows.map(parse);
  const columns = payload.columns.map(parse);
  const singles = new Float64Array((1 + rows.length + columns.length) * groups * 3);
  const cells = new Float64Array(rows.length * columns.length * groups * 3);
  const add = (array: Float64Array, triple: number, weight: number) => {
    array[triple * 3] += weight;
    array[triple * 3 + 1] += weight * weight;
    array[triple * 3 + 2] += 1;
  };
  for (const r of records) {
    if (r.dataset !== payload.dataset || !payload.waves.includes(r.wave) || !payload.locations.includes(r.location) || !matches(base, r)) continue;
    const group = payload.groupBy === 'wave' ? labels.indexOf(r.wave) : payload.groupBy === 'location' ? labels.indexOf(r.location) : 0;
    add(singles, group, r.weight);
    const inRow = rows.map((e) => matches(e, r));
    const inColumn = columns.map((e) => matches(e, r));
    inRow.forEach((yes, i) => yes && add(singles, (1 + i) * groups + group, r.weight));
    inColumn.forEach((yes, j) => yes && add(singles, (1 + rows.length + j) * groups + group, r.weight));
    inRow.forEach((rowYes, i) => inColumn.forEach((columnYes, j) => rowYes && columnYes && add(cells, (i * columns.length + j) * groups + group, r.weight)));
  }
  return { groups, rowCount: rows.length, columnCount: columns.length, singles, cells };
}

/** Every sum within a relative 1e-9 of the reference (the engine adds per weight class, in another order). */
function expectSums(actual: EngineComputeResult, expected: EngineComputeResult): void {
  expect({ groups: actual.groups, rowCount: actual.rowCount, columnCount: actual.columnCount }).toEqual({
    groups: expected.groups,
    rowCount: expected.rowCount,
    columnCount: expected.columnCount,
  });
  for (const part of ['singles', 'cells'] as const) {
    expect(actual[part]).toBeInstanceOf(Float64Array);
    expect(actual[part].length).toBe(expected[part].length);
    actual[part].forEach((value, i) => {
      const want = expected[part][i];
      if (Math.abs(value - want) > 1e-9 * Math.max(1, Math.abs(want))) throw new Error(`${part}[${i}] is ${value}, the reference ${want}`);
    });
  }
}

async function problemOf(promise: Promise<unknown>): Promise<ProblemException> {
  const outcome = await promise.then(
    () => new Error('the job succeeded'),
    (err: unknown) => err,
  );
  if (!(outcome instanceof ProblemException)) throw outcome;
  return outcome;
}

describe('the engine job on a real respondent store (EngineComputeJobHandler, EngineHost)', () => {
  let db: TestDatabase;
  let writer: DataSource;
  let moduleRef: TestingModule;
  let jobs: JobRunner;
  let host: EngineHost;
  let records: TestRecord[];

  /** Writes `records` as a new data version of the store, replacing everything before it (as a seed does). */
  async function publish(data: readonly TestRecord[]): Promise<string> {
    return writer.transaction(async (tx) => {
      const version = await SurveyDataVersion.begin(tx);
      for (const dataset of TEST_DATASETS) await version.putDictionary(testDictionary(dataset));
      for (const partition of partitionsOf(data).partitions) {
        await version.putPartition({
          key: partition.key,
          respondentCount: partition.respondentCount,
          formatVersion: PARTITION_FORMAT_VERSION,
          dictionaryHash: partition.dictionaryHash,
          blob: encodePartition(partition),
        });
      }
      await version.retireOthers();
      await version.commit({ test: true });
      return version.version;
    });
  }

  const payload = (overrides: Partial<EngineComputePayload> = {}): EngineComputePayload => ({
    requestId: 'req-1',
    rows: [GENDER_M, YOUNG_NOT_TIKTOK, BRAND_AWARE],
    columns: [FREQUENT, GENDER_M],
    base: EVERYONE,
    waves: ['w1', 'w2', 'w3'],
    locations: ['l1', 'l2'],
    dataset: 'core',
    groupBy: 'none',
    ...overrides,
  });
  const run = (p: unknown) => jobs.run(JOBS.engineCompute, p as EngineComputePayload);

  beforeAll(async () => {
    db = await createTestDatabase('engine', RESPONDENT_STORE_MIGRATIONS);
    writer = new DataSource(dataSourceOptions(db.url));
    await writer.initialize();
    records = randomRecords(11, 3000);
    await publish(records);
    moduleRef = await Test.createTestingModule({
      // Inline: the job runs through the handler registry in this process, payload validation included, as a worker runs it.
      imports: [
        AppConfigModule.forRoot(loadConfig(CommonConfig, { NODE_ENV: 'test', DATABASE_URL: db.url, JOB_MODE: 'inline' })),
        QueueModule,
        RespondentStoreModule,
        EngineJobsModule,
      ],
    })
      // Asked on every call (the process's signal waits a second), so a version a test writes is seen at once.
      .overrideProvider(StoreVersion)
      .useFactory({ factory: (reader: PartitionReader) => new StoreVersion(reader, 0), inject: [PartitionReader] })
      .compile();
    await moduleRef.init();
    jobs = moduleRef.get(JobRunner);
    host = moduleRef.get(EngineHost);
  });
  afterAll(async () => {
    await moduleRef?.close();
    await writer?.destroy();
    await db?.drop();
  });

  it.each(['none', 'wave', 'location'] as const)('computes the sums of every audience and cell, grouped by %s, as the reference does', async (groupBy) => {
    const p = payload({ groupBy, base: { question: 'gender', datapoints: ['m', 'f'] } });
    const result = await run(p);
    expectSums(result, referenceSums(records, p));
    expect(result.singles[2]).toBeGreaterThan(100); // a real base, not a vacuous match of zeros
  });

  it('measures only the sides the job asks for (singles), with every cell and the base as before', async () => {
    const whole = await run(payload());
    const part = await run(payload({ singles: { rows: false, columns: true } }));
    const rows = payload().rows.length;
    part.singles.forEach((v, i) => expect(v).toBe(Math.floor(i / 3) >= 1 && Math.floor(i / 3) <= rows ? 0 : whole.singles[i]));
    expect(whole.singles.subarray(3, (1 + rows) * 3).some((v) => v !== 0)).toBe(true);
    expect(part.cells).toEqual(whole.cells);
  });

  it('reports the rows band by band before the result, each band what the whole result says of its rows', async () => {
    const rows = [GENDER_M, YOUNG_NOT_TIKTOK, BRAND_AWARE, FREQUENT, EVERYONE, GENDER_M, BRAND_AWARE];
    const p = payload({ rows, bands: [1, 3, 6] });
    const reports: EngineComputePartial[] = [];
    const result = await jobs.run(JOBS.engineCompute, p, { onProgress: (band) => reports.push(band as EngineComputePartial) });
    const whole = await run(payload({ rows }));
    expect(result).toEqual(whole);
    expectSums(result, referenceSums(records, p));
    // Every band, in order.
    expect(reports.map((r) => [r.rowStart, r.rowEnd])).toEqual([
      [0, 1],
      [1, 3],
      [3, 6],
      [6, 7],
    ]);
    const triple = 3;
    for (const [k, r] of reports.entries()) {
      expect(r.cells).toEqual(whole.cells.subarray(r.rowStart * 2 * triple, r.rowEnd * 2 * triple));
      expect(r.singles.subarray(0, triple)).toEqual(whole.singles.subarray(0, triple));
      expect(r.singles.subarray(triple, (1 + r.rowCount) * triple)).toEqual(whole.singles.subarray((1 + r.rowStart) * triple, (1 + r.rowEnd) * triple));
      // The columns' own sums travel once, with the first band.
      const columns = r.singles.subarray((1 + r.rowCount) * triple);
      if (k === 0) expect(columns).toEqual(whole.singles.subarray((1 + rows.length) * triple));
      else expect(columns.every((v) => v === 0)).toBe(true);
    }
  });

  it.each(['none', 'wave'] as const)(
    'goes on after the bands a handed-back run kept (grouped by %s): computes only the rest, numbers nothing twice, returns every row',
    async (groupBy) => {
      const rows = [GENDER_M, YOUNG_NOT_TIKTOK, BRAND_AWARE, FREQUENT, EVERYONE, GENDER_M, BRAND_AWARE];
      const p = payload({ rows, bands: [1, 3, 6], groupBy });
      const handler = moduleRef.get(EngineComputeJobHandler);
      const signal = new AbortController().signal;
      // The first run: what it keeps once its second band is done (rows 0..3), as a hand-back would store it.
      let snapshot: (() => unknown) | undefined;
      let kept: unknown;
      const first = { jobId: 'j1', attempt: 1, signal, keep: (s: () => unknown) => (snapshot = s) };
      await handler.handle(p, {
        ...first,
        report: async (band) => {
          if ((band as EngineComputePartial).rowEnd === 3) {
            // A copy, as Redis would hand it over (MessagePack keeps typed arrays typed; not inside jest's sandbox, hence no round trip here).
            const at = snapshot?.() as EngineComputeResult;
            kept = { ...at, singles: Float64Array.from(at.singles), cells: Float64Array.from(at.cells) };
          }
        },
      });
      const whole = await run(payload({ rows, groupBy }));
      const keptRows = kept as EngineComputeResult;
      expect(keptRows.rowCount).toBe(3);
      // Marked, to tell kept rows from computed ones: the next run must take them as they are.
      keptRows.cells[0] += 1000;
      const reports: EngineComputePartial[] = [];
      const second = await handler.handle(p, {
        jobId: 'j1',
        attempt: 2,
        signal,
        resumeFrom: keptRows,
        keep: () => undefined,
        report: async (band) => void reports.push(band as EngineComputePartial),
      });
      expect(reports.map((r) => [r.rowStart, r.rowEnd])).toEqual([
        [3, 6],
        [6, 7],
      ]);
      const triple = keptRows.groups * 3;
      // The columns were measured with the kept rows: the next run does not measure them again.
      expect(reports[0].singles.subarray((1 + reports[0].rowCount) * triple).every((v) => v === 0)).toBe(true);
      expect(second.cells[0]).toBe(whole.cells[0] + 1000);
      second.cells[0] -= 1000;
      expect(second).toEqual(whole);
      // Something that is not this block's rows is not taken: the run computes every row.
      const fresh: EngineComputePartial[] = [];
      const again = await handler.handle(p, {
        jobId: 'j1',
        attempt: 2,
        signal,
        resumeFrom: { ...keptRows, columnCount: 3 },
        report: async (band) => void fresh.push(band as EngineComputePartial),
      });
      expect(fresh[0].rowStart).toBe(0);
      expect(again).toEqual(whole);
    },
  );

  it("counts one dataset's respondents, only in the waves and locations asked", async () => {
    const gaming = payload({ dataset: 'gaming', rows: [{ question: 'games', datapoints: ['g1'] }], columns: [GENDER_M], waves: ['w2'], locations: ['l1'] });
    const result = await run(gaming);
    expectSums(result, referenceSums(records, gaming));
    const all = await run(payload({ dataset: 'gaming', rows: gaming.rows, columns: gaming.columns }));
    expect(result.singles[2]).toBeLessThan(all.singles[2]);
    expect(result.singles[2]).toBeGreaterThan(0);
  });

  it('answers zeros, not an error, for a dataset, wave or location the store does not have', async () => {
    for (const p of [payload({ dataset: 'nope' }), payload({ waves: ['w9'] }), payload({ locations: ['zz'], groupBy: 'location' })]) {
      const result = await run(p);
      expect([result.rowCount, result.columnCount, result.groups]).toEqual([3, 2, 1]);
      expect([...result.singles, ...result.cells].every((v) => v === 0)).toBe(true);
    }
  });

  it('counts nobody in an audience of a question or datapoint the store does not know', async () => {
    const p = payload({ rows: [{ question: 'nosuch', datapoints: ['x'] }], columns: [{ question: 'gender', datapoints: ['zz'] }] });
    const result = await run(p);
    expectSums(result, referenceSums(records, p));
    expect(result.singles[2]).toBeGreaterThan(0);
    expect([...result.singles.slice(3), ...result.cells].every((v) => v === 0)).toBe(true);
  });

  describe('payload validation: a malformed job is a 400 naming the member, not a crash', () => {
    it.each<[string, unknown, string]>([
      ['a payload that is not an object', null, ''],
      ['an array', [payload()], ''],
      ['a missing dataset', { ...payload(), dataset: undefined }, '/dataset'],
      ['an unknown member', { ...payload(), cells: 5 }, '/cells'],
      ['rows that are not a list', { ...payload(), rows: { question: 'gender' } }, '/rows'],
      ['a row that is not an object', { ...payload(), rows: ['gender'] }, '/rows'],
      ['an unknown grouping', { ...payload(), groupBy: 'planet' }, '/groupBy'],
      ['a wave that is not a string', { ...payload(), waves: ['w1', 2] }, '/waves'],
      ['a malformed row expression', payload({ rows: [GENDER_M, { question: 42 }] }), '/rows/1/question'],
      ['a malformed base', payload({ base: { and: 'x' } }), '/base/and'],
      ['partitions that are not a list', { ...payload(), partitions: 'core/w1/l1' }, '/partitions'],
      ['a partition without its wave', payload({ partitions: [{ dataset: 'core', location: 'l1' } as never] }), '/partitions/0/wave'],
      ['a partition with an extra member', payload({ partitions: [{ dataset: 'core', wave: 'w1', location: 'l1', blob: 1 } as never] }), '/partitions/0'],
      ['singles that are not an object', { ...payload(), singles: true }, '/singles'],
      ['singles that are null', { ...payload(), singles: null }, '/singles'],
      ['partitions that are null', { ...payload(), partitions: null }, '/partitions'],
      ['singles with a side that is not a boolean', payload({ singles: { rows: 'yes', columns: true } as never }), '/singles/rows'],
      ['singles with an extra member', payload({ singles: { rows: true, columns: true, base: false } as never }), '/singles'],
      ['bands that are not a list', { ...payload(), bands: 2 }, '/bands'],
      ['bands that are not integers', payload({ bands: [1.5] }), '/bands'],
      ['bands out of order', payload({ bands: [2, 1] }), '/bands'],
      ['a band that starts at the first row', payload({ bands: [0, 2] }), '/bands'],
      ['a band past the last row', payload({ bands: [1, 3] }), '/bands'],
    ])('refuses %s', async (_what, bad, path) => {
      const problem = await problemOf(run(bad));
      expect(problem.getStatus()).toBe(400);
      expect(problem.toProblem()).toMatchObject({ type: 'urn:aas:problem:validation', errors: expect.arrayContaining([expect.objectContaining({ path })]) });
    });

    it('still computes after refusing malformed jobs', async () => {
      expectSums(await run(payload()), referenceSums(records, payload()));
    });
  });

  it('computes exactly the partitions a shard job names, loads only those, and drops them when the shard is handed back', async () => {
    const shardA = [
      { dataset: 'core', wave: 'w1', location: 'l1' },
      { dataset: 'core', wave: 'w2', location: 'l2' },
    ];
    const shardB = [
      { dataset: 'core', wave: 'w1', location: 'l2' },
      { dataset: 'core', wave: 'w2', location: 'l1' },
      { dataset: 'core', wave: 'w3', location: 'l1' },
      { dataset: 'core', wave: 'w3', location: 'l2' },
    ];
    // A data version of its own: nothing of it is in memory yet.
    const data = randomRecords(13, 3000);
    await publish(data);
    const named = (keys: typeof shardA) => new Set(keys.map((k) => `${k.wave}/${k.location}`));
    const only = (keys: typeof shardA) => data.filter((r) => named(keys).has(`${r.wave}/${r.location}`));
    const p = payload({ groupBy: 'wave' });
    const a = await jobs.run(JOBS.engineCompute, { ...p, partitions: shardA }, { queue: 'engine-s0' });
    expectSums(a, referenceSums(only(shardA), p));
    expect(host.engine.cache.size).toBe(shardA.length);
    const b = await jobs.run(JOBS.engineCompute, { ...p, partitions: shardB }, { queue: 'engine-s1' });
    expectSums(b, referenceSums(only(shardB), p));
    // The two shards' sums add up to the whole.
    const whole = referenceSums(data, p);
    expectSums({ ...a, singles: a.singles.map((v, i) => v + b.singles[i]), cells: a.cells.map((v, i) => v + b.cells[i]) }, whole);
    // Shard 1 handed back: its partitions leave memory, shard 0's stay.
    expect(host.engine.cache.size).toBe(shardA.length + shardB.length);
    expect(host.release('engine-s1')).toBe(shardB.length);
    expect(host.engine.cache.size).toBe(shardA.length);
    expect(host.release('engine-s1')).toBe(0);
  });

  it('switches to a new data version at the next job, and computes on it', async () => {
    const before = await run(payload());
    const next = randomRecords(12, 2000);
    const version = await publish(next);
    const after = await run(payload());
    expect(host.engine.cache.currentVersion).toBe(version);
    expectSums(after, referenceSums(next, payload()));
    expect(after.singles[2]).not.toBe(before.singles[2]);
  });
});
