import { LoggerService } from '@nestjs/common';
import pino, { Logger as PinoLogger } from 'pino';

/** The process's one structured JSON logger (pino). */
export function createRootLogger(level: string, name: string): PinoLogger {
  return pino({
    level,
    name,
    base: { pid: process.pid, app: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: pino.stdSerializers.err },
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
    this.write('info', message, params);
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
