import type { Queryable } from '@aas/shared-infra';

export type ImportStatus = 'uploading' | 'queued' | 'running' | 'succeeded' | 'failed';
export type ImportFileFormat = 'sav' | 'csv';
export type ImportMode = 'replace' | 'append';

/** Size of the pieces an uploaded file is stored in (the last one may be shorter). */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;

/** An import as its row holds it (timestamps as ISO 8601 UTC strings). */
export interface SurveyImportRecord {
  id: string;
  status: ImportStatus;
  mode: ImportMode;
  file_name: string;
  file_format: ImportFileFormat;
  file_bytes: number;
  file_chunks: number;
  mapping: unknown;
  requested_by_org: string;
  requested_by_user: number;
  attempts: number;
  phase: 'read' | 'write' | null;
  rows_read: number;
  partitions_written: number;
  partitions_total: number;
  /** The import's validation report (the domain's ImportReport) once the file was read. */
  report: unknown;
  /** What stopped it, besides the report's own errors (a catalogue conflict, an unreadable file, a lost job). */
  errors: string[];
  dataset: string | null;
  data_version: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** Seconds since the row last changed (a running import touches it every few seconds). */
  idle_seconds: number;
}

export interface ImportProgress {
  phase: 'read' | 'write';
  rowsRead: number;
  partitionsWritten: number;
  partitionsTotal: number;
}

/** The staged file could not be read back from the database (the connection, not the file). */
export class StagedFileUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(`the uploaded file could not be read from the database: ${message}`, options);
    this.name = 'StagedFileUnavailable';
  }
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const COLUMNS = `id, status, mode, file_name, file_format, file_bytes::float8 AS file_bytes, file_chunks, mapping, requested_by_org, requested_by_user,
  attempts, phase, rows_read::float8 AS rows_read, partitions_written, partitions_total, report, errors, dataset, data_version,
  ${iso('created_at')} AS created_at, ${iso('updated_at')} AS updated_at, ${iso('started_at')} AS started_at, ${iso('finished_at')} AS finished_at,
  extract(epoch FROM now() - updated_at)::float8 AS idle_seconds`;

async function rows<T>(q: Queryable, sql: string, parameters: unknown[] = []): Promise<T[]> {
  return (await q.query(sql, parameters)) as T[];
}

/**
 * The tables of uploaded survey imports (see SurveyImports1764300000001): the gateway stages an
 * upload here chunk by chunk and queues its job; the job (in a worker, or inline in the gateway)
 * reads the file back a chunk at a time and records progress and outcome. Every statement is on
 * its own unless a transaction is passed (the outcome of a successful import is written in the
 * import's own transaction, so a 'succeeded' row and the data it names commit together).
 */
export class SurveyImportStore {
  constructor(private readonly db: Queryable) {}

  /** Starts staging an upload (status `uploading`, invisible to the job until `finishUpload`). */
  async beginUpload(upload: { id: string; fileName: string; format: ImportFileFormat; mode: ImportMode; org: string; user: number }): Promise<void> {
    await this.db.query(
      `INSERT INTO survey_imports (id, status, mode, file_name, file_format, requested_by_org, requested_by_user) VALUES ($1, 'uploading', $2, $3, $4, $5, $6)`,
      [upload.id, upload.mode, upload.fileName, upload.format, upload.org, upload.user],
    );
  }

  async appendChunk(id: string, seq: number, data: Buffer): Promise<void> {
    await this.db.query(`INSERT INTO survey_import_chunks (import_id, seq, data) VALUES ($1, $2, $3)`, [id, seq, data]);
  }

  /** The upload is complete: its mapping is stored and the import waits for its job (`queued`). */
  async finishUpload(id: string, upload: { bytes: number; chunks: number; mapping: unknown; mode: ImportMode }): Promise<SurveyImportRecord> {
    const [row] = await rows<SurveyImportRecord>(
      this.db,
      `WITH done AS (
         UPDATE survey_imports SET status = 'queued', file_bytes = $2, file_chunks = $3, mapping = $4, mode = $5, updated_at = now()
          WHERE id = $1 AND status = 'uploading' RETURNING *)
       SELECT ${COLUMNS} FROM done`,
      [id, upload.bytes, upload.chunks, JSON.stringify(upload.mapping), upload.mode],
    );
    if (!row) throw new Error(`import ${id} is not being uploaded`);
    return row;
  }

  /** Removes an import and its file (an upload that failed, or whose job could not be queued). */
  async discard(id: string): Promise<void> {
    await this.db.query(`DELETE FROM survey_imports WHERE id = $1`, [id]);
  }

