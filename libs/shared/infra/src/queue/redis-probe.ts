import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { CommonConfig } from '../config/common.config';
import { createRedis, waitForReady, withTimeout } from './redis';

/** Answers the readiness check; reconnects by itself, so Redis coming back needs no restart. */
@Injectable()
export class RedisProbe implements OnApplicationShutdown {
  private client?: Redis;

  constructor(private readonly config: CommonConfig) {}

  get enabled(): boolean {
    return this.config.JOB_MODE === 'queue';
  }

  async ping(timeoutMs = 1000): Promise<void> {
    this.client ??= createRedis(this.config.REDIS_URL, 'probe', 'probe');
    const client = this.client;
    // Without an offline queue a command sent while (re)connecting fails at once; wait for the link instead.
    await waitForReady(client, timeoutMs);
    const answer = await withTimeout(client.ping(), timeoutMs, 'redis ping');
    if (answer !== 'PONG') throw new Error(`unexpected ping answer ${answer}`);
  }

  onApplicationShutdown(): void {
    this.client?.disconnect();
  }
}
