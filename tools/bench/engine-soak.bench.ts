/**
 * Engine soak benchmark (not a test): one process, one CrosstabEngine as a worker holds it (2
 * kernel threads, partitions loaded from files as a worker loads them from Postgres), 1,000
 * crosstabs of 100 x 100 with varying audiences over 1M respondents x 4 waves: half of each
 * crosstab's audiences come from a fixed pool (a dashboard's), half are new random expressions
 * (so the caches must evict). Prints resident memory, heap and array buffers every 100 crosstabs
 * and after 10 s idle. It uses only what the engine offered before its store existed (the store's
 * options and stats are passed and read when present), so the same file measures the previous
 * engine. See tools/bench/README.md.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import type { Expression } from '@aas/audience-expression-domain';
import { decodePartition, type AttributeDictionary, type PartitionKey } from '@aas/respondent-store-domain';
import { generateSurvey } from '@aas/demo-data-domain';
import { CrosstabEngine, type CrosstabQuery, type PartitionSource } from '@aas/crosstab-engine-domain';
import { audiences, blobFiles, mb, median, SEED } from './engine-bench-data';

const RESPONDENTS = Number(process.argv[2] ?? 1_000_000);
const CROSSTABS = Number(process.env['SOAK_CROSSTABS'] ?? 1000);
const ARENA_MB = Number(process.env['ENGINE_ARENA_MB'] ?? 256);
const LEAF_CACHE_MB = Number(process.env['ENGINE_LEAF_CACHE_MB'] ?? 64);

/** Partitions read from the benchmark's files on demand, as a worker reads them from Postgres (no blob kept). */
class FilePartitionSource implements PartitionSource {
  private readonly files = new Map<string, string>();
  readonly keys: PartitionKey[] = [];

  constructor(
    paths: readonly string[],
    private readonly dictionaries: Record<string, AttributeDictionary>,
  ) {
    for (const path of paths) {
      const key = decodePartition(readFileSync(path)).key;
      this.keys.push(key);
      this.files.set(`${key.dataset}/${key.wave}/${key.location}`, path);
    }
  }

  async dataVersion(): Promise<string> {
    return '1';
  }

  async listPartitions(): Promise<PartitionKey[]> {
    return this.keys;
  }

  async *loadPartitions(keys: readonly PartitionKey[]): AsyncIterable<Uint8Array> {
    for (const key of keys) yield readFileSync(this.files.get(`${key.dataset}/${key.wave}/${key.location}`) as string);
  }

  async dictionary(dataset: string): Promise<AttributeDictionary> {
    return this.dictionaries[dataset];
  }
}

/** A small deterministic generator (mulberry32), so every run soaks with the same expressions. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main(): Promise<void> {
  const survey = generateSurvey({ respondents: RESPONDENTS, seed: SEED });
  const source = new FilePartitionSource(blobFiles(RESPONDENTS), survey.dictionaries);
  const waves = survey.catalogue.waves.map((w) => w.code).slice(-4);
  const locations = survey.catalogue.locations.map((l) => l.code);
  const pool = audiences(survey);
  const core = survey.catalogue.questions.filter((q) => q.dataset_codes.includes('core'));
  const next = random(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const randomLeaf = (): Expression => {
    const q = pick(core);
    const datapoints = [...new Set(Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(q.datapoints).code))];
    const suffixes = q.suffixes.length > 0 ? [pick(q.suffixes).code] : undefined;
    const minCount = next() < 0.1 && datapoints.length > 1 ? { minCount: 2 } : {};
    return { kind: 'leaf', question: q.code, datapoints, ...(suffixes === undefined ? {} : { suffixes }), ...minCount };
  };
  // A new expression: an AND or OR of 2-4 random leaves, some negated (billions of possibilities: effectively never repeated).
  const freshAudience = (): Expression => ({
    kind: next() < 0.5 ? 'and' : 'or',
    children: Array.from({ length: 2 + Math.floor(next() * 3) }, () => (next() < 0.15 ? { ...randomLeaf(), not: true } : randomLeaf())),
  });

  // The store's options and stats exist only on the engine that keeps audiences; passed and read when present.
  const options = { threads: 2, arenaBytes: ARENA_MB * 2 ** 20, leafCacheBytes: LEAF_CACHE_MB * 2 ** 20 };
  const engine = new CrosstabEngine(source, options);
  const stats = (engine as unknown as { stats?: () => { cachedPages: number; pageCount: number; leafBytes: number; evictedBlocks: number } }).stats;
  console.log(
    `cpus: ${cpus().length} (available parallelism ${availableParallelism()}), node ${process.version}; ${RESPONDENTS} respondents, ${CROSSTABS} crosstabs of 100 x 100 over core, waves ${waves.join(',')}, ${locations.length} locations`,
  );
  console.log(
    `engine store: ${stats === undefined ? 'none (previous engine)' : `arena ${ARENA_MB} MiB, leaf cache ${LEAF_CACHE_MB} MiB`}; load average at start ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  const report = (label: string, times: number[]): void => {
    const m = process.memoryUsage();
    const s = stats?.call(engine);
    const store = s === undefined ? '' : `; store pages ${s.cachedPages}/${s.pageCount}, leaves ${mb(s.leafBytes)}, evicted blocks ${s.evictedBlocks}`;
    const time = times.length > 0 ? `median ${median(times).toFixed(0)} ms; ` : '';
    console.log(
      `${label}: ${time}rss ${mb(m.rss)}, heap used ${mb(m.heapUsed)} (total ${mb(m.heapTotal)}), array buffers ${mb(m.arrayBuffers)}, external ${mb(m.external)}; load ${loadavg()[0].toFixed(2)}${store}`,
    );
  };
  report('start', []);
  let times: number[] = [];
  let checksum = 0;
  const started = performance.now();
  for (let i = 1; i <= CROSSTABS; i++) {
    // Half a dashboard's audiences (five fixed sets of 50 rotating), half new ones.
    const dashboard = pool.slice((i % 5) * 50, (i % 5) * 50 + 50);
    const rows = [...dashboard, ...Array.from({ length: 50 }, freshAudience)];
    const columns = [...Array.from({ length: 50 }, freshAudience), ...pool.slice(300 + (i % 3) * 50, 350 + (i % 3) * 50)];
    const query: CrosstabQuery = { rows, columns, waves, locations, datasets: ['core'] };
    const t = performance.now();
    const raw = await engine.rawSums(query, 'none');
    times.push(performance.now() - t);
    checksum += raw.singles[2];
    if (i % 100 === 0) {
      report(`after ${i}`, times);
      times = [];
    }
  }
  console.log(`${CROSSTABS} crosstabs in ${((performance.now() - started) / 1000).toFixed(1)} s (checksum ${checksum})`);
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  report('idle 10 s later', []);
  await engine.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
