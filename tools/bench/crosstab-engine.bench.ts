/**
 * Crosstab engine benchmark (not a test): 1,000,000 generated respondents, 4 waves, realistic
 * audiences; prints the median of 5 runs per size, single-thread and pooled, plus memory.
 * See tools/bench/README.md for the command.
 */
import { mkdirSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseStandardExpression, type Expression, type StandardWire } from '@aas/audience-expression';
import { decodePartition, type DecodedPartition } from '@aas/respondent-store';
import { generateSurvey } from '@aas/demo-data';
import { computeCrosstab, InlineExecutor, WorkerPool, type CellExecutor, type CrosstabQuery } from '@aas/crosstab-engine';

const RESPONDENTS = Number(process.argv[2] ?? 1_000_000);
const SEED = 42;
const RUNS = 5;

/** Reads (or first generates) the encoded partitions; the blobs are dropped once decoded. */
function loadBlobs(): Buffer[] {
  const dir = join(process.cwd(), '.bench', `crosstab-engine-${RESPONDENTS}-${SEED}`);
  if (!existsSync(join(dir, 'done'))) {
    mkdirSync(dir, { recursive: true });
    const started = performance.now();
    let i = 0;
    for (const { blob } of generateSurvey({ respondents: RESPONDENTS, seed: SEED }).encodedPartitions())
      writeFileSync(join(dir, `${String(i++).padStart(4, '0')}.bin`), blob);
    writeFileSync(join(dir, 'done'), '');
    console.log(`generated ${i} partitions in ${((performance.now() - started) / 1000).toFixed(1)} s into ${dir}`);
  }
  return readdirSync(dir)
    .filter((f) => f.endsWith('.bin'))
    .sort()
    .map((f) => readFileSync(join(dir, f)));
}

const leaf = (question: string, datapoints?: string[], suffixes?: string[]): Expression => ({
  kind: 'leaf',
  question,
  ...(datapoints ? { datapoints } : {}),
  ...(suffixes ? { suffixes } : {}),
});

/** Realistic audiences: curated ones (parsed from the catalogue), single datapoints, demographic ANDs, ORs of platforms, min_count. */
function audiences(survey: ReturnType<typeof generateSurvey>): Expression[] {
  const out: Expression[] = [];
  for (const audience of survey.catalogue.audiences) {
    const parsed = parseStandardExpression(audience.expression as StandardWire);
    if (parsed.ok) out.push(parsed.value);
  }
  const core = survey.catalogue.questions.filter((q) => q.dataset_codes.includes('core'));
  const singles: Expression[] = [];
  for (const q of core) {
    for (const dp of q.datapoints.slice(0, 3)) singles.push(q.suffixes.length > 0 ? leaf(q.code, [dp.code], [q.suffixes[0].code]) : leaf(q.code, [dp.code]));
  }
  const ages = ['16_24', '25_34', '35_44', '45_54', '55_64'];
  const multi: Expression[] = [];
  for (const age of ages) {
    for (const gender of ['female', 'male'])
      multi.push({ kind: 'and', children: [leaf('age_group', [age]), leaf('gender', [gender]), leaf('income_group', ['high'])] });
  }
  const platforms = ['tiktok', 'instagram', 'facebook', 'youtube', 'x_twitter', 'snapchat', 'linkedin', 'pinterest', 'reddit', 'twitch'];
  for (let i = 0; i < platforms.length; i++) {
    multi.push({
      kind: 'or',
      children: [leaf('social_platform_usage', [platforms[i]]), leaf('social_platform_usage', [platforms[(i + 3) % platforms.length]])],
    });
    multi.push({ kind: 'leaf', question: 'social_platform_usage', datapoints: platforms, minCount: 2 + (i % 5) });
    multi.push({
      kind: 'and',
      children: [leaf('social_platform_usage', [platforms[i]]), { kind: 'leaf', question: 'parent_status', datapoints: ['parent'], not: true }],
    });
  }
  // Interleave so every size mixes kinds.
  const result: Expression[] = [];
  const lists = [out, singles, multi];
  for (let i = 0; result.length < 600 && i < 1000; i++) for (const list of lists) if (i < list.length) result.push(list[i]);
  return result;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const mb = (bytes: number): string => `${(bytes / 1048576).toFixed(0)} MB`;

async function main(): Promise<void> {
  const survey = generateSurvey({ respondents: RESPONDENTS, seed: SEED });
  let blobs: Buffer[] = loadBlobs();
  let started = performance.now();
  const partitions: DecodedPartition[] = blobs.map((blob) => decodePartition(blob));
  const decodeMs = performance.now() - started;
  const blobBytes = blobs.reduce((n, b) => n + b.length, 0);
  blobs = [];
  const waves = survey.catalogue.waves.map((w) => w.code).slice(-4);
  const locations = survey.catalogue.locations.map((l) => l.code);
  const selected = partitions.filter((p) => p.key.dataset === 'core' && waves.includes(p.key.wave));
  const selectedRespondents = selected.reduce((n, p) => n + p.respondentCount, 0);
  console.log(
    `cpus: ${cpus().length}; respondents: ${RESPONDENTS} in ${partitions.length} partitions (decoded in ${decodeMs.toFixed(0)} ms, ${mb(blobBytes)} of blobs)`,
  );
  console.log(
    `query: dataset core, waves ${waves.join(',')}, ${locations.length} locations: ${selected.length} partitions, ${selectedRespondents} respondents`,
  );
  const pool = new WorkerPool({ threads: 2 });
  const all = audiences(survey);
  const data = { partitions, dictionary: (dataset: string) => survey.dictionaries[dataset] };
  const executors: [string, CellExecutor][] = [
    ['single-thread', new InlineExecutor(1e9)],
    ['pool(2)', pool],
  ];
  const sizes = (process.env['BENCH_SIZES'] ?? '10,100,200').split(',').map(Number);
  for (const size of sizes) {
    const rows = all.slice(0, size);
    const columns = all.slice(all.length - size);
    const query: CrosstabQuery = { rows, columns, base: { kind: 'all' }, waves, locations, datasets: ['core'] };
    for (const [name, executor] of executors) {
      const total: number[] = [];
      const evaluate: number[] = [];
      const kernel: number[] = [];
      const cpu: number[] = [];
      let checksum = 0;
      for (let run = 0; run < RUNS + 1; run++) {
        const timings = { evaluateMs: 0, kernelMs: 0 };
        started = performance.now();
        const cpuBefore = process.cpuUsage();
        const result = await computeCrosstab(data, query, {}, { executor, timings, sliceMs: 1e9 });
        const elapsed = performance.now() - started;
        const cpuUsed = process.cpuUsage(cpuBefore);
        if (run === 0) {
          checksum = result.cells.reduce((s, c) => s + c.intersect.sample, 0);
          continue; // warm-up
        }
        total.push(elapsed);
        evaluate.push(timings.evaluateMs);
        kernel.push(timings.kernelMs);
        cpu.push((cpuUsed.user + cpuUsed.system) / 1000);
      }
      console.log(
        `${size}x${size} ${name}: median ${median(total).toFixed(1)} ms (evaluate+pack ${median(evaluate).toFixed(1)} ms, kernel+cells ${median(kernel).toFixed(1)} ms; process CPU ${median(cpu).toFixed(1)} ms; load ${loadavg()[0].toFixed(1)}; checksum ${checksum})`,
      );
    }
  }
  await pool.close();
  const memory = process.memoryUsage();
  console.log(`memory: rss ${mb(memory.rss)}, heapUsed ${mb(memory.heapUsed)}, arrayBuffers ${mb(memory.arrayBuffers)}, external ${mb(memory.external)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
