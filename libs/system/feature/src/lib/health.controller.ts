import { Controller, Get, HttpCode, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public, RedisProbe, withTimeout } from '@aas/infra';

type CheckState = 'up' | 'down' | 'not used';

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
  @ApiOperation({ summary: 'The process is up (no dependency is checked)' })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Postgres and Redis answer: 200 when both do, 503 otherwise' })
  @ApiOkResponse({ description: 'Ready' })
  @ApiServiceUnavailableResponse({ description: 'A dependency is down' })
  async ready(@Res({ passthrough: true }) res: Response): Promise<{ status: string; checks: Record<string, CheckState> }> {
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
