import { Controller, Get, HttpCode, HttpStatus, OnModuleDestroy, OnModuleInit, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { ALL_QUEUES } from '@aas/shared-contracts';
import { Metrics, RedisProbe, withTimeout, WorkerDirectory, WorkerInfo } from '@aas/shared-infra';
import { Public } from '@aas/shared-infra/http';

type CheckState = 'up' | 'down' | 'not used';
const CHECK_STATES: CheckState[] = ['up', 'down', 'not used'];

export class LivenessResponse {
  @ApiProperty({ enum: ['ok'] }) status!: 'ok';
}

export class ReadinessChecks {
  @ApiProperty({ enum: CHECK_STATES }) postgres!: CheckState;
  @ApiProperty({ enum: CHECK_STATES, description: '`not used` with JOB_MODE=inline' }) redis!: CheckState;
  @ApiProperty({
    enum: CHECK_STATES,
    description:
      '`up` when at least one worker is alive (its heartbeat, renewed every 3 s, is younger than 10 s); `down` when none is, or the registry cannot be read; `not used` with JOB_MODE=inline',
  })
  workers!: CheckState;
}

export class LiveWorker {
  @ApiProperty({ description: 'Unique per worker process start: `<host>-<pid>-<random>`', example: 'worker-7c9f-1234-a1b2c3' }) id!: string;
  @ApiProperty({ type: [String], description: 'Queues it consumes', example: ['system', 'engine', 'imports'] }) queues!: string[];
  @ApiProperty({ format: 'date-time', description: 'When it started beating' }) started_at!: string;
}

export class ReadinessResponse {
  @ApiProperty({ enum: ['ok', 'unavailable'] }) status!: 'ok' | 'unavailable';
  @ApiProperty({ type: ReadinessChecks }) checks!: ReadinessChecks;
  @ApiProperty({ type: [LiveWorker], description: 'The workers alive at the last check, by id (empty with JOB_MODE=inline)' })
  workers!: LiveWorker[];
}

interface Readiness {
  readonly ok: boolean;
  readonly checks: ReadinessChecks;
  readonly workers: LiveWorker[];
}

/** How often readiness is re-checked in the background (ms). */
const REFRESH_MS = 1000;
/** A dependency that takes longer than this to answer counts as down (ms). */
const CHECK_TIMEOUT_MS = 2000;

/**
 * Liveness and readiness for orchestrators; both answer without a token. In queue mode a gateway is
 * ready only while some worker is alive (from the workers' heartbeats): without one every request
 * that computes would wait for its timeout. Readiness answers from
 * the last background check (at most about REFRESH_MS old), never by querying on the request: under
 * load a query would wait behind the request traffic for a pool connection (seconds), and an
 * orchestrator that polls would add to it.
 */
@ApiTags('health')
@Public()
@Controller('health')
export class HealthController implements OnModuleInit, OnModuleDestroy {
  private last?: Readiness;
  private refreshing?: Promise<Readiness>;
  private timer?: NodeJS.Timeout;

  private readonly workersAlive: Gauge<'queue'>;

  constructor(
    private readonly ds: DataSource,
    private readonly redis: RedisProbe,
    private readonly directory: WorkerDirectory,
    metrics: Metrics,
  ) {
    this.workersAlive = metrics.gauge({
      name: 'aas_workers_alive',
      help: 'Workers alive (from their heartbeats) consuming each queue, at the last readiness check (queue mode only; absent while the registry cannot be read)',
      labelNames: ['queue'] as const,
    });
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.refresh(), REFRESH_MS);
    this.timer.unref();
    void this.refresh();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  @Get('live')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ operationId: 'getLiveness', summary: 'The process is up (no dependency is checked)' })
  @ApiOkResponse({ type: LivenessResponse, description: 'Up' })
  live(): LivenessResponse {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({
    operationId: 'getReadiness',
    summary: 'Postgres and Redis answer and, in queue mode, a worker is alive: 200 when all hold, 503 otherwise',
  })
  @ApiOkResponse({ type: ReadinessResponse, description: 'Ready' })
  @ApiServiceUnavailableResponse({ type: ReadinessResponse, description: 'A dependency is down or no worker is alive (`checks` says which)' })
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessResponse> {
    const { ok, checks, workers } = this.last ?? (await this.refresh());
    res.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ok ? 'ok' : 'unavailable', checks: { ...checks }, workers: workers.map((w) => ({ ...w, queues: [...w.queues] })) };
  }

  /** One check at a time; its result becomes what readiness answers. */
  private refresh(): Promise<Readiness> {
    this.refreshing ??= (async () => {
      const [postgres, redis, alive] = await Promise.all([this.checkPostgres(), this.checkRedis(), this.liveWorkers()]);
      const workers: CheckState = alive === 'not used' ? 'not used' : alive !== undefined && alive.length > 0 ? 'up' : 'down';
      this.last = {
        ok: postgres !== 'down' && redis !== 'down' && workers !== 'down',
        checks: { postgres, redis, workers },
        workers: Array.isArray(alive) ? alive.map((w) => ({ id: w.id, queues: [...w.queues], started_at: w.startedAt })) : [],
      };
      return this.last;
    })().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  /** The live workers (undefined when the registry cannot be read), also published as `aas_workers_alive`. */
  private async liveWorkers(): Promise<WorkerInfo[] | undefined | 'not used'> {
    if (!this.redis.enabled) return 'not used';
    try {
      const alive = await this.directory.alive(CHECK_TIMEOUT_MS);
      // The fixed queues, and the shard queues (engine-s<k>) the workers say they consume.
      this.workersAlive.reset();
      const queues = new Set<string>([...ALL_QUEUES, ...alive.flatMap((w) => w.queues)]);
      for (const queue of queues) this.workersAlive.set({ queue }, alive.filter((w) => w.queues.includes(queue)).length);
      return alive;
    } catch {
      this.workersAlive.reset();
      return undefined;
    }
  }

  private async checkPostgres(): Promise<CheckState> {
    try {
      await withTimeout(this.ds.query('SELECT 1'), CHECK_TIMEOUT_MS, 'postgres ping');
      return 'up';
    } catch {
      return 'down';
    }
  }

  private async checkRedis(): Promise<CheckState> {
    if (!this.redis.enabled) return 'not used';
    try {
      await this.redis.ping(CHECK_TIMEOUT_MS);
      return 'up';
    } catch {
      return 'down';
    }
  }
}
