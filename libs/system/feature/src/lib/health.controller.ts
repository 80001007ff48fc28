import { Controller, Get, HttpCode, HttpStatus, Res } from '@nestjs/common';
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

/** Liveness and readiness for orchestrators; both answer without a token. */
@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly ds: DataSource,
    private readonly redis: RedisProbe,
  ) {}

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
    const [postgres, redis] = await Promise.all([this.checkPostgres(), this.checkRedis()]);
    const ok = postgres !== 'down' && redis !== 'down';
    res.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ok ? 'ok' : 'unavailable', checks: { postgres, redis } };
  }

  private async checkPostgres(): Promise<CheckState> {
    try {
      await withTimeout(this.ds.query('SELECT 1'), 2000, 'postgres ping');
      return 'up';
    } catch {
      return 'down';
    }
  }

  private async checkRedis(): Promise<CheckState> {
    if (!this.redis.enabled) return 'not used';
    try {
      await this.redis.ping();
      return 'up';
    } catch {
      return 'down';
    }
  }
}
