import { Injectable, Logger } from '@nestjs/common';
import { JOBS, SurveyImportPayload, SurveyImportResult } from '@aas/shared-contracts';
import { HandlesJob, JobContext, JobHandler } from '@aas/shared-infra';
import { StoreVersion } from '@aas/respondent-store-data-access';
import { MappingError, readCsv, readSav, validateMapping } from '@aas/survey-import-domain';
import { SurveyImportStore, type ImportProgress } from '@aas/survey-import-data-access';
import { importSurvey } from '../import-survey.usecase';
import { ImportDatabase } from './import-database';
import { SurveyImportCommand } from './survey-import.command';

/** How often a running import touches its row even when nothing moved, so a stalled one can be told from a slow one. */
export const IMPORT_HEARTBEAT_MS = 5_000;
/** Progress is written at most this often (and at every phase change). */
const PROGRESS_EVERY_MS = 1_000;

/** The job was handed back (worker shutting down): another worker runs it; this run stops at its next progress. */
class HandedBack extends Error {}

/**
 * Runs an import uploaded through the admin endpoint with the same code as `npm run import`
 * (importSurvey): reads the staged file back from Postgres a chunk at a time, checks it against
 * its mapping, and writes the dataset as a new data version in one transaction, in which the
 * import's row is marked `succeeded` too. A file that does not fit its mapping, a catalogue
 * conflict or an unreadable file ends the import `failed` with the report and the reasons, and
 * changes nothing else; neither is retried (the same file fails the same way). A worker that dies
 * mid-import rolls its transaction back and BullMQ gives the job to another worker, which starts
 * the import again; a retry after the commit finds it `succeeded` and does nothing.
 */
@Injectable()
@HandlesJob(JOBS.surveyImport, { payload: SurveyImportCommand })
export class SurveyImportJobHandler implements JobHandler<'survey.import'> {
  private readonly logger = new Logger('SurveyImport');

  constructor(
    private readonly database: ImportDatabase,
    private readonly dataVersion: StoreVersion,
  ) {}

  async handle(payload: SurveyImportPayload, context: JobContext): Promise<SurveyImportResult> {
    const ds = await this.database.dataSource();
    const store = new SurveyImportStore(ds);
    const id = payload.importId;
    const record = await store.start(id, context.attempt);
    if (!record) return { status: (await store.get(id))?.status === 'succeeded' ? 'succeeded' : 'failed' };

    let progress: ImportProgress = { phase: 'read', rowsRead: 0, partitionsWritten: 0, partitionsTotal: 0 };
    let writtenAt = 0;
    // One progress write at a time, in order; a failed one is logged, not fatal (the next one may pass).
    let writes: Promise<void> = Promise.resolve();
    const writeProgress = () => {
      writtenAt = Date.now();
      const snapshot = progress;
      writes = writes.then(() => store.progress(id, snapshot)).catch((err: unknown) => this.logger.warn({ err, importId: id }, 'could not record progress'));
    };
    const heartbeat = setInterval(writeProgress, IMPORT_HEARTBEAT_MS);
    heartbeat.unref();
    try {
      const mapping = validateMapping(record.mapping);
      const bytes = store.readFile(id, record.file_chunks);
      const file = record.file_format === 'csv' ? await readCsv(bytes) : await readSav(bytes);
      const outcome = await importSurvey(ds, file, mapping, {
        mode: record.mode,
        source: record.file_name,
        onProgress: (p) => {
          if (context.signal.aborted) throw new HandedBack('handed back');
          const phaseChanged = p.phase !== progress.phase;
          progress = p;
          if (phaseChanged || Date.now() - writtenAt >= PROGRESS_EVERY_MS) writeProgress();
        },
        beforeCommit: (tx, done) =>
          store.succeed(tx, id, {
            report: done.report,
            dataset: done.dataset,
            dataVersion: done.dataVersion,
            partitions: done.partitions,
            rowsRead: done.report.rowsRead,
          }),
      });
      clearInterval(heartbeat);
      await writes;
      if (outcome.ok) {
        // This process serves the new version from its next query (others within their check interval).
        this.dataVersion.invalidate();
        this.logger.log({ importId: id, dataset: outcome.dataset, dataVersion: outcome.dataVersion, partitions: outcome.partitions }, 'import succeeded');
        return { status: 'succeeded' };
      }
      const reasons =
        outcome.refused.length > 0 ? [...outcome.refused] : ['the file does not fit its mapping: the report lists the errors; nothing was imported'];
      await store.fail(id, { report: outcome.report, errors: reasons });
      this.logger.log({ importId: id, reasons }, 'import refused');
      return { status: 'failed' };
    } catch (error) {
      clearInterval(heartbeat);
      await writes;
      // Handed back at shutdown: another worker takes the job and its outcome is the one that counts.
      if (context.signal.aborted) throw error;
      const reasons =
        error instanceof MappingError
          ? error.problems.map((p) => `mapping ${p.path || '/'}: ${p.message}`)
          : [`the import stopped: ${error instanceof Error ? error.message : String(error)}; nothing was imported`];
      this.logger.warn({ err: error, importId: id }, 'import failed');
      await store.fail(id, { errors: reasons });
      return { status: 'failed' };
    }
  }
}
