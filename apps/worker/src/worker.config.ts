import { Transform, Type } from 'class-transformer';
import { ArrayNotEmpty, IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { ALL_QUEUES, QueueName } from '@aas/shared-contracts';
import { CommonConfig } from '@aas/shared-infra';

/** The worker's settings; every property is an environment variable of the same name. */
export class WorkerConfig extends CommonConfig {
  /** Comma-separated queues this process consumes, e.g. `engine` or `system,engine`. */
  @Transform(({ value }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((q) => q.trim())
          .filter(Boolean)
      : value,
  )
  @ArrayNotEmpty({ message: 'WORKER_QUEUES must name at least one queue' })
  @IsIn(ALL_QUEUES as QueueName[], { each: true, message: `WORKER_QUEUES: each queue must be one of ${ALL_QUEUES.join(', ')}` })
  WORKER_QUEUES: QueueName[] = [...ALL_QUEUES];

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(64)
  WORKER_CONCURRENCY = 2;

  /**
   * With ENGINE_SHARDS > 1: the shard this worker serves whenever it runs (0 ... ENGINE_SHARDS-1).
   * Unset: it serves the shards no live worker has as its home, shared with the other workers
   * like it. Either way it adopts a shard whose home worker died, and hands it back on its return.
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'WORKER_SHARD must be an integer' })
  @Min(0, { message: 'WORKER_SHARD must be at least 0' })
  @Max(63, { message: 'WORKER_SHARD must be below ENGINE_SHARDS' })
  WORKER_SHARD?: number;

  /**
   * A job whose worker stops renewing its lock this long is retried elsewhere (ms). Locks are
   * renewed every half lock and checked every quarter (see workerLocks), so a killed worker's job is
   * retried 5-12.5 s after the kill with 10 s, against 15-45 s with BullMQ's 30 s default; an event
   * loop may still stall for 5 s before a job is taken for dead.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  WORKER_LOCK_MS = 10000;

  /** On SIGTERM/SIGINT, how long active jobs may run before they are handed back (ms). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  SHUTDOWN_TIMEOUT_MS = 10000;

  /**
   * MiB of the engine's one shared WebAssembly memory: packed audiences kept across jobs (least
   * recently used evicted first) and per-pass scratch. Reserved at first use, resident as used.
   */
  @Type(() => Number)
  @IsInt({ message: 'ENGINE_ARENA_MB must be an integer (MiB)' })
  @Min(16, { message: 'ENGINE_ARENA_MB must be at least 16' })
  @Max(2047, { message: 'ENGINE_ARENA_MB must be at most 2047 (the engine addresses its memory with 31 bits)' })
  ENGINE_ARENA_MB = 256;

  /**
   * Threads of the engine's cell kernel; 0 computes on the worker's own thread, in slices that
   * yield to its event loop. Unset: the machine's available parallelism. Workers that share a
   * machine should share its cores: each kernel thread also costs some 10-15 MiB of memory
   * (`npm start -- --workers N` gives each worker cores / N; 0 when that is less than one).
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'ENGINE_THREADS must be an integer' })
  @Min(0, { message: 'ENGINE_THREADS must be at least 0' })
  @Max(64, { message: 'ENGINE_THREADS must be at most 64' })
  ENGINE_THREADS?: number;

  /** MiB of evaluated leaf bitsets the engine keeps across jobs (least recently used evicted first). */
  @Type(() => Number)
  @IsInt({ message: 'ENGINE_LEAF_CACHE_MB must be an integer (MiB)' })
  @Min(0)
  @Max(65536)
  ENGINE_LEAF_CACHE_MB = 64;

  /**
   * Port of this worker's Prometheus endpoint (`GET /metrics`). Unset: no listener. Off by default
   * because several workers often share a host (and a fixed default port would collide there);
   * set it per worker where a scraper can reach it.
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'WORKER_METRICS_PORT must be an integer port' })
  @Min(1)
  @Max(65535)
  WORKER_METRICS_PORT?: number;

  /**
   * Address the metrics listener binds to: this machine only by default, like the gateway's HOST;
   * `0.0.0.0` (in a container) lets a scraper on another host reach it.
   */
  @IsString()
  WORKER_METRICS_HOST = '127.0.0.1';
}
