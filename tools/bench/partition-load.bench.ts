import 'reflect-metadata';
import os from 'node:os';
import { decodePartition } from '@aas/respondent-store-domain';
import { createStorePool, PartitionReader } from '@aas/respondent-store-data-access';
import { openDatabase } from '../lib/database';

/**
 * Loads every respondent partition of DATABASE_URL into memory through the store's
 * reader (Postgres -> Buffer -> decoded bitsets), several times, and prints the median.
 * Seed first: npm run seed -- --respondents 1000000 --seed 42
 */
async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 5);
  const database = await openDatabase((msg) => console.error(`[bench] ${msg}`));
  const pool = createStorePool(database.url);
  const reader = new PartitionReader(pool);
  const keys = await reader.list();
  const respondents = keys.reduce((n, k) => n + k.respondentCount, 0);
  const times: number[] = [];
  let bytes = 0;
  let attributes = 0;
  for (let run = 0; run < runs; run++) {
    const started = process.hrtime.bigint();
    const held = [];
    bytes = 0;
    attributes = 0;
    for await (const stored of reader.read()) {
      bytes += stored.blob.length;
      const decoded = decodePartition(stored.blob);
      attributes += decoded.attributes.size;
      held.push(decoded);
    }
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (run === runs - 1) {
      const mem = process.memoryUsage();
      console.log(`memory with all partitions held: rss ${(mem.rss / 2 ** 20).toFixed(0)} MiB, arrayBuffers ${(mem.arrayBuffers / 2 ** 20).toFixed(0)} MiB`);
    }
    held.length = 0;
  }
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      cores: os.cpus().length,
      partitions: keys.length,
      respondents,
      blobMiB: +(bytes / 2 ** 20).toFixed(1),
      nonEmptyAttributeBitsets: attributes,
      runs,
      medianMs: Math.round(times[Math.floor(times.length / 2)]),
      minMs: Math.round(times[0]),
      maxMs: Math.round(times[times.length - 1]),
      loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
    }),
  );
  await pool.end();
  await database.release();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
