import type { DataSource } from 'typeorm';
import type { Queryable } from '@aas/shared-infra';
import { CatalogueConflict, mergeDatasetCatalogue, type WaveDateCorrection } from '@aas/catalogue-data-access';
import { attributeDictionaryFromList, partitionFormatVersion } from '@aas/respondent-store-domain';
import { SurveyDataVersion } from '@aas/respondent-store-data-access';
import { createFileSpillStore, prepareImport, type ImportReport, type SurveyFile, type SurveyMapping } from '@aas/survey-import-domain';

/** `replace`: the file is the whole dataset (its other partitions are retired). `append`: it adds (or replaces) waves, keeping the rest. */
export type ImportMode = 'replace' | 'append';

export interface SurveyImportProgress {
  readonly phase: 'read' | 'write';
  readonly rowsRead: number;
  readonly partitionsWritten: number;
  readonly partitionsTotal: number;
}

export interface SurveyImportOptions {
  readonly mode: ImportMode;
  /** What the data version records as its source (e.g. the file's name). */
  readonly source: string;
  /** Where pass 1 parks rows (default: the OS temp directory). */
  readonly spillDirectory?: string;
  readonly onProgress?: (progress: SurveyImportProgress) => void;
  /** Replace the stored dates of a wave the catalogue has with other dates (else that is a conflict); the outcome lists the changes. */
  readonly correctWaveDates?: boolean;
  /**
   * Runs inside the import's transaction, after everything is written and before COMMIT: what the
   * caller writes there (e.g. the import's own status row) commits with the data, or not at all.
   */
  readonly beforeCommit?: (tx: Queryable, outcome: { report: ImportReport; dataVersion: string; dataset: string; partitions: number }) => Promise<void>;
}

export type SurveyImportOutcome =
  | {
      readonly ok: true;
      readonly report: ImportReport;
      readonly dataVersion: string;
      readonly dataset: string;
      readonly partitions: number;
      /** Waves whose stored dates this import corrected (with `correctWaveDates`). */
      readonly waveCorrections: readonly WaveDateCorrection[];
    }
  | { readonly ok: false; readonly report: ImportReport; readonly refused: readonly string[] };

/**
 * Imports a survey file into the service: checks everything first (the file against the mapping:
 * ids, weights, waves, locations, labels; the dataset against the catalogue: code clashes), then
 * writes the dataset's catalogue rows, its dictionary and its partitions as a new data version in
 * ONE transaction, and switches to it on commit. Queries running meanwhile keep the previous
 * version; a failed or interrupted import leaves everything as it was. Memory stays bounded: rows
 * are spilled to disk in pass 1 and one partition at a time is built and written in pass 2.
 */
export async function importSurvey(ds: DataSource, file: SurveyFile, mapping: SurveyMapping, options: SurveyImportOptions): Promise<SurveyImportOutcome> {
  const spill = await createFileSpillStore(options.spillDirectory);
  let rowsRead = 0;
  const prepared = await prepareImport(file, mapping, {
    spill,
    onProgress: (p) => {
      rowsRead = p.rowsRead;
      if (p.phase === 'read') options.onProgress?.({ phase: 'read', rowsRead: p.rowsRead, partitionsWritten: 0, partitionsTotal: p.partitionsTotal });
    },
  });
  try {
    const { report, catalogue } = prepared;
    if (!report.ok || catalogue === null) return { ok: false, report, refused: [] };
    const total = report.partitions.length;
    const dictionary = attributeDictionaryFromList(catalogue.dictionary.dataset, catalogue.dictionary.attributes);
    try {
      return await ds.transaction(async (tx) => {
        const version = await SurveyDataVersion.begin(tx);
        if (options.mode === 'append') {
          const current = await version.currentDictionaryHash(catalogue.dataset.code);
          if (current !== null && current !== dictionary.hash) {
            throw new CatalogueConflict([
              `the questions of dataset '${catalogue.dataset.code}' differ from the stored ones: appending would mix two codings of its waves; import the whole dataset (mode replace)`,
            ]);
          }
        }
        const { waveCorrections } = await mergeDatasetCatalogue(
          tx,
          {
            dataset: catalogue.dataset,
            categories: catalogue.categories,
            questions: catalogue.questions,
            waves: catalogue.waves.map(({ code, name, kind, start_date, end_date }) => ({ code, name, kind, start_date, end_date })),
            locations: catalogue.locations,
            populations: catalogue.populations,
          },
          { correctWaveDates: options.correctWaveDates ?? false },
        );
        await version.putDictionary(dictionary);
        let written = 0;
        for await (const partition of prepared.partitions()) {
          await version.putPartition({
            key: partition.key,
            respondentCount: partition.respondentCount,
            formatVersion: partitionFormatVersion(partition.blob),
            dictionaryHash: dictionary.hash,
            blob: partition.blob,
          });
          written++;
          options.onProgress?.({ phase: 'write', rowsRead, partitionsWritten: written, partitionsTotal: total });
        }
        if (options.mode === 'replace') await version.retireOthers([catalogue.dataset.code]);
        await version.commit({ source: options.source, dataset: catalogue.dataset.code, mode: options.mode, respondents: report.respondents });
        await options.beforeCommit?.(tx, { report, dataVersion: version.version, dataset: catalogue.dataset.code, partitions: written });
        return { ok: true as const, report, dataVersion: version.version, dataset: catalogue.dataset.code, partitions: written, waveCorrections };
      });
    } catch (error) {
      if (error instanceof CatalogueConflict) return { ok: false, report, refused: [...error.problems] };
      throw error;
    }
  } finally {
    await prepared.dispose();
  }
}
