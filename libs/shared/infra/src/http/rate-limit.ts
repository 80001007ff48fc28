import { CanActivate, DynamicModule, ExecutionContext, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { Redis } from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Principal } from '../auth/principal';
import { CommonConfig } from '../config/common.config';
import { ProblemException } from '../errors/problem.exception';
import { createRedis, RedisHealth } from '../queue/redis';

export interface RateLimitOptions {
  /** Requests one organisation may make per window; 0 turns the limit off. */
  readonly requests: number;
  readonly windowSeconds: number;
}

/**
 * The longest a request waits for Redis to count it (ms), when Redis is slow rather than down:
 * past it the request is counted in memory instead. Small, since counting is a fraction of a
 * millisecond when Redis is well, and every request passes here.
 */
export const RATE_LIMIT_REDIS_TIMEOUT_MS = 250;

/**
 * Counts requests per organisation in fixed windows and refuses those past the limit with a 429
 * problem and `Retry-After` (the seconds until the organisation's window ends).
 *
 * Built on `rate-limiter-flexible`: in queue mode the counters are in Redis (one atomic Lua
 * INCR + PEXPIRE per request, under REDIS_PREFIX), so every gateway shares one count per
 * organisation. When Redis cannot count a request in time (down, still connecting, slow past
 * RATE_LIMIT_REDIS_TIMEOUT_MS, or hung: see RedisHealth), an in-memory limiter of the same limits
 * counts it (per process) rather than refusing or waving everything through; while Redis is known
 * not to answer, requests are counted in memory without waiting for it at all. In inline mode (no
 * Redis) the in-memory limiter is the limiter.
 */
export class OrganisationRateLimiter {
  private readonly logger = new Logger('RateLimit');

  constructor(
    private readonly limiter: RateLimiterAbstract | undefined,
    readonly options: RateLimitOptions,
    private readonly redis?: { client: Redis; health: RedisHealth; memory: RateLimiterAbstract; timeoutMs: number },
  ) {}

  static create(
    options: RateLimitOptions,
    config: Pick<CommonConfig, 'JOB_MODE' | 'REDIS_URL' | 'REDIS_PREFIX'> & Partial<Pick<CommonConfig, 'REDIS_TIMEOUT_MS'>>,
  ): OrganisationRateLimiter {
    if (options.requests <= 0) return new OrganisationRateLimiter(undefined, options);
    const limits = { points: options.requests, duration: options.windowSeconds };
    const memory = new RateLimiterMemory({ ...limits, keyPrefix: 'org' });
    if (config.JOB_MODE !== 'queue') return new OrganisationRateLimiter(memory, options);
    const client = createRedis(config.REDIS_URL, 'producer', 'rate-limit');
    const timeoutMs = Math.min(RATE_LIMIT_REDIS_TIMEOUT_MS, config.REDIS_TIMEOUT_MS ?? RATE_LIMIT_REDIS_TIMEOUT_MS);
    const health = new RedisHealth(client, 'rate limiter', timeoutMs, new Logger('RateLimit'));
    const limiter = new RateLimiterRedis({
      ...limits,
      storeClient: client,
      keyPrefix: `${config.REDIS_PREFIX}:ratelimit:org`,
      // Redis down or still connecting: fail at once, and the request is counted in memory.
      rejectIfRedisNotReady: true,
    });
    return new OrganisationRateLimiter(limiter, options, { client, health, memory, timeoutMs });
  }

  /** Counts one request of orgId; throws the 429 when it is past the limit. */
  async consume(orgId: string): Promise<void> {
    if (!this.limiter) return;
    try {
      await this.count(orgId);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw ProblemException.tooManyRequests(
          `Your organisation made more than ${this.options.requests} requests in ${this.options.windowSeconds} s, the most this service takes; try again in ${Math.ceil(rejection.msBeforeNext / 1000)} s`,
          rejection.msBeforeNext / 1000,
        );
      }
      // Neither store could count it: let the request through rather than fail it.
      this.logger.warn({ reason: rejection instanceof Error ? rejection.message : String(rejection) }, 'rate limiter unavailable; request not counted');
    }
  }

  /** Counts in Redis within its bound, else in memory; rejects with a RateLimiterRes past the limit. */
  private async count(orgId: string): Promise<void> {
    const redis = this.redis;
    const limiter = this.limiter as RateLimiterAbstract;
    if (redis === undefined) {
      await limiter.consume(orgId, 1);
      return;
    }
    try {
      await redis.health.bounded('counting a request', () => limiter.consume(orgId, 1), redis.timeoutMs);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw err;
      await redis.memory.consume(orgId, 1);
    }
  }

  close(): void {
    this.redis?.client.disconnect();
  }
}

/**
 * Counts every authenticated request against its organisation's rate limit, before anything else
 * is done for it (a controller's guards, validation, queueing a job). A global guard registered
 * after the authentication guard, so the organisation is the token's; public routes (health, docs)
 * are not counted.
 */
@Injectable()
export class OrganisationRateLimitGuard implements CanActivate {
  constructor(@Inject(OrganisationRateLimiter) private readonly limiter: OrganisationRateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const user = context.switchToHttp().getRequest<{ user?: Principal }>().user;
    if (user) await this.limiter.consume(user.orgId);
    return true;
  }
}

@Injectable()
class RateLimiterLifecycle implements OnApplicationShutdown {
  constructor(@Inject(OrganisationRateLimiter) private readonly limiter: OrganisationRateLimiter) {}
  onApplicationShutdown(): void {
    this.limiter.close();
  }
}

/** The per-organisation rate limit; import it after AuthModule (global guards run in registration order). */
@Module({})
export class RateLimitModule {
  static forRoot(options: RateLimitOptions): DynamicModule {
    return {
      module: RateLimitModule,
      providers: [
        { provide: OrganisationRateLimiter, inject: [CommonConfig], useFactory: (config: CommonConfig) => OrganisationRateLimiter.create(options, config) },
        RateLimiterLifecycle,
        { provide: APP_GUARD, useClass: OrganisationRateLimitGuard },
      ],
      exports: [OrganisationRateLimiter],
    };
  }
}