  /** Removes uploads left half-way (a gateway that died mid-upload) older than `seconds`; answers how many. */
  async sweepAbandonedUploads(seconds: number): Promise<number> {
    const [row] = await rows<{ n: number }>(
      this.db,
      `WITH gone AS (DELETE FROM survey_imports WHERE status = 'uploading' AND created_at < now() - make_interval(secs => $1) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [seconds],
    );
    return Number(row?.n ?? 0);
  }

  async get(id: string): Promise<SurveyImportRecord | null> {
    const [row] = await rows<SurveyImportRecord>(this.db, `SELECT ${COLUMNS} FROM survey_imports WHERE id = $1`, [id]);
    return row ?? null;
  }

  /**
   * The job takes the import (`running`, progress reset, attempt recorded). Null when there is
   * nothing to run: it finished already (a retry after the worker died past its commit) or is gone.
   */
  async start(id: string, attempt: number): Promise<SurveyImportRecord | null> {
    const [row] = await rows<SurveyImportRecord>(
      this.db,
      `WITH started AS (
         UPDATE survey_imports SET status = 'running', attempts = $2, phase = NULL, rows_read = 0, partitions_written = 0, partitions_total = 0,
                report = NULL, errors = '[]', started_at = now(), updated_at = now()
          WHERE id = $1 AND status IN ('queued', 'running') RETURNING *)
       SELECT ${COLUMNS} FROM started`,
      [id, attempt],
    );
    return row ?? null;
  }

  /** Records progress (and that the job is alive: `updated_at`). */
  async progress(id: string, p: ImportProgress): Promise<void> {
    await this.db.query(
      `UPDATE survey_imports SET phase = $2, rows_read = $3, partitions_written = $4, partitions_total = $5, updated_at = now()
        WHERE id = $1 AND status = 'running'`,
      [id, p.phase, p.rowsRead, p.partitionsWritten, p.partitionsTotal],
    );
  }

  /** Marks the import done, inside the import's own transaction `tx`, and drops its file. */
  async succeed(
    tx: Queryable,
    id: string,
    outcome: { report: unknown; dataset: string; dataVersion: string; partitions: number; rowsRead: number },
  ): Promise<void> {
    await tx.query(
      `UPDATE survey_imports SET status = 'succeeded', report = $2, dataset = $3, data_version = $4, phase = 'write', partitions_written = $5,
              partitions_total = $5, rows_read = $6, finished_at = now(), updated_at = now()
        WHERE id = $1`,
      [id, JSON.stringify(outcome.report), outcome.dataset, outcome.dataVersion, outcome.partitions, outcome.rowsRead],
    );
    await tx.query(`DELETE FROM survey_import_chunks WHERE import_id = $1`, [id]);
  }

  /**
   * Marks a queued or running import failed with its report (when the file was read) and what
   * stopped it, and drops its file. Answers false when it had finished already.
   */
  async fail(id: string, outcome: { report?: unknown; errors: readonly string[] }): Promise<boolean> {
    const [row] = await rows<{ n: number }>(
      this.db,
      `WITH failed AS (
         UPDATE survey_imports SET status = 'failed', report = coalesce($2::jsonb, report), errors = $3, finished_at = now(), updated_at = now()
          WHERE id = $1 AND status IN ('queued', 'running') RETURNING 1)
       SELECT count(*)::int AS n FROM failed`,
      [id, outcome.report === undefined ? null : JSON.stringify(outcome.report), JSON.stringify(outcome.errors)],
    );
    if (Number(row?.n ?? 0) === 0) return false;
    await this.db.query(`DELETE FROM survey_import_chunks WHERE import_id = $1`, [id]);
    return true;
  }

  /** The uploaded file, a chunk at a time in order (one chunk in memory); StagedFileUnavailable when the database fails. */
  async *readFile(id: string, chunks: number): AsyncGenerator<Uint8Array> {
    for (let seq = 0; seq < chunks; seq++) {
      let found: { data: Buffer }[];
      try {
        found = await rows<{ data: Buffer }>(this.db, `SELECT data FROM survey_import_chunks WHERE import_id = $1 AND seq = $2`, [id, seq]);
      } catch (error) {
        throw new StagedFileUnavailable(error instanceof Error ? error.message : String(error), { cause: error });
      }
      if (found.length === 0) throw new StagedFileUnavailable(`chunk ${seq} of ${chunks} is missing`);
      yield found[0].data;
    }
  }
}
