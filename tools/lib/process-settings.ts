import { availableParallelism } from 'node:os';

/**
 * The V8 options each of the service's processes runs with, wherever this repository starts it
 * (`npm start`, `npm run start:*`, the benchmarks; the Docker image passes the same on its
 * command lines).
 *
 * The gateway gets a 32 MiB young-generation semi-space (V8's default is 16 MiB on 64-bit). A
 * crosstab stream allocates a few hundred bytes of short-lived objects and strings per cell, ~100
 * MB for a 200x200; with the default, young collections run every few thousand cells and copy
 * what is alive at that moment; V8's helper threads came to a third to a half of the gateway's CPU.
 * With the larger semi-space a cell's garbage is almost always dead when it is collected: the
 * gateway's CPU per 100x100 crosstab went from ~182 to ~141 ms (tools/bench/crosstab-http.bench.ts,
 * interleaved runs), for ~100 MiB more resident memory once it has streamed (the young generation
 * stays grown: 206-227 MiB before, 266-335 MiB after the 1M benchmark).
 *
 * The worker gets `--expose-gc`: its engine runs a full collection after loading partitions
 * (EngineHost), whose blob buffers are otherwise left resident as garbage outside V8's heap.
 *
 * The worker also gets a 4 MiB semi-space, a young generation of 8 MiB instead of up to 32. Its
 * young garbage is small and short-lived (job payloads, sums on their way to Redis), and the
 * grown young generation stayed resident: 20-25 MiB of every worker, whatever its share of the data.
 * 4M respondents on 4 shards: each worker 369-418 -> 348-360 MiB (V8 heap 55-71 -> 46 MiB); one
 * worker holding 1M respondents 440-448 -> 429-430 MiB, for ~5% more worker CPU per 200x200
 * (tools/bench/crosstab-http.bench.ts, interleaved runs).
 */
export function nodeFlagsFor(script: string): string[] {
  if (script.includes('apps/gateway/')) return ['--max-semi-space-size=32'];
  if (script.includes('apps/worker/')) return ['--expose-gc', '--max-semi-space-size=4'];
  return [];
}

/**
 * Environment each of the service's processes gets besides the caller's (the variable wins when the
 * caller already set it).
 *
 * The worker sets glibc's `MALLOC_MMAP_THRESHOLD_` to 64 KiB. By default glibc raises that
 * threshold each time a large block is freed, so after the first partitions are loaded and their
 * blobs freed, later blobs come from the heap and their memory stays with the process when freed.
 * With a fixed threshold every block of 64 KiB or more is its own mapping, given back to the
 * system when freed. 4M respondents, at 128 KiB: one worker holding everything 1,250 -> 1,134
 * MiB; the largest of 4 shard workers 520 -> 451 MiB (with the collection after loading).
 *
 * From 128 to 64 KiB: the 64 KiB blocks Node reads a socket into (some 3,000 for one shard's
 * partitions at 4M respondents) are mappings too. In the heap, freed space below a block still in
 * use stays resident: the heap grew from 5 to 31-36 MiB over such a load, 11-14 MiB at 64 KiB.
 * 4 workers on 4 shards, mean resident after 15 crosstabs of 100x100 (two interleaved runs of
 * each): 1M respondents 193 -> 181 MiB, 4M 367 -> 358 MiB; worker CPU per crosstab within the
 * runs' noise. Other C libraries ignore the variable.
 */
export function environmentFor(script: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  if (script.includes('apps/worker/') && env.MALLOC_MMAP_THRESHOLD_ === undefined) return { MALLOC_MMAP_THRESHOLD_: '65536' };
  return {};
}

/**
 * The engine's kernel threads (ENGINE_THREADS) of each of `workers` workers sharing this machine:
 * its cores divided among them. One worker alone gets every core, as it would without the setting.
 * Four workers on two cores with two threads each ran eight kernel threads on two cores (4 workers
 * on 4 shards, 1M respondents: the largest worker 348 MiB with 2 threads each, 331 MiB with 1).
 *
 * A worker with less than a core of its own gets none: 0 runs the kernel on the worker's own
 * thread, in slices that give its event loop a turn at least every 20 ms. A kernel thread is a
 * V8 isolate and a Node environment of its own, and with fewer cores than workers it only adds a
 * thread competing for the cores the other workers need. 4 workers on 4 shards on 2 cores, mean
 * resident after 15 crosstabs of 100x100 (two interleaved runs of each): 1M respondents 193 -> 180
 * MiB, 4M 358 -> 348 MiB (with the 64 KiB malloc threshold); worker CPU per crosstab the same at
 * 1M (37 ms), lower at 4M (79 -> 69 ms).
 */
export function engineThreadsFor(workers: number, cores = availableParallelism()): number {
  const share = cores / Math.max(1, workers);
  return share < 1 ? 0 : Math.floor(share);
}
