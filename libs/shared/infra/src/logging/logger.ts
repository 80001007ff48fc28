import { LoggerService } from '@nestjs/common';
import pino, { Logger as PinoLogger } from 'pino';
import { summariseQuery } from '../database/typeorm-logger';

/**
 * pino's error serializer, less what a failed query carries: TypeORM's QueryFailedError holds the
 * query's `parameters` (a respondent partition's blob, a request body), which never belong in a log.
 */
export function serializeError(err: unknown): Record<string, unknown> {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (typeof out !== 'object' || out === null) return out;
  delete out['parameters'];
  if (typeof out['query'] === 'string') out['query'] = summariseQuery(out['query']);
  const driverError = out['driverError'];
  if (typeof driverError === 'object' && driverError !== null) out['driverError'] = { ...driverError, parameters: undefined };
  return out;
}

/**
 * Nest's start-up chatter: one line per module initialised and per route mapped (68 of the
 * gateway's first 100 lines). Logged at debug, so `LOG_LEVEL=debug` still shows the route table.
 */
const NEST_STARTUP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/** The process's one structured JSON logger (pino). */
export function createRootLogger(level: string, name: string): PinoLogger {
  return pino({
    level,
    name,
    base: { pid: process.pid, app: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: serializeError },
    redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
  });
}

/** Lets Nest's own Logger calls land in the same JSON stream. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: PinoLogger) {}

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace', message: unknown, params: unknown[]): void {
    const context = typeof params[params.length - 1] === 'string' ? (params.pop() as string) : undefined;
    if (typeof message === 'object' && message !== null) {
      const text = typeof params[0] === 'string' ? (params[0] as string) : undefined;
      this.logger[level]({ context, ...(message as object) }, text);
      return;
    }
    const stack = level === 'error' && typeof params[0] === 'string' ? params[0] : undefined;
    this.logger[level]({ context, ...(stack ? { stack } : {}) }, String(message));
  }

  log(message: unknown, ...params: unknown[]): void {
    const context = params[params.length - 1];
    this.write(typeof context === 'string' && NEST_STARTUP_CONTEXTS.has(context) ? 'debug' : 'info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
}
