import { CanActivate, DynamicModule, ExecutionContext, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { Redis } from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Principal } from '../auth/principal';
import { CommonConfig } from '../config/common.config';
import { ProblemException } from '../errors/problem.exception';
import { createRedis } from '../queue/redis';

export interface RateLimitOptions {
  /** Requests one organisation may make per window; 0 turns the limit off. */
  readonly requests: number;
  readonly windowSeconds: number;
}

/**
 * Counts requests per organisation in fixed windows and refuses those past the limit with a 429
 * problem and `Retry-After` (the seconds until the organisation's window ends).
 *
 * Built on `rate-limiter-flexible`: in queue mode the counters are in Redis (one atomic Lua
 * INCR + PEXPIRE per request, under REDIS_PREFIX), so every gateway shares one count per
 * organisation; when Redis does not answer, an in-memory limiter of the same limits takes over
 * (per process) rather than refusing or waving everything through. In inline mode (no Redis) the
 * in-memory limiter is the limiter.
 */
export class OrganisationRateLimiter {
  private readonly logger = new Logger('RateLimit');

  constructor(
    private readonly limiter: RateLimiterAbstract | undefined,
    readonly options: RateLimitOptions,
    private readonly redis?: Redis,
  ) {}

  static create(options: RateLimitOptions, config: Pick<CommonConfig, 'JOB_MODE' | 'REDIS_URL' | 'REDIS_PREFIX'>): OrganisationRateLimiter {
    if (options.requests <= 0) return new OrganisationRateLimiter(undefined, options);
    const limits = { points: options.requests, duration: options.windowSeconds };
    const memory = new RateLimiterMemory({ ...limits, keyPrefix: 'org' });
    if (config.JOB_MODE !== 'queue') return new OrganisationRateLimiter(memory, options);
    const redis = createRedis(config.REDIS_URL, 'producer', 'rate-limit');
    const limiter = new RateLimiterRedis({
      ...limits,
      storeClient: redis,
      keyPrefix: `${config.REDIS_PREFIX}:ratelimit:org`,
      // Redis down or still connecting: count in memory at once instead of waiting on it.
      rejectIfRedisNotReady: true,
      insuranceLimiter: memory,
    });
    return new OrganisationRateLimiter(limiter, options, redis);
  }

  /** Counts one request of orgId; throws the 429 when it is past the limit. */
  async consume(orgId: string): Promise<void> {
    if (!this.limiter) return;
    try {
      await this.limiter.consume(orgId, 1);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw ProblemException.tooManyRequests(
          `Your organisation made more than ${this.options.requests} requests in ${this.options.windowSeconds} s, the most this service takes; try again in ${Math.ceil(rejection.msBeforeNext / 1000)} s`,
          rejection.msBeforeNext / 1000,
        );
      }
      // The store failed and so did the insurance limiter: let the request through rather than fail it.
      this.logger.warn({ err: rejection }, 'rate limiter unavailable; request not counted');
    }
  }

  close(): void {
    this.redis?.disconnect();
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
