import { Injectable, Logger } from '@nestjs/common';
import busboy from 'busboy';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { JOBS } from '@aas/shared-contracts';
import { CommonConfig, JobRunner, PROBLEM_TYPES, ProblemException } from '@aas/shared-infra';
import { findUnstorableText, type Principal } from '@aas/shared-infra/http';
import { MappingError, parseMapping, type ImportReport, type SurveyMapping } from '@aas/survey-import-domain';
import { SurveyImportStore, UPLOAD_CHUNK_BYTES, type ImportFileFormat, type ImportMode, type SurveyImportRecord } from '@aas/survey-import-data-access';
import type { ImportResponse } from './dto/import.dto';

/** Largest mapping accepted (bytes); a mapping is a few KiB. */
export const MAX_MAPPING_BYTES = 1024 * 1024;
/** A queued or running import whose row has not moved for this long, and whose job the queue no longer has running, was lost. */
export const LOST_AFTER_SECONDS = 60;
/** Uploads left half-way (a gateway that died mid-upload) are removed by the next upload after this long. */
const ABANDONED_UPLOAD_SECONDS = 24 * 3600;
const MODES: readonly ImportMode[] = ['replace', 'append'];

interface StagedFile {
  name: string;
  format: ImportFileFormat;
  bytes: number;
  chunks: number;
}

interface ReceivedParts {
  file?: StagedFile;
  mapping?: { text: string; name: string | undefined };
  mode?: string;
}

const invalid = (path: string, message: string, detail = message) => ProblemException.validation(detail, [{ path, message }]);

function tooLarge(detail: string): ProblemException {
  return new ProblemException(413, PROBLEM_TYPES.payloadTooLarge, detail);
}

/** Control characters (C0 and DEL), dropped from a recorded file name. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The file's name without any directory or control characters, as it is recorded. */
function cleanName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  return base.replace(CONTROL_CHARACTERS, '').slice(0, 255);
}

/** An SPSS system file (.sav, or .zsav when ZLIB-compressed: the same reader) or a CSV export. */
function formatOf(name: string): ImportFileFormat | undefined {
  const lower = name.toLowerCase();
  return lower.endsWith('.sav') || lower.endsWith('.zsav') ? 'sav' : lower.endsWith('.csv') ? 'csv' : undefined;
}

/** Reads a small part (the mapping sent as a file) into a string; 413 past `max` bytes. */
async function readSmall(stream: Readable, max: number): Promise<string> {
  const parts: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    bytes += (chunk as Buffer).length;
    if (bytes > max) throw tooLarge(`The mapping is larger than ${max} bytes`);
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts).toString('utf8');
}

/** The report as the API spells it (snake_case), from the domain's ImportReport. */
function presentReport(report: unknown): ImportResponse['report'] {
  if (!report) return null;
  const r = report as ImportReport;
  return {
    ok: r.ok,
    rows_read: r.rowsRead,
    respondents: r.respondents,
    unmapped: r.unmapped,
    issues: r.issues.map((i) => ({
      severity: i.severity,
      code: i.code,
      variable: i.variable,
      message: i.message,
      count: i.count,
      rows: i.rows,
      ...(i.values ? { values: i.values } : {}),
    })),
    // Reports stored before variables were counted have none.
    variables: (r.variables ?? []).map((v) => ({
      variable: v.variable,
      label: v.label,
      use: v.use,
      ...(v.question !== undefined ? { question: v.question } : {}),
      with_value: v.withValue,
      answered: v.answered,
      not_selected: v.notSelected,
      system_missing: v.systemMissing,
      missing_rows: v.missingRows,
      missing: v.missing,
      left_out_rows: v.leftOutRows,
      left_out: v.leftOut,
    })),
    partitions: r.partitions.map((p) => ({
      dataset: p.key.dataset,
      wave: p.key.wave,
      location: p.key.location,
      respondents: p.respondents,
      weight_sum: p.weightSum,
    })),
  };
}

function present(record: SurveyImportRecord): ImportResponse {
  return {
    id: record.id,
    status: record.status === 'uploading' ? 'queued' : record.status,
    mode: record.mode,
    file: { name: record.file_name, format: record.file_format, bytes: Number(record.file_bytes) },
    progress: {
      phase: record.phase,
      rows_read: Number(record.rows_read),
      partitions_written: record.partitions_written,
      partitions_total: record.partitions_total,
    },
    attempts: record.attempts,
    report: presentReport(record.report),
    errors: record.errors,
    dataset: record.dataset,
    data_version: record.data_version,
    requested_by: { org: record.requested_by_org, user: record.requested_by_user },
    created_at: record.created_at,
    updated_at: record.updated_at,
    started_at: record.started_at,
    finished_at: record.finished_at,
  };
}

/**
 * Survey imports uploaded over HTTP. The upload is streamed into Postgres in 1 MiB chunks as it
 * arrives (never whole in memory), its mapping checked against the mapping schema, and a
 * `survey.import` job queued: the worker that runs it shares Postgres with the gateway, not a
 * filesystem, and Redis is no place for files (it holds the job queue in memory). A 202 means the
 * file is stored and its job queued; any error before that removes what was stored.
 */
