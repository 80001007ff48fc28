/**
 * Every BullMQ queue and job of the service, with its payload and result types.
 *
 * WARNING: these strings are stored in Redis with every job. Renaming a queue or a
 * job strands the jobs already queued under the old name (no worker will take them):
 * add the new name beside the old one, drain, then remove the old one.
 */

export const QUEUES = {
  /** Service plumbing: round trips that prove the job path works. */
  system: 'system',
  /** The crosstab engine: every crosstab, chart and assistant computation. */
  engine: 'engine',
  /** Survey imports uploaded through the admin endpoint: long jobs, kept off the engine's queue. */
  imports: 'imports',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const ALL_QUEUES: readonly QueueName[] = Object.values(QUEUES);

export const JOBS = {
  systemPing: 'system.ping',
  engineCompute: 'engine.compute',
  surveyImport: 'survey.import',
} as const;

export type JobName = (typeof JOBS)[keyof typeof JOBS];

/** Which queue carries which job. */
export const JOB_QUEUE: { readonly [N in JobName]: QueueName } = {
  'system.ping': QUEUES.system,
  'engine.compute': QUEUES.engine,
  'survey.import': QUEUES.imports,
};

export interface SystemPingPayload {
  /** Echoed back, so a caller can tell its own answer from another's. */
  nonce: string;
  /** How long the handler holds the job before answering (ms); probes timeouts and retries. */
  delayMs: number;
}

export interface SystemPingResult {
  nonce: string;
  /** Process id of whoever ran the job: a worker's pid, or the gateway's in inline mode. */
  handledBy: number;
  /** Which attempt answered (2 after a worker died holding the job). */
  attempt: number;
}

/** An audience expression in the standard wire form (as POST /v2/query/crosstab takes it). */
export type WireExpression = Record<string, unknown>;

/**
 * One block of an engine computation: `rows` x `columns` within `base`, over the partitions of one
 * dataset (one respondent universe) in the selected waves and locations. The caller has checked
 * everything against the organisation's catalogue; the worker validates the payload's shape
 * again and parses the expressions with the same parser.
 */
export interface EngineComputePayload {
  /** The request it serves: the worker logs it with a failure of the job, to find the request in the gateway's log. */
  requestId: string;
  rows: WireExpression[];
  columns: WireExpression[];
  base: WireExpression;
  waves: string[];
  locations: string[];
  dataset: string;
  /** Sums per wave or per location (in the order of `waves`/`locations`), or one group. */
  groupBy: 'none' | 'wave' | 'location';
  /**
   * With the data split into shards: exactly the partitions to compute (one shard's share of the
   * selection), so a worker loads nothing else. Absent: every partition of the selection.
   */
  partitions?: PartitionRef[];
  /**
   * Whose own sums to compute besides the base's (rows, columns). The gateway measures each row and
   * column in one block of a crosstab only, and fills the others from it. Absent: both.
   */
  singles?: { rows: boolean; columns: boolean };
  /**
   * Row bands to report as they are done, for a caller that streams: the rows at which bands start
   * after the first (strictly increasing, each in 1..rows-1). The worker computes the bands in
   * order and reports each as an `EngineComputePartial` (see JobProgress) when it is done; the
   * job's result still carries every row. Absent: one result at the end.
   */
  bands?: number[];
}

/**
 * A band of a block's rows, reported while the job runs: the sums of rows [rowStart, rowEnd) of
 * the block (`rowCount` of them) with every column, laid out as a result (`singles`: base, the
 * band's rows, the columns; the columns' sums only in the first band, and only when the block
 * measures them).
 */
export interface EngineComputePartial extends EngineComputeResult {
  rowStart: number;
  rowEnd: number;
}

/** One stored partition: the respondents of one dataset in one wave and one location. */
export interface PartitionRef {
  dataset: string;
  wave: string;
  location: string;
}

/**
 * Raw sums of the block (see RawSums of @aas/crosstab-engine-domain): per audience (base, rows, columns)
 * or cell and group, sum of weights, sum of squared weights and count. The caller builds every
 * metric from them; 24 bytes per cell and group travel, not the cell objects.
 */
export interface EngineComputeResult {
  groups: number;
  rowCount: number;
  columnCount: number;
  singles: Float64Array;
  cells: Float64Array;
}

/**
 * Runs one uploaded survey import: the file and mapping wait in Postgres under this id (the
 * worker shares the database with the gateway, not a filesystem). Queued, not awaited: the
 * gateway answers 202 and the import's row carries its status, progress and outcome.
 */
export interface SurveyImportPayload {
  importId: string;
}

/** How the import ended (the details are in its row). */
export interface SurveyImportResult {
  status: 'succeeded' | 'failed';
}

export interface JobPayloads {
  'system.ping': SystemPingPayload;
  'engine.compute': EngineComputePayload;
  'survey.import': SurveyImportPayload;
}

export interface JobResults {
  'system.ping': SystemPingResult;
  'engine.compute': EngineComputeResult;
  'survey.import': SurveyImportResult;
}

/** What a job may report while it runs, before its result (reports are best effort: a lost one is covered by the result). */
export interface JobProgress {
  'system.ping': never;
  'engine.compute': EngineComputePartial;
  'survey.import': never;
}

/**
 * The engine queue of one shard when the data is split into `shards` (ENGINE_SHARDS): `engine`
 * when it is not split, else `engine-s<k>`. Every shard's queue carries `engine.compute` only.
 */
export function engineQueue(shard: number, shards: number): string {
  return shards <= 1 ? QUEUES.engine : `${QUEUES.engine}-s${shard}`;
}

/** The shard an engine queue serves (0 for the unsplit `engine`), or undefined for any other queue. */
export function shardOfQueue(queue: string): number | undefined {
  if (queue === QUEUES.engine) return 0;
  const match = /^engine-s(\d{1,3})$/.exec(queue);
  return match ? Number(match[1]) : undefined;
}

/** The kind of queue a queue name is: a shard's engine queue is an `engine` queue. */
export function queueKind(queue: string): QueueName | undefined {
  if (shardOfQueue(queue) !== undefined) return QUEUES.engine;
  return (ALL_QUEUES as readonly string[]).includes(queue) ? (queue as QueueName) : undefined;
}

/** Jobs of the given queue. */
export function jobsOfQueue(queue: QueueName): JobName[] {
  return (Object.keys(JOB_QUEUE) as JobName[]).filter((job) => JOB_QUEUE[job] === queue);
}
