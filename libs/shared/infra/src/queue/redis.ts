import { Redis, RedisOptions } from 'ioredis';

export type RedisRole = 'producer' | 'blocking' | 'probe';

/**
 * One place that knows how each kind of Redis client must be configured for BullMQ:
 * - producer (Queue, gateway side): fail fast. No offline queue and one retry, so a
 *   request never hangs on a Redis that is down; the caller answers 503 instead.
 * - blocking (Worker, QueueEvents): `maxRetriesPerRequest: null`, as BullMQ requires
 *   for blocking commands, and reconnect forever.
 * - probe (readiness checks): like a producer, never queues a ping.
 */
export function createRedis(url: string, role: RedisRole, name: string): Redis {
  const common: RedisOptions = {
    connectionName: `aas:${name}`,
    connectTimeout: 3000,
    lazyConnect: false,
    // Back off up to 2 s between reconnects, forever: Redis coming back must heal us without a restart.
    retryStrategy: (times: number) => Math.min(200 * times, 2000),
  };
  const byRole: Record<RedisRole, RedisOptions> = {
    producer: { ...common, maxRetriesPerRequest: 1, enableOfflineQueue: false },
    blocking: { ...common, maxRetriesPerRequest: null, enableOfflineQueue: true },
    probe: { ...common, maxRetriesPerRequest: 0, enableOfflineQueue: false },
  };
  const client = new Redis(url, byRole[role]);
  // Without a listener ioredis prints every reconnect failure as an unhandled error event.
  client.on('error', () => undefined);
  return client;
}

/** What withTimeout rejects with, so callers can tell a timeout from a failure without reading messages. */
export class TimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} timed out after ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/**
 * Rejects with a TimeoutError when the promise is not settled within ms.
 *
 * The bound is judged one loop turn after its timer fires (`setImmediate` runs after the poll
 * phase): when this process was busy, the timer runs first on waking, before the poll phase has
 * handed over an answer that arrived meanwhile, and an answer that came in time would look late.
 * Under overload that turned a healthy Redis into "queueing the job timed out" mid-stream.
 */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let check: NodeJS.Immediate | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => (check = setImmediate(() => reject(new TimeoutError(what, ms)))), ms);
      }),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
    if (check) clearImmediate(check);
  }
}

/** What `RedisHealth.bounded` rejects with, without sending anything, while its connection is down or unresponsive. */
export class RedisUnavailableError extends Error {
  constructor(what: string, why: 'not connected' | 'unresponsive') {
    super(`${what}: redis ${why}`);
    this.name = 'RedisUnavailableError';
  }
}

/** Whether an error means Redis did not answer (down, unresponsive, or past a bound), as opposed to answering with an error. */
export function isRedisUnavailable(err: unknown): boolean {
  return err instanceof RedisUnavailableError || err instanceof TimeoutError;
}

/** Where RedisHealth says what it saw: a change of state, once, not once per request. */
export interface RedisHealthLog {
  warn(fields: object, msg: string): void;
  log(fields: object, msg: string): void;
}

/**
 * Whether one Redis connection answers in time, for the commands on a request's path. Each goes
 * through `bounded`: refused at once (RedisUnavailableError) while the connection is closed or
 * known unresponsive, otherwise given its bound. A command past its bound makes the connection
 * suspect: a PING is sent, and when that too goes unanswered within the bound the connection is
 * taken for unresponsive (a Redis that hangs instead of dying: SIGSTOP, a partition without
 * resets, where the socket stays open and silent) until that PING is answered or the connection
 * is made again. So a hung Redis costs the requests of its first moments their bound, not every
 * request the whole hang; and one slow answer (a large result) costs only itself, since the PING
 * queued behind it is answered at once after it.
 */
export class RedisHealth {
  private unresponsive = false;
  private probing = false;
  private readonly listeners = new Set<(responsive: boolean) => void>();

  constructor(
    private readonly client: Redis,
    /** What the connection serves, for the log (`rate limiter`, `job queue`). */
    private readonly name: string,
    /** How long the PING of a suspect connection may take (ms). */
    private readonly probeTimeoutMs: number,
    private readonly logger?: RedisHealthLog,
  ) {
    // A connection made (again) has answered Redis's ready check.
    client.on('ready', () => this.setResponsive(true));
  }

  /** Connected and not known to hang: a command sent now may be answered. */
  get available(): boolean {
    return this.client.status === 'ready' && !this.unresponsive;
  }

  /** Called with false when the connection is taken for unresponsive, with true when it answers again. */
  onChange(listener: (responsive: boolean) => void): void {
    this.listeners.add(listener);
  }

  /** Runs `command` within `ms`, or rejects at once while the connection is down or unresponsive. */
  async bounded<T>(what: string, command: () => Promise<T>, ms: number): Promise<T> {
    if (this.client.status !== 'ready') throw new RedisUnavailableError(what, 'not connected');
    if (this.unresponsive) throw new RedisUnavailableError(what, 'unresponsive');
    try {
      return await withTimeout(command(), ms, what);
    } catch (err) {
      if (err instanceof TimeoutError) this.suspect(what);
      throw err;
    }
  }

  /**
   * Checks the connection with a PING within the probe bound (unless one is under way); unanswered,
   * the connection is unresponsive until that PING is answered. For a caller that needs to know
   * while it sends nothing else (requests waiting for jobs).
   */
  suspect(what = 'a liveness check'): void {
    if (this.probing || this.unresponsive || this.client.status !== 'ready') return;
    this.probing = true;
    const ping = this.client.ping();
    ping.catch(() => undefined);
    withTimeout(ping, this.probeTimeoutMs, 'redis ping')
      .then(
        () => undefined,
        (err: unknown) => {
          if (!(err instanceof TimeoutError)) return; // the connection closed: its own events say so
          this.setResponsive(false, what);
          // Answered at last (the connection closing instead is covered by its 'ready').
          ping.then(
            () => this.setResponsive(true),
            () => undefined,
          );
        },
      )
      .finally(() => (this.probing = false));
  }

  private setResponsive(responsive: boolean, what?: string): void {
    if (this.unresponsive === !responsive) return;
    this.unresponsive = !responsive;
    if (responsive) this.logger?.log({ redis: this.name }, 'redis answers again');
    else
      this.logger?.warn(
        { redis: this.name, what, timeoutMs: this.probeTimeoutMs },
        'redis does not answer in time; taken for unresponsive (what needs it answers 503 or takes its fallback at once) until it answers a PING',
      );
    for (const listener of this.listeners) listener(responsive);
  }
}

/** Resolves when the client is connected, or rejects after ms; never leaves a listener behind. */
export function waitForReady(client: Redis, ms: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      reject(new Error(`redis not connected within ${ms} ms`));
    }, ms);
    client.once('ready', onReady);
  });
}