@Injectable()
export class ImportAdminService {
  private readonly logger = new Logger('Imports');
  private readonly store: SurveyImportStore;

  constructor(
    ds: DataSource,
    private readonly jobs: JobRunner,
    private readonly config: CommonConfig,
  ) {
    this.store = new SurveyImportStore(ds);
  }

  async upload(req: Request, principal: Principal): Promise<ImportResponse> {
    if (!/^multipart\/form-data\s*;/i.test(req.headers['content-type'] ?? '')) {
      throw new ProblemException(
        415,
        PROBLEM_TYPES.unsupportedMediaType,
        'Send the upload as multipart/form-data: a part `file` (.sav, .zsav or .csv), a part `mapping` (JSON), optionally `mode`',
      );
    }
    await this.store.sweepAbandonedUploads(ABANDONED_UPLOAD_SECONDS).catch((err: unknown) => this.logger.warn({ err }, 'could not sweep abandoned uploads'));
    const id = randomUUID();
    let stored = false;
    try {
      const parts = await this.receive(req, id, principal, () => (stored = true));
      if (!parts.file) throw invalid('/file', 'a part named file (.sav, .zsav or .csv) is required');
      if (!parts.mapping) throw invalid('/mapping', 'a part named mapping (the JSON mapping) is required');
      const mode = (parts.mode ?? 'replace') as ImportMode;
      if (!MODES.includes(mode)) throw invalid('/mode', 'mode must be replace or append');
      const mapping = this.checkMapping(parts.mapping.text, parts.mapping.name);
      const record = await this.store.finishUpload(id, { bytes: parts.file.bytes, chunks: parts.file.chunks, mapping, mode });
      // Queued only once stored: a 503 here removes the upload (below), so nothing is left half-done.
      await this.jobs.enqueue(JOBS.surveyImport, { importId: id }, { jobId: id });
      this.logger.log({ importId: id, file: parts.file.name, bytes: parts.file.bytes, mode, by: principal.orgId }, 'import queued');
      return present(record);
    } catch (error) {
      if (stored) await this.store.discard(id).catch((err: unknown) => this.logger.warn({ err, importId: id }, 'could not remove a failed upload'));
      throw error;
    }
  }

  async get(id: string): Promise<ImportResponse> {
    let record = await this.store.get(id);
    if (!record || record.status === 'uploading') throw ProblemException.notFound(`No import ${id}`);
    if (record.status === 'queued' || record.status === 'running') record = await this.reconcile(record);
    return present(record);
  }

  /**
   * An import whose job ended without recording an outcome (its worker died on the last try, or
   * the gateway running it inline stopped) would stay `running` for ever: the queue's word on the
   * job settles it. A queue that does not answer leaves the row as it is.
   */
  private async reconcile(record: SurveyImportRecord): Promise<SurveyImportRecord> {
    const job = await this.jobs.state(JOBS.surveyImport, record.id).catch(() => undefined);
    let reason: string | undefined;
    if (job?.state === 'failed') reason = `the import job failed: ${job.reason}; nothing was imported`;
    else if ((job?.state === 'missing' || job?.state === 'completed') && record.idle_seconds > LOST_AFTER_SECONDS) {
      reason = `the import job was lost (the process running it stopped) and did not move for ${Math.round(record.idle_seconds)} s; nothing was imported`;
    }
    if (!reason || !(await this.store.fail(record.id, { errors: [reason] }))) return record;
    this.logger.warn({ importId: record.id, reason }, 'import marked failed');
    return (await this.store.get(record.id)) ?? record;
  }

