import { Controller, Get, HttpCode, HttpStatus, OnModuleDestroy, OnModuleInit, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public, RedisProbe, withTimeout } from '@aas/infra';

type CheckState = 'up' | 'down' | 'not used';
const CHECK_STATES: CheckState[] = ['up', 'down', 'not used'];

export class LivenessResponse {
  @ApiProperty({ enum: ['ok'] }) status!: 'ok';
}

export class ReadinessChecks {
  @ApiProperty({ enum: CHECK_STATES }) postgres!: CheckState;
  @ApiProperty({ enum: CHECK_STATES, description: '`not used` with JOB_MODE=inline' }) redis!: CheckState;
}

export class ReadinessResponse {
  @ApiProperty({ enum: ['ok', 'unavailable'] }) status!: 'ok' | 'unavailable';
  @ApiProperty({ type: ReadinessChecks }) checks!: ReadinessChecks;
}

interface Readiness {
  readonly ok: boolean;
  readonly checks: ReadinessChecks;
}

/** How often readiness is re-checked in the background (ms). */
const REFRESH_MS = 1000;
/** A dependency that takes longer than this to answer counts as down (ms). */
const CHECK_TIMEOUT_MS = 2000;

/**
 * Liveness and readiness for orchestrators; both answer without a token. Readiness answers from
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

  constructor(
    private readonly ds: DataSource,
    private readonly redis: RedisProbe,
  ) {}

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
  @ApiOperation({ operationId: 'getReadiness', summary: 'Postgres and Redis answer: 200 when both do, 503 otherwise' })
  @ApiOkResponse({ type: ReadinessResponse, description: 'Ready' })
  @ApiServiceUnavailableResponse({ type: ReadinessResponse, description: 'A dependency is down (`checks` says which)' })
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessResponse> {
    const { ok, checks } = this.last ?? (await this.refresh());
    res.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ok ? 'ok' : 'unavailable', checks: { ...checks } };
  }

  /** One check at a time; its result becomes what readiness answers. */
  private refresh(): Promise<Readiness> {
    this.refreshing ??= (async () => {
      const [postgres, redis] = await Promise.all([this.checkPostgres(), this.checkRedis()]);
      this.last = { ok: postgres !== 'down' && redis !== 'down', checks: { postgres, redis } };
      return this.last;
    })().finally(() => (this.refreshing = undefined));
    return this.refreshing;
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
