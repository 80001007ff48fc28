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
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const ALL_QUEUES: readonly QueueName[] = Object.values(QUEUES);

export const JOBS = {
  systemPing: 'system.ping',
  engineCompute: 'engine.compute',
} as const;

export type JobName = (typeof JOBS)[keyof typeof JOBS];

/** Which queue carries which job. */
export const JOB_QUEUE: { readonly [N in JobName]: QueueName } = {
  'system.ping': QUEUES.system,
  'engine.compute': QUEUES.engine,
};

export interface SystemPingPayload {
  /** Echoed back, so a caller can tell its own answer from another's. */
  nonce: string;
  /** When the gateway queued it (ms since epoch). */
  sentAt: number;
  /** How long the handler holds the job before answering (ms); probes timeouts and retries. */
  delayMs: number;
}

export interface SystemPingResult {
  nonce: string;
  sentAt: number;
  /** Process id of whoever ran the job: a worker's pid, or the gateway's in inline mode. */
  handledBy: number;
  handledAt: number;
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
  /** The request it serves, for logs and traces. */
  requestId: string;
  orgId: string;
  rows: WireExpression[];
  columns: WireExpression[];
  base: WireExpression;
  waves: string[];
  locations: string[];
  dataset: string;
  /** Sums per wave or per location (in the order of `waves`/`locations`), or one group. */
  groupBy: 'none' | 'wave' | 'location';
}

/**
 * Raw sums of the block (see RawSums of @aas/crosstab-engine): per audience (base, rows, columns)
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

export interface JobPayloads {
  'system.ping': SystemPingPayload;
  'engine.compute': EngineComputePayload;
}

export interface JobResults {
  'system.ping': SystemPingResult;
  'engine.compute': EngineComputeResult;
}

/** Jobs of the given queue. */
export function jobsOfQueue(queue: QueueName): JobName[] {
  return (Object.keys(JOB_QUEUE) as JobName[]).filter((job) => JOB_QUEUE[job] === queue);
}

export function isQueueName(value: string): value is QueueName {
  return (ALL_QUEUES as readonly string[]).includes(value);
}
