/**
 * Crosstab engine benchmark (not a test): 1,000,000 generated respondents, 4 waves, realistic
 * audiences; per size, single-thread and pooled, the median of 5 runs cold (a new data version per
 * run: nothing evaluated or packed yet) and warm (the same audiences again, from the engine's
 * store), with the evaluate+pack / kernel split, plus memory. See tools/bench/README.md.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { decodePartition, type DecodedPartition } from '@aas/respondent-store-domain';
import { generateSurvey } from '@aas/demo-data-domain';
import {
  AudienceStore,
  bandStarts,
  buildCrosstabResult,
  computeRawSums,
  computeRawSumsInBands,
  InlineExecutor,
  WorkerPool,
  type CellExecutor,
  type CrosstabQuery,
} from '@aas/crosstab-engine-domain';
import { audiences, loadBlobs, mb, median, SEED } from './engine-bench-data';
import { benchStatistics } from './statistics-bench';

const RESPONDENTS = Number(process.argv[2] ?? 1_000_000);
const RUNS = 5;

const ARENA_BYTES = Number(process.env['BENCH_ARENA_MB'] ?? 256) * 2 ** 20;
const LEAF_CACHE_BYTES = Number(process.env['BENCH_LEAF_CACHE_MB'] ?? 64) * 2 ** 20;

interface Sample {
  total: number;
  evaluate: number;
  kernel: number;
  cpu: number;
}

function summary(samples: Sample[]): string {
  const m = (pick: (s: Sample) => number): string => median(samples.map(pick)).toFixed(1);
  return `${m((s) => s.total)} ms (evaluate+pack ${m((s) => s.evaluate)}, kernel ${m((s) => s.kernel)}; CPU ${m((s) => s.cpu)})`;
}

async function main(): Promise<void> {
  const survey = generateSurvey({ respondents: RESPONDENTS, seed: SEED });
  let blobs: Buffer[] = loadBlobs(RESPONDENTS);
  const started = performance.now();
  const partitions: DecodedPartition[] = blobs.map((blob) => decodePartition(blob));
  const decodeMs = performance.now() - started;
  const blobBytes = blobs.reduce((n, b) => n + b.length, 0);
  blobs = [];
  const waves = survey.catalogue.waves.map((w) => w.code).slice(-4);
  const locations = survey.catalogue.locations.map((l) => l.code);
  const selected = partitions.filter((p) => p.key.dataset === 'core' && waves.includes(p.key.wave));
  const selectedRespondents = selected.reduce((n, p) => n + p.respondentCount, 0);
  const selectedBytes = selected.reduce((n, p) => n + p.wordCount * 4, 0);
  console.log(
    `cpus: ${cpus().length} (available parallelism ${availableParallelism()}), node ${process.version}; respondents: ${RESPONDENTS} in ${partitions.length} partitions (decoded in ${decodeMs.toFixed(0)} ms, ${mb(blobBytes)} of blobs)`,
  );
  console.log(
    `query: dataset core, waves ${waves.join(',')}, ${locations.length} locations: ${selected.length} partitions, ${selectedRespondents} respondents, ${(selectedBytes / 1024).toFixed(0)} KiB per audience bitset`,
  );
  console.log(
    `engine store: arena ${mb(ARENA_BYTES)}, leaf cache ${mb(LEAF_CACHE_BYTES)}; load average at start ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  const pool = new WorkerPool({ threads: 2 });
  const store = new AudienceStore({ arenaBytes: ARENA_BYTES, leafCacheBytes: LEAF_CACHE_BYTES });
  const all = audiences(survey);
  const data = { partitions, dictionary: (dataset: string) => survey.dictionaries[dataset] };
  const executors: [string, CellExecutor][] = [
    ['1 thread', new InlineExecutor(1e9)],
    ['pool(2)', pool],
  ];
  const sizes = (process.env['BENCH_SIZES'] ?? '10,100,200')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  let version = 0;
  for (const size of sizes) {
    const rows = all.slice(0, size);
    const columns = all.slice(all.length - size);
    const query: CrosstabQuery = { rows, columns, base: { kind: 'all' }, waves, locations, datasets: ['core'] };
    for (const [name, executor] of executors) {
      const run = async (cold: boolean): Promise<Sample & { checksum: number }> => {
        // Cold: a new data version, so nothing is evaluated or packed yet (the arena itself stays).
        if (cold) version++;
        const audiencesOfVersion = store.forVersion(String(version));
        const timings = { evaluateMs: 0, kernelMs: 0 };
        const cpuBefore = process.cpuUsage();
        const t = performance.now();
        const raw = await computeRawSums(data, query, 'none', { executor, timings, sliceMs: 1e9, audiences: audiencesOfVersion });
        const total = performance.now() - t;
        const cpuUsed = process.cpuUsage(cpuBefore);
        let checksum = 0;
        for (let i = 2; i < raw.cells.length; i += 3) checksum += raw.cells[i];
        return { total, evaluate: timings.evaluateMs, kernel: timings.kernelMs, cpu: (cpuUsed.user + cpuUsed.system) / 1000, checksum };
      };
      await run(true); // warm-up of the code paths
      const cold: Sample[] = [];
      const warm: Sample[] = [];
      let checksum = 0;
      for (let i = 0; i < RUNS; i++) {
        const c = await run(true);
        const w = await run(false);
        if (c.checksum !== w.checksum) throw new Error(`cold and warm disagree: ${c.checksum} vs ${w.checksum}`);
        checksum = c.checksum;
        cold.push(c);
        warm.push(w);
      }
      console.log(`${size}x${size} ${name}: cold ${summary(cold)}; warm ${summary(warm)}; load ${loadavg()[0].toFixed(2)}; checksum ${checksum}`);
      // The same crosstab in the row bands a streamed crosstab's job computes (bandStarts,
      // computeRawSumsInBands), warm: the time to the first band and to the last.
      const starts = bandStarts(size, size);
      if (starts.length > 0) {
        const firsts: number[] = [];
        const totals: number[] = [];
        const cpus: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const cpuBefore = process.cpuUsage();
          const t = performance.now();
          let first = 0;
          await computeRawSumsInBands(
            data,
            query,
            'none',
            starts,
            () => {
              first ||= performance.now() - t;
            },
            { executor, sliceMs: 1e9, audiences: store.forVersion(String(version)) },
          );
          totals.push(performance.now() - t);
          firsts.push(first);
          const cpuUsed = process.cpuUsage(cpuBefore);
          cpus.push((cpuUsed.user + cpuUsed.system) / 1000);
        }
        console.log(
          `${size}x${size} ${name} in ${starts.length + 1} row bands: warm ${median(totals).toFixed(1)} ms (first band ${median(firsts).toFixed(1)} ms; ` +
            `CPU ${median(cpus).toFixed(1)}); load ${loadavg()[0].toFixed(2)}`,
        );
      }
    }
    // What a caller adds to build cell objects from the sums (not part of the engine's job).
    const raw = await computeRawSums(data, query, 'none', { executor: executors[0][1], audiences: store.forVersion(String(version)) });
    const cellTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      buildCrosstabResult(raw, 0, waves.length, {});
      cellTimes.push(performance.now() - t);
    }
    console.log(`${size}x${size} building cell objects from the sums: ${median(cellTimes).toFixed(1)} ms`);
  }
  // A 100x100 with average rows and test=columns against the same 100x100 without them (BENCH_STATISTICS=0 skips it).
  if (process.env['BENCH_STATISTICS'] !== '0') await benchStatistics({ survey, data, store, executors, waves, locations, all, runs: RUNS });
  await pool.close();
  const stats = store.stats();
  console.log(
    `store: ${stats.cachedBlocks} blocks in ${stats.cachedPages} pages of ${stats.pageCount}, leaves ${mb(stats.leafBytes)} (${stats.leafEntries} entries), evicted blocks ${stats.evictedBlocks}`,
  );
  const memory = process.memoryUsage();
  console.log(`memory: rss ${mb(memory.rss)}, heapUsed ${mb(memory.heapUsed)}, arrayBuffers ${mb(memory.arrayBuffers)}, external ${mb(memory.external)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
