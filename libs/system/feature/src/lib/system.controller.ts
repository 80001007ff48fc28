import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { randomUUID } from 'node:crypto';
import { JOBS } from '@aas/shared-contracts';
import { JobRunner } from '@aas/shared-infra';
import { ApiProblems } from '@aas/shared-infra/http';

export class PingRequest {
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 30000, description: 'How long the job holds the worker (ms): for probing timeouts and retries' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(30000)
  delay_ms?: number;
}

export class PingResponse {
  @ApiProperty({ enum: ['queue', 'inline'], description: 'queue: a worker process ran it through Redis; inline: the gateway ran it' })
  mode!: string;
  @ApiProperty({ format: 'uuid', description: 'The random nonce the job echoed' }) nonce!: string;
  @ApiProperty({ type: 'integer', description: 'pid of the process that ran the job' }) handled_by!: number;
  @ApiProperty({ type: 'integer', description: 'pid of the gateway' }) gateway_pid!: number;
  @ApiProperty({ type: 'integer', description: 'Round trip in milliseconds' }) round_trip_ms!: number;
  @ApiProperty({ type: 'integer', minimum: 1, description: '1 for the first try; more when a worker died and the job was retried' }) attempt!: number;
}

@ApiTags('system')
@Controller('v1/system')
export class SystemController {
  constructor(private readonly jobs: JobRunner) {}

  @Post('ping')
  @HttpCode(200)
  @ApiOperation({ operationId: 'pingJobPath', summary: 'Sends a job through the job path and waits for its answer' })
  @ApiBody({ type: PingRequest, required: false, examples: { 'no delay': { value: {} }, 'hold the worker 50 ms': { value: { delay_ms: 50 } } } })
  @ApiOkResponse({ type: PingResponse, description: 'The job ran' })
  @ApiProblems(504)
  async ping(@Body() body: PingRequest = {}): Promise<PingResponse> {
    const started = Date.now();
    const nonce = randomUUID();
    const delayMs = body.delay_ms ?? 0;
    const result = await this.jobs.run(JOBS.systemPing, { nonce, delayMs });
    return {
      mode: this.jobs.mode,
      nonce: result.nonce,
      handled_by: result.handledBy,
      gateway_pid: process.pid,
      round_trip_ms: Date.now() - started,
      attempt: result.attempt,
    };
  }
}
