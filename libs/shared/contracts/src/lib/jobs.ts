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
  /** Crosstab chunks (rows x columns of audiences). */
  crosstab: 'crosstab',
  /** Chart calculations. */
  charts: 'charts',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const ALL_QUEUES: readonly QueueName[] = Object.values(QUEUES);

export const JOBS = {
  systemPing: 'system.ping',
  crosstabChunk: 'crosstab.chunk',
  chartCalculate: 'charts.calculate',
} as const;

export type JobName = (typeof JOBS)[keyof typeof JOBS];

/** Which queue carries which job. */
export const JOB_QUEUE: { readonly [N in JobName]: QueueName } = {
  'system.ping': QUEUES.system,
  'crosstab.chunk': QUEUES.crosstab,
  'charts.calculate': QUEUES.charts,
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

/**
 * A block of a crosstab: rows[rowStart..rowEnd) x every column. The gateway has already
 * validated the request; expressions travel in the standard wire form and are parsed
 * again by the worker (the same parser the gateway used).
 */
export interface CrosstabChunkPayload {
  orgId: string;
  /** Identifies the request, so a cancelled request's remaining chunks are skipped. */
  requestId: string;
  rows: unknown[];
  columns: unknown[];
  base: unknown;
  waves: string[];
  locations: string[];
  datasets: string[];
  rowStart: number;
  significance: number | null;
  effectiveBase: boolean;
}

/** Cells of the chunk in the engine's shape (see @aas/crosstab-engine CrosstabCell), row indices relative to rowStart. */
export interface CrosstabChunkResult {
  rowStart: number;
  cells: unknown[];
  rows: unknown[];
  columns: unknown[];
  base: unknown;
}

/**
 * One dataset group of a chart calculation: datapoint expressions (rows) x audience
 * expressions (columns) within the base, over one dataset (or the datasets named). The gateway
 * has validated everything; expressions travel in the standard wire form.
 */
export interface ChartCalculatePayload {
  orgId: string;
  rows: unknown[];
  columns: unknown[];
  base: unknown;
  waves: string[];
  locations: string[];
  datasets: string[];
  /** Split every cell by wave or by location; null = one result over the whole selection. */
  segmentBy: 'wave' | 'location' | null;
  /** With segmentBy, also compute the unsplit result (for indexes against the whole selection). */
  withTotal: boolean;
}

/** Engine cells (see @aas/crosstab-engine CrosstabCell), row-major, per segment. */
export interface ChartCalculateResult {
  segments: { segment: string; waves: string[]; locations: string[]; cells: unknown[] }[];
  /** The unsplit cells, when asked for (withTotal) or when not split. */
  total: unknown[] | null;
}

export interface JobPayloads {
  'system.ping': SystemPingPayload;
  'crosstab.chunk': CrosstabChunkPayload;
  'charts.calculate': ChartCalculatePayload;
}

export interface JobResults {
  'system.ping': SystemPingResult;
  'crosstab.chunk': CrosstabChunkResult;
  'charts.calculate': ChartCalculateResult;
}

/** Jobs of the given queue. */
export function jobsOfQueue(queue: QueueName): JobName[] {
  return (Object.keys(JOB_QUEUE) as JobName[]).filter((job) => JOB_QUEUE[job] === queue);
}

export function isQueueName(value: string): value is QueueName {
  return (ALL_QUEUES as readonly string[]).includes(value);
}
