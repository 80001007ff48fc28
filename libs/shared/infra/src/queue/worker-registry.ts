import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import { CommonConfig } from '../config/common.config';
import { createRedis, waitForReady, withTimeout } from './redis';

/** What a live worker says about itself in its heartbeat. */
export interface WorkerInfo {
  /** Unique per process start: `<host>-<pid>-<random>`. */
  readonly id: string;
  readonly queues: readonly string[];
  readonly host: string;
  readonly pid: number;
  /** ISO time the process started beating. */
  readonly startedAt: string;
  /** Free-form facts other processes route on (a shard, a capacity); the registry does not read them. */
  readonly meta: Readonly<Record<string, unknown>>;
}

export interface HeartbeatTiming {
  /** How often a worker refreshes its entry (ms). */
  readonly intervalMs: number;
  /** How long an entry lives without a refresh (ms): a worker silent this long counts as gone. */
  readonly ttlMs: number;
}

/** A worker is taken for dead about 10 s after its last beat: a few missed beats, not one slow event loop. */
export const DEFAULT_HEARTBEAT: HeartbeatTiming = { intervalMs: 3000, ttlMs: 10_000 };

const setKey = (prefix: string) => `${prefix}:workers`;
const entryKey = (prefix: string, id: string) => `${prefix}:workers:${id}`;

export function newWorkerId(): string {
  return `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

/**
 * Keeps one worker's entry alive in Redis: a key with a TTL (expiry is Redis's clock, so hosts
 * with skewed clocks agree) plus membership in a set that readers use to find the keys without
 * scanning. A missed beat (Redis away) is logged and retried at the next interval; the entry then
 * expires on its own, which is the point.
 */
export class WorkerHeartbeat {
  private readonly logger = new Logger('WorkerHeartbeat');
  private timer?: NodeJS.Timeout;
  private beating?: Promise<void>;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    public info: WorkerInfo,
    private readonly timing: HeartbeatTiming = DEFAULT_HEARTBEAT,
  ) {}

  /** Beats once now (awaited, so a caller can log "ready" only once it is visible), then every interval. */
  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), this.timing.intervalMs);
    this.timer.unref();
  }

  /** Changes what the entry says (e.g. the queues consumed now) and beats at once, so readers see it without waiting an interval. */
  async update(patch: Partial<Pick<WorkerInfo, 'queues' | 'meta'>>): Promise<void> {
    this.info = { ...this.info, ...patch };
    // A beat already under way may have sent the old entry: this one sends the new.
    await this.beating;
    await this.beat();
  }

  private beat(): Promise<void> {
    this.beating ??= this.redis
      .multi()
      .set(entryKey(this.prefix, this.info.id), JSON.stringify(this.info), 'PX', this.timing.ttlMs)
      .sadd(setKey(this.prefix), this.info.id)
      .exec()
      .then(() => undefined)
      .catch((err: unknown) => this.logger.warn({ err, worker: this.info.id }, 'heartbeat missed'))
      .finally(() => (this.beating = undefined));
    return this.beating;
  }

  /** Leaves the registry at once (a clean shutdown should not wait for the TTL to hand its work over). */
  async stop(timeoutMs = 1000): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await withTimeout(
      this.redis.multi().del(entryKey(this.prefix, this.info.id)).srem(setKey(this.prefix), this.info.id).exec(),
      timeoutMs,
      'leaving the worker registry',
    ).catch((err: unknown) => this.logger.warn({ err, worker: this.info.id }, 'could not leave the worker registry; the entry expires by itself'));
  }
}

/** The live workers under `prefix`, sorted by id; prunes ids whose entries expired. */
export async function liveWorkers(redis: Redis, prefix: string): Promise<WorkerInfo[]> {
  const ids = await redis.smembers(setKey(prefix));
  if (ids.length === 0) return [];
  const values = await redis.mget(ids.map((id) => entryKey(prefix, id)));
  const alive: WorkerInfo[] = [];
  const gone: string[] = [];
  values.forEach((value, i) => {
    const info = value === null ? undefined : parseInfo(value);
    if (info) alive.push(info);
    else gone.push(ids[i]);
  });
  // Safe against a racing beat: the entry key is the truth, and the worker re-adds itself on its next beat.
  if (gone.length > 0) await redis.srem(setKey(prefix), ...gone);
  return alive.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function parseInfo(value: string): WorkerInfo | undefined {
  try {
    const info = JSON.parse(value) as WorkerInfo;
    return typeof info.id === 'string' && Array.isArray(info.queues) ? info : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Gateway side: which workers are alive, from their heartbeats. Fails fast when Redis is away
 * (the caller decides what that means); reconnects by itself.
 */
@Injectable()
export class WorkerDirectory implements OnApplicationShutdown {
  private client?: Redis;

  constructor(private readonly config: CommonConfig) {}

  async alive(timeoutMs = 1000): Promise<WorkerInfo[]> {
    this.client ??= createRedis(this.config.REDIS_URL, 'probe', 'worker-directory');
    const client = this.client;
    await waitForReady(client, timeoutMs);
    return withTimeout(liveWorkers(client, this.config.REDIS_PREFIX), timeoutMs, 'reading the worker registry');
  }

  onApplicationShutdown(): void {
    this.client?.disconnect();
  }
}
