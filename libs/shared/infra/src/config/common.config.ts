import { createPublicKey } from 'node:crypto';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength } from 'class-validator';

export type JobMode = 'queue' | 'inline';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/aas';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
/** Used outside production only; production refuses to start without JWT_SECRET or JWT_PUBLIC_KEY. */
export const DEVELOPMENT_JWT_SECRET = 'aas-development-secret-do-not-use-in-production';

/** Settings both apps share. Each property is an environment variable of the same name. */
export class CommonConfig {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL = DEFAULT_DATABASE_URL;

  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL = DEFAULT_REDIS_URL;

  /** Namespaces every BullMQ key, so several deployments (or test runs) can share one Redis. */
  @Matches(/^[A-Za-z0-9_.:-]{1,64}$/, { message: 'REDIS_PREFIX must be 1-64 characters of A-Z a-z 0-9 _ . : -' })
  REDIS_PREFIX = 'aas';

  /** `queue`: jobs go through BullMQ to worker processes. `inline`: the gateway runs them itself (no Redis). */
  @IsIn(['queue', 'inline'])
  JOB_MODE: JobMode = 'queue';

  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'JWT_SECRET must be at least 16 characters' })
  JWT_SECRET?: string;

  /** PEM public key; when set, tokens are verified with RS256 instead of HS256. */
  @IsOptional()
  @IsString()
  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/\\n/g, '\n') : value))
  JWT_PUBLIC_KEY?: string;

  @IsOptional()
  @IsString()
  JWT_ISSUER?: string;

  @IsOptional()
  @IsString()
  JWT_AUDIENCE?: string;

  /**
   * The longest a request waits for Redis on any one command of its path (queueing a job, taking a
   * result; ms): past it the request answers 503 with Retry-After, and the connection is checked
   * with a PING; unanswered too, Redis is taken for unresponsive (hung) and requests that need it
   * answer 503 at once, and requests waiting for jobs are answered 503, until it answers again.
   * The rate limiter waits at most 250 ms (or this, if smaller) and then counts in memory.
   */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  @Max(60_000)
  REDIS_TIMEOUT_MS = 1000;

  /** How long a request waits for a job result before it answers 504 (ms). */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(600000)
  JOB_TIMEOUT_MS = 60000;

  /**
   * Finished job records nobody collected are removed after this many seconds (failed ones: x24).
   * The gateway removes every job it collected at once; this bounds what a gateway that died leaves.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  JOB_RETENTION_SECONDS = 300;

  /** At most this many finished job records per queue and state stay in Redis, whatever their age. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  JOB_RETENTION_COUNT = 1000;

  /** A job's result waits this long for its gateway to take it (s), then Redis drops it. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3600)
  JOB_RESULT_TTL_SECONDS = 60;

  /** Most cells (rows x columns) one crosstab request may ask for. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  CROSSTAB_MAX_CELLS = 10_000;

  /**
   * Most cells per crosstab job: a larger crosstab is split into the fewest jobs of at most this
   * size, and a smaller one into a share per live engine worker (planBlocks), which workers take in
   * parallel. Every job costs both processes a few ms of CPU whatever its size (measured: a 100x100
   * in one job took the worker 63-68 ms and the gateway 54-59 ms of CPU, in two jobs 79-85 and
   * 65-68), so one worker gets a 100x100 whole.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  CROSSTAB_CHUNK_CELLS = 10_000;

  /**
   * How many shards the survey data is split into. 1: every engine worker can compute everything
   * (queue `engine`). N > 1: each partition (dataset, wave, location) belongs to one shard (balanced
   * by respondents), each shard has its queue (`engine-s0` ... `engine-s<N-1>`), a worker holds only
   * the partitions of the shards it serves, and the gateway adds the shards' sums. The gateway and
   * every worker must agree on it.
   */
  @Type(() => Number)
  @IsInt({ message: 'ENGINE_SHARDS must be an integer' })
  @Min(1, { message: 'ENGINE_SHARDS must be at least 1' })
  @Max(64, { message: 'ENGINE_SHARDS must be at most 64' })
  ENGINE_SHARDS = 1;

  /**
   * The URL clients reach the gateway at (e.g. https://aas.example.com): the `servers` entry of the
   * OpenAPI document, the resource of the OAuth protected-resource metadata, and an allowed Host and
   * Origin of the MCP endpoint. Unset: derived from each request (development).
   */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { message: 'PUBLIC_BASE_URL must be an http(s) URL without query or fragment' })
  PUBLIC_BASE_URL?: string;

  /**
   * Host names (optionally `:port`) the MCP endpoint answers for, comma-separated, besides localhost,
   * 127.0.0.1, [::1] and the host of PUBLIC_BASE_URL. Any other Host header is refused with 403 (DNS
   * rebinding protection).
   */
  @IsOptional()
  @Matches(/^\s*[A-Za-z0-9.\-[\]:]+\s*(,\s*[A-Za-z0-9.\-[\]:]+\s*)*$/, {
    message: 'MCP_ALLOWED_HOSTS must be comma-separated host names, each optionally with :port',
  })
  MCP_ALLOWED_HOSTS?: string;

  /**
   * Origins (scheme://host[:port]) browsers may call the MCP endpoint from, comma-separated, besides
   * loopback origins and the origin of PUBLIC_BASE_URL. A request with any other Origin is refused with 403.
   */
  @IsOptional()
  @Matches(/^\s*https?:\/\/[A-Za-z0-9.\-[\]:]+\s*(,\s*https?:\/\/[A-Za-z0-9.\-[\]:]+\s*)*$/, {
    message: 'MCP_ALLOWED_ORIGINS must be comma-separated origins such as https://app.example.com',
  })
  MCP_ALLOWED_ORIGINS?: string;

  /**
   * Engine jobs (crosstab blocks, chart and assistant computations) one gateway process may have
   * queued or running at once; a request that would pass it answers 503 with Retry-After at once.
   * Per process: with N gateways the service takes N times this.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  ENGINE_MAX_JOBS_IN_FLIGHT = 128;

  /** The same bound for one organisation, so one tenant cannot fill the service alone. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  ENGINE_MAX_JOBS_IN_FLIGHT_PER_ORG = 64;

  /**
   * Crosstab cells one gateway process may have in flight at once (asked for and not yet written to
   * their clients; a chart or assistant computation counts its cells too): what a gateway spends
   * most on is building and writing cells, so this bounds how long the requests it took take. A
   * request that would pass it answers 503 with Retry-After at once (one larger than the bound is
   * taken when nothing else is in flight).
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000_000)
  ENGINE_MAX_CELLS_IN_FLIGHT = 60_000;

  /**
   * Event-loop delay (ms, the median over the last second, perf_hooks' monitorEventLoopDelay) past
   * which a gateway with engine work in flight takes no more: requests for it answer 503 with
   * Retry-After before any work is done for them, so the work already taken finishes in bounded
   * time. 0 turns the check off.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(60_000)
  ADMISSION_MAX_EVENT_LOOP_DELAY_MS = 100;

  /**
   * How long a streamed response may wait for its client to take data (ms): a client that reads
   * nothing for this long is cut off and the work done for it cancelled.
   */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(600_000)
  STREAM_WRITE_TIMEOUT_MS = 15_000;

  /**
   * Bytes a streamed response may hold in the gateway, written but not yet taken by the socket;
   * past it the stream waits for its client (bounded by STREAM_WRITE_TIMEOUT_MS).
   */
  @Type(() => Number)
  @IsInt()
  @Min(16 * 1024)
  @Max(256 * 1024 * 1024)
  STREAM_MAX_BUFFERED_BYTES = 1024 * 1024;

  /**
   * When set, `GET /metrics` (the gateway's, and a worker's metrics listener) answers only requests
   * with `Authorization: Bearer <METRICS_TOKEN>`; unset, they are open like `/health/*`. The series
   * carry no tenant data (no organisation, user or raw URL), but a public gateway may still prefer
   * not to show its traffic and queue depth to anyone.
   */
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters' })
  METRICS_TOKEN?: string;

  /**
   * Largest survey file POST /v1/admin/imports takes (bytes); a larger one answers 413 and nothing is
   * kept. The file waits in Postgres (in 1 MiB chunks) until its import has run.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1024)
  @Max(4 * 1024 * 1024 * 1024)
  IMPORT_MAX_UPLOAD_BYTES = 256 * 1024 * 1024;

  /**
   * Base URL of an OpenAI-compatible chat endpoint (`POST {url}/chat/completions`, e.g.
   * https://api.openai.com/v1 or a local server's http://127.0.0.1:8080/v1) the assistant asks for
   * its analysis plan, validated like the rule planner's, with the rules as the fallback. Unset:
   * the rule planner alone, and no request leaves the service.
   */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s?#]+$/, { message: 'ASSISTANT_MODEL_URL must be an http(s) URL without query or fragment, such as https://api.openai.com/v1' })
  ASSISTANT_MODEL_URL?: string;

  /** The model the endpoint is asked for (`model` of the request); required with ASSISTANT_MODEL_URL. */
  @IsOptional()
  @IsString()
  ASSISTANT_MODEL_NAME?: string;

  /** Sent as `Authorization: Bearer <key>` when set. */
  @IsOptional()
  @IsString()
  ASSISTANT_MODEL_API_KEY?: string;

  /** How long a chat turn waits for the model's plan (ms) before the rule planner answers instead. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(60_000)
  ASSISTANT_MODEL_TIMEOUT_MS = 4000;

  /** How the endpoint is asked for the plan: structured output (`response_format` json_schema) or one forced tool call. */
  @IsIn(['json_schema', 'tool'])
  ASSISTANT_MODEL_OUTPUT: 'json_schema' | 'tool' = 'json_schema';

  /** Cross-field rules class-validator cannot express on one property. */
  validateTogether(): string[] {
    const problems: string[] = [];
    if (this.NODE_ENV === 'production' && !this.JWT_SECRET && !this.JWT_PUBLIC_KEY) {
      problems.push('JWT_SECRET: required when NODE_ENV=production (or set JWT_PUBLIC_KEY for RS256)');
    } else if (this.NODE_ENV === 'production' && this.JWT_SECRET === DEVELOPMENT_JWT_SECRET && !this.JWT_PUBLIC_KEY) {
      problems.push('JWT_SECRET: the development secret is published in the repository and refused when NODE_ENV=production');
    }
    if (this.ASSISTANT_MODEL_URL && !this.ASSISTANT_MODEL_NAME) problems.push('ASSISTANT_MODEL_NAME: required when ASSISTANT_MODEL_URL is set');
    if (this.JWT_PUBLIC_KEY) {
      try {
        createPublicKey(this.JWT_PUBLIC_KEY);
      } catch (error) {
        problems.push(`JWT_PUBLIC_KEY: not a PEM public key (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    return problems;
  }

  /** The HS256 secret in force (the development default outside production). */
  get jwtSecret(): string {
    return this.JWT_SECRET ?? DEVELOPMENT_JWT_SECRET;
  }
}
