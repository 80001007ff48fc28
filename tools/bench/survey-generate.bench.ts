/**
 * Benchmark (not a test): generating the demo survey and encoding its partitions, then decoding
 * them, for N respondents (default 1,000,000; `deflate` as the second argument compresses).
 *
 *   npm run bench:generate -- [respondents] [deflate]
 */
import os from 'node:os';
import { generateSurvey } from '@aas/demo-data-domain';
import { decodePartition, encodePartition } from '@aas/respondent-store-domain';

const n = Number(process.argv[2] ?? 1_000_000);
const compress = process.argv[3] === 'deflate';
const t0 = performance.now();
const survey = generateSurvey({ respondents: n, seed: 42 });
const blobs: Buffer[] = [];
let genMs = 0;
let encMs = 0;
let attrs = 0;
let bits = 0;
for (const plan of survey.plan) {
  const a = performance.now();
  const p = survey.generatePartition(plan);
  const b = performance.now();
  blobs.push(encodePartition(p, { compress }));
  encMs += performance.now() - b;
  genMs += b - a;
  attrs = Math.max(attrs, p.attributes.size);
  bits += p.bitLength;
}
const total = performance.now() - t0;
const bytes = blobs.reduce((s, b) => s + b.length, 0);
const d0 = performance.now();
let decodedAttrs = 0;
for (const blob of blobs) decodedAttrs += decodePartition(blob).attributes.size;
const decodeMs = performance.now() - d0;
console.log(
  JSON.stringify({
    cores: os.availableParallelism(),
    loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
    respondents: n,
    partitions: blobs.length,
    compress,
    generateMs: Math.round(genMs),
    encodeMs: Math.round(encMs),
    totalMs: Math.round(total),
    decodeMs: Math.round(decodeMs),
    blobMB: +(bytes / 1e6).toFixed(1),
    maxAttributesPerPartition: attrs,
    decodedAttributes: decodedAttrs,
    bitSlots: bits,
    rssMB: Math.round(process.memoryUsage().rss / 1e6),
  }),
);