  /** Parses and checks the mapping: 400 naming each problem under /mapping. */
  private checkMapping(text: string, name: string | undefined): SurveyMapping {
    let mapping: SurveyMapping;
    try {
      mapping = parseMapping(text, name && /\.ya?ml$/i.test(name) ? 'yaml' : name?.toLowerCase().endsWith('.json') ? 'json' : undefined);
    } catch (error) {
      if (error instanceof MappingError) {
        throw ProblemException.validation(
          'The mapping is not valid',
          error.problems.map((p) => ({ path: `/mapping${p.path}`, message: p.message })),
        );
      }
      throw invalid('/mapping', `the mapping cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
    const unstorable = findUnstorableText(mapping, '/mapping');
    if (unstorable.length > 0) throw ProblemException.validation('The mapping contains text that cannot be stored', unstorable);
    return mapping;
  }

  /**
   * Reads the multipart body: streams the `file` part into the store as it arrives (with the
   * socket's own backpressure: the next piece is read once the previous chunk is written), keeps
   * the `mapping` and `mode` parts. On the first problem it stops reading (the rest of the body is
   * discarded) and rejects with the problem.
   */
  private receive(req: Request, id: string, principal: Principal, onStored: () => void): Promise<ReceivedParts> {
    const maxFileBytes = this.config.IMPORT_MAX_UPLOAD_BYTES;
    return new Promise<ReceivedParts>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: req.headers,
          limits: { fileSize: maxFileBytes, files: 2, fields: 2, parts: 4, fieldSize: MAX_MAPPING_BYTES, headerPairs: 20 },
        });
      } catch (error) {
        reject(ProblemException.badRequest(`The multipart body cannot be read: ${error instanceof Error ? error.message : String(error)}`));
        return;
      }
      const parts: ReceivedParts = {};
      const pending: Promise<unknown>[] = [];
      const streams = new Set<Readable>();
      let failure: { error: unknown } | undefined;
      let finished = false;
      // Settles once every part's work has settled, so the caller knows exactly what was stored.
      const finish = () => {
        if (finished) return;
        finished = true;
        void Promise.allSettled(pending).then(() => (failure ? reject(failure.error) : resolve(parts)));
      };
      const fail = (error: unknown) => {
        if (failure || finished) return;
        failure = { error };
        req.unpipe(parser);
        // The rest of the body is read and dropped, so the answer reaches a client still sending.
        req.resume();
        for (const stream of streams) stream.destroy();
        finish();
      };
      const track = (stream: Readable, work: Promise<unknown>) => {
        streams.add(stream);
        pending.push(work);
        work.catch(fail);
      };
      parser.on('file', (name, stream, info) => {
        if (failure) return void stream.resume();
        if (name === 'file' && !parts.file) {
          stream.on('limit', () => fail(tooLarge(`The file is larger than the upload limit of ${maxFileBytes} bytes (IMPORT_MAX_UPLOAD_BYTES)`)));
          track(
            stream,
            this.stageFile(stream, info.filename, id, principal, onStored).then((file) => (parts.file = file)),
          );
        } else if (name === 'mapping' && !parts.mapping) {
          track(
            stream,
            readSmall(stream, MAX_MAPPING_BYTES).then((text) => (parts.mapping = { text, name: info.filename })),
          );
        } else {
          stream.resume();
          fail(
            invalid(
              `/${name}`,
              name === 'file' || name === 'mapping' ? `send one ${name} part` : `unknown part '${name}': send file, mapping and (optionally) mode`,
            ),
          );
        }
      });
      parser.on('field', (name, value, info) => {
        if (failure) return;
        if (name === 'mapping' && !parts.mapping) {
          if (info.valueTruncated) return fail(tooLarge(`The mapping is larger than ${MAX_MAPPING_BYTES} bytes`));
          parts.mapping = { text: value, name: undefined };
        } else if (name === 'mode' && parts.mode === undefined) {
          parts.mode = value;
        } else if (name === 'file') {
          fail(invalid('/file', 'the file must be sent as a file part (with a filename), not as a text field'));
        } else {
          fail(invalid(`/${name}`, `unknown or repeated part '${name}': send file, mapping and (optionally) mode`));
        }
      });
      for (const event of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
        parser.on(event, () => fail(ProblemException.badRequest('Too many parts: send file, mapping and (optionally) mode')));
      }
      parser.on('error', (error: Error) => fail(ProblemException.badRequest(`The multipart body cannot be read: ${error.message}`)));
      parser.on('close', finish);
      req.on('close', () => {
        if (!req.complete) fail(ProblemException.badRequest('The upload was cut off before it ended'));
      });
      req.pipe(parser);
    });
  }

  /** Streams the data file into the store in chunks (the caller stops it past the size limit); 400 for a name that is not .sav, .zsav or .csv. */
  private async stageFile(stream: Readable, filename: string | undefined, id: string, principal: Principal, onStored: () => void): Promise<StagedFile> {
    const name = cleanName(filename);
    const format = formatOf(name);
    if (!format) {
      stream.resume();
      throw invalid('/file', `the file must be an SPSS system file (.sav or .zsav) or a CSV export (.csv), named so; got '${name}'`);
    }
    await this.store.beginUpload({ id, fileName: name, format, mode: 'replace', org: principal.orgId, user: principal.userId });
    onStored();
    let seq = 0;
    let bytes = 0;
    let buffered: Buffer[] = [];
    let bufferedBytes = 0;
    for await (const piece of stream) {
      const data = piece as Buffer;
      buffered.push(data);
      bufferedBytes += data.length;
      bytes += data.length;
      while (bufferedBytes >= UPLOAD_CHUNK_BYTES) {
        const all = Buffer.concat(buffered);
        await this.store.appendChunk(id, seq++, all.subarray(0, UPLOAD_CHUNK_BYTES));
        const rest = all.subarray(UPLOAD_CHUNK_BYTES);
        buffered = [rest];
        bufferedBytes = rest.length;
      }
    }
    if (bufferedBytes > 0) await this.store.appendChunk(id, seq++, Buffer.concat(buffered));
    if (bytes === 0) throw invalid('/file', 'the file is empty');
    return { name, format, bytes, chunks: seq };
  }
}
