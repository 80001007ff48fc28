/**
 * The import of a large file, end to end but without a database: pass 1 (read, check, spill to
 * temp files) and pass 2 (build and encode one partition at a time), with the peak resident memory,
 * then the crosstab engine over the decoded result. See the survey-import README for the command.
 *
 *   node -r ./tools/runtime/register.js dist/libs/survey-import/domain/bench/survey-import.bench.js FILE MAPPING [exact|unique|rounded]
 *
 * The weight mode measures what many weight classes cost: `exact` keeps the file's weights,
 * `unique` gives every respondent its own weight (x (1 + row x 1e-12), the worst case of a file
 * weighted by raking with continuous factors), `rounded` rounds them to 2 decimals (few classes).
 */
import { createReadStream, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { attributeDictionaryFromList, decodePartition, type DecodedPartition } from '@aas/respondent-store-domain';
import { computeCrosstab, type CrosstabData } from '@aas/crosstab-engine-domain';
import { createFileSpillStore, parseMapping, prepareImport, readCsv, readSav, type SurveyFile, type SurveyRow } from '../src/index';

const [file, mappingPath, mode = 'exact'] = process.argv.slice(2);
if (!file || !mappingPath) {
  console.error('usage: survey-import.bench.js FILE(.sav|.csv) MAPPING [exact|unique|rounded]');
  process.exit(2);
}

function reweighted(source: SurveyFile, weightIndex: number): SurveyFile {
  if (mode === 'exact') return source;
  return {
    metadata: source.metadata,
    rows: () => ({
      async *[Symbol.asyncIterator]() {
        for await (const row of source.rows()) {
          const w = row.values[weightIndex];
          if (typeof w === 'number') row.values[weightIndex] = mode === 'unique' ? w * (1 + row.rowNumber * 1e-12) : Math.round(w * 100) / 100 || 0.01;
          yield row as SurveyRow;
        }
      },
    }),
  };
}

async function main(): Promise<void> {
  const mapping = parseMapping(readFileSync(mappingPath, 'utf8'));
  let peakRss = 0;
  const sample = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));
  const timer = setInterval(sample, 50);
  const stream = createReadStream(file, { highWaterMark: 1 << 20 });
  const opened = file.endsWith('.csv') ? await readCsv(stream) : await readSav(stream);
  const weightIndex = opened.metadata.variables.findIndex((v) => v.name === mapping.weight);
  const spill = await createFileSpillStore();
  const t0 = performance.now();
  const prepared = await prepareImport(reweighted(opened, weightIndex), mapping, { spill });
  const t1 = performance.now();
  if (!prepared.report.ok) throw new Error(JSON.stringify(prepared.report.issues.filter((i) => i.severity === 'error')));
  const blobs: Buffer[] = [];
  let classes = 0;
  let maxClasses = 0;
  for await (const p of prepared.partitions()) {
    blobs.push(p.blob);
    classes += p.weightClasses;
    maxClasses = Math.max(maxClasses, p.weightClasses);
  }
  const t2 = performance.now();
  const rssAfterImport = peakRss;
  await prepared.dispose();
  const bytes = blobs.reduce((s, b) => s + b.length, 0);
  console.log(
    `cores ${availableParallelism()}, load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}, node ${process.version}`,
  );
  console.log(
    `file ${file} (${mode} weights): ${prepared.report.rowsRead} rows, ${blobs.length} partitions, ${classes} weight classes (max ${maxClasses} in a partition)`,
  );
  console.log(`pass 1 (read + check + spill) ${((t1 - t0) / 1000).toFixed(1)} s, pass 2 (build + encode) ${((t2 - t1) / 1000).toFixed(1)} s`);
  console.log(
    `blobs ${(bytes / 1e6).toFixed(1)} MB; peak rss during the import ${(rssAfterImport / 1e6).toFixed(0)} MB (blobs kept in memory by this benchmark)`,
  );

  const t3 = performance.now();
  const partitions: DecodedPartition[] = blobs.map((b) => decodePartition(b));
  const t4 = performance.now();
  const catalogue = prepared.catalogue;
  if (!catalogue) throw new Error('no catalogue');
  const dictionary = attributeDictionaryFromList(catalogue.dictionary.dataset, catalogue.dictionary.attributes);
  const data: CrosstabData = { partitions, dictionary: () => dictionary };
  const rows = catalogue.questions.flatMap((q) =>
    q.suffixes.length > 0
      ? q.datapoints.flatMap((d) => q.suffixes.map((s) => ({ kind: 'leaf' as const, question: q.code, datapoints: [d.code], suffixes: [s.code] })))
      : q.datapoints.map((d) => ({ kind: 'leaf' as const, question: q.code, datapoints: [d.code] })),
  );
  const columns = rows.slice(0, 10);
  const query = { rows, columns, waves: catalogue.waves.map((w) => w.code), locations: catalogue.locations.map((l) => l.code) };
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    const s = performance.now();
    await computeCrosstab(data, query);
    if (i > 0) times.push(performance.now() - s);
    sample();
  }
  clearInterval(timer);
  times.sort((a, b) => a - b);
  const decodedBytes = partitions.reduce((s, p) => s + p.wordCount * 4 * (p.attributes.size + 1) + p.bitLength * 8, 0);
  console.log(`decode ${((t4 - t3) / 1000).toFixed(2)} s, decoded bitsets + weights ${(decodedBytes / 1e6).toFixed(0)} MB`);
  console.log(
    `crosstab ${rows.length} x ${columns.length} over all waves and locations (inline): median of 5 ${times[2].toFixed(0)} ms; peak rss ${(peakRss / 1e6).toFixed(0)} MB`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
