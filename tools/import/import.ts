import 'reflect-metadata';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SingleBar } from 'cli-progress';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@aas/shared-infra';
import { migrateDatabase } from '@aas/shared-schema';
import { draftMappingFromFile, formatVariableReport, parseMapping, readCsv, readSav, type ImportReport, type SurveyFile } from '@aas/survey-import-domain';
import { importSurvey, type ImportMode } from '@aas/survey-import-feature';
import { InterruptedError, runCli, UsageError } from '../lib/cli';
import { withDatabase } from '../lib/database';

const HELP = `Imports a survey file (SPSS .sav or CSV) as one dataset of the service.

usage:
  npm run import -- <file> --mapping <mapping.json|.yaml> [--mode replace|append]
  npm run import -- <file> --draft-mapping [--dataset <code>] [--location <var>] [--wave <var>] [--weight <var>] [--id <var>]
                   prints a first mapping (usable as it is; check its notes): the roles from their usual
                   names or the options, ISO market codes, wave dates from the labels, bands from the values
  npm run import -- --help

  --mode replace   the file is the whole dataset: its other waves are retired (default)
  --mode append    the file adds (or replaces) waves of the dataset, keeping the others
  --correct-wave-dates  a wave the catalogue has with other dates gets the mapping's dates (for every
                   dataset using it; without this option that is an error); each change is printed

Nothing changes unless every check passes (ids, weights, waves, locations, labels, the
catalogue): the report lists each problem with its variable and first rows. The data switches
to the new version in one transaction; queries running meanwhile see the old data.
Ctrl-C stops it and changes nothing. Database: DATABASE_URL when set, else the embedded Postgres
of \`npm start\` (used when it runs, started for the command when it does not). The mapping
format: libs/survey-import/domain/README.md.`;

/** A .csv is read as CSV; anything else (.sav, .zsav) as an SPSS system file. */
function open(file: string): Promise<SurveyFile> {
  const stream = createReadStream(file);
  return file.toLowerCase().endsWith('.csv') ? readCsv(stream) : readSav(stream);
}

function printReport(report: ImportReport): void {
  if (report.variables.length > 0) {
    console.error('variables (what each became; what of it was kept, left out and why):');
    for (const line of formatVariableReport(report.variables)) console.error(`  ${line}`);
  }
  for (const issue of report.issues) {
    const rows = issue.rows.length > 0 ? ` (rows ${issue.rows.join(', ')}${issue.count > issue.rows.length ? `, ... ${issue.count} in all` : ''})` : '';
    const values = issue.values && issue.values.length > 0 ? ` values: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}` : '';
    console.error(
      `${issue.severity === 'error' ? 'ERROR  ' : 'warning'} ${issue.code}${issue.variable ? ` [${issue.variable}]` : ''}: ${issue.message}${rows}${values}`,
    );
  }
}

async function main(file: string, args: Record<string, string>, signal: AbortSignal): Promise<void> {
  if (args['draft-mapping'] === 'true') {
    const survey = await open(file);
    const dataset =
      args['dataset'] ??
      path
        .basename(file)
        .replace(/\.[^.]+$/, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_');
    const { mapping, notes } = await draftMappingFromFile(survey, {
      datasetCode: dataset,
      ...(args['location'] ? { location: args['location'] } : {}),
      ...(args['wave'] ? { wave: args['wave'] } : {}),
      ...(args['weight'] ? { weight: args['weight'] } : {}),
      ...(args['id'] ? { respondentId: args['id'] } : {}),
    });
    console.log(JSON.stringify(mapping, null, 2));
    for (const note of notes) console.error(`note: ${note}`);
    return;
  }
  const mappingFile = args['mapping'];
  if (!mappingFile) throw new UsageError('--mapping is required (or --draft-mapping to make one)');
  const mode = (args['mode'] ?? 'replace') as ImportMode;
  if (mode !== 'replace' && mode !== 'append') throw new UsageError('--mode must be replace or append');
  const mappingText = await readFile(mappingFile, 'utf8');
  const mapping = parseMapping(mappingText, mappingFile.endsWith('.json') ? 'json' : 'yaml');

  await withDatabase(
    (msg) => console.error(`[import] ${msg}`),
    (url) => importInto(url, file, mapping, { mode, correctWaveDates: args['correct-wave-dates'] === 'true' }, signal),
  );
}

async function importInto(
  url: string,
  file: string,
  mapping: ReturnType<typeof parseMapping>,
  { mode, correctWaveDates }: { mode: ImportMode; correctWaveDates: boolean },
  signal: AbortSignal,
): Promise<void> {
  await migrateDatabase(url);
  const ds = new DataSource(dataSourceOptions(url, { extra: { max: 2, statement_timeout: 0 } }));
  await ds.initialize();
  // A bar on a terminal; plain lines in logs (CI, pipes), one per partition written and every 100,000 rows read.
  const tty = process.stderr.isTTY === true;
  const bar = new SingleBar({ format: '{phase} [{bar}] {value}/{total} {unit} | {rows} rows read', stream: process.stderr, hideCursor: true });
  let started = false;
  let logged = 0;
  try {
    const outcome = await importSurvey(ds, await open(file), mapping, {
      mode,
      correctWaveDates,
      source: path.basename(file),
      onProgress: (p) => {
        // Ctrl-C: the next progress report throws, the import's transaction rolls back.
        if (signal.aborted) throw new InterruptedError();
        if (!tty) {
          if (p.phase === 'read' && p.rowsRead - logged >= 100_000) console.error(`read ${(logged = p.rowsRead)} rows`);
          if (p.phase === 'write') console.error(`partition ${p.partitionsWritten}/${p.partitionsTotal} written (${p.rowsRead} rows read)`);
          return;
        }
        if (p.phase === 'read') {
          if (!started) bar.start(0, 0, { phase: 'reading', unit: 'rows', rows: 0 });
          started = true;
          bar.setTotal(p.rowsRead);
          bar.update(p.rowsRead, { rows: p.rowsRead });
        } else {
          bar.setTotal(p.partitionsTotal);
          bar.update(p.partitionsWritten, { phase: 'writing', unit: 'partitions', rows: p.rowsRead });
        }
      },
    });
    if (started) bar.stop();
    printReport(outcome.report);
    if (!outcome.ok) {
      for (const problem of outcome.refused) console.error(`ERROR   ${problem}`);
      console.error('nothing was imported: fix the errors above and run again');
      process.exitCode = 1;
      return;
    }
    for (const c of outcome.waveCorrections) {
      console.error(`wave '${c.code}': dates corrected from ${c.from.start_date}..${c.from.end_date} to ${c.to.start_date}..${c.to.end_date}`);
    }
    console.log(
      JSON.stringify({
        dataset: outcome.dataset,
        dataVersion: outcome.dataVersion,
        respondents: outcome.report.respondents,
        rowsRead: outcome.report.rowsRead,
        partitions: outcome.partitions,
        warnings: outcome.report.issues.length,
        unmapped: outcome.report.unmapped,
        waveCorrections: outcome.waveCorrections,
      }),
    );
  } finally {
    if (started) bar.stop();
    await ds.destroy();
  }
}

runCli({
  help: HELP,
  options: ['mapping', 'mode', 'draft-mapping', 'dataset', 'location', 'wave', 'weight', 'id', 'correct-wave-dates'],
  positional: 1,
  main: ({ positional, args, signal }) => main(positional[0], args, signal),
});
