import type { Logger as TypeOrmLoggerContract, QueryRunner } from 'typeorm';

/** Longest piece of SQL a log line carries; the statements are ours, so the start says which one. */
const MAX_QUERY_CHARS = 300;

/** Where a line goes: a pino-style JSON line (apps) or a plain line (CLIs). */
export type TypeOrmLogSink = (level: 'error' | 'warn' | 'info', message: string, fields: Record<string, unknown>) => void;

/** The default sink: one JSON line on stderr, the shape of the apps' pino lines. */
const jsonLine: TypeOrmLogSink = (level, message, fields) => {
  const pinoLevel = { error: 50, warn: 40, info: 30 }[level];
  process.stderr.write(`${JSON.stringify({ level: pinoLevel, time: new Date().toISOString(), pid: process.pid, app: 'typeorm', msg: message, ...fields })}\n`);
};

/** A query's text, shortened: never its parameters (a partition blob is megabytes, a body may be personal data). */
export function summariseQuery(query: string): string {
  const flat = query.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_QUERY_CHARS ? `${flat.slice(0, MAX_QUERY_CHARS)}... (${flat.length} characters)` : flat;
}

/**
 * Whether the DataSource's `logging` option (read at each call, so `setOptions({ logging: [] })`
 * silences it as it silences TypeORM's loggers) lets this kind of line through.
 */
function enabled(queryRunner: QueryRunner | undefined, kind: 'error' | 'warn'): boolean {
  const logging = queryRunner?.connection?.options.logging;
  if (logging === undefined || logging === true || logging === 'all') return true;
  if (logging === false) return false;
  return Array.isArray(logging) && logging.includes(kind);
}

function messageOf(error: string | Error): string {
  return typeof error === 'string' ? error : error.message;
}

/**
 * TypeORM's logger for every DataSource of the service. TypeORM's own loggers print a failed
 * query with its parameters, and a failed INSERT of a respondent partition printed its blob as
 * millions of decimal bytes (e.g. when Ctrl-C stopped the database under a seed). This one never
 * prints parameters: a failed query is one line with the error and the start of the SQL; slow
 * queries and schema/migration chatter are not logged (migrations report what they applied).
 */
export class SafeTypeOrmLogger implements TypeOrmLoggerContract {
  constructor(private readonly sink: TypeOrmLogSink = jsonLine) {}

  logQuery(): void {
    // Query logging is never on: it would need parameters to be useful, and those are what must not be logged.
  }

  logQueryError(error: string | Error, query: string, _parameters?: unknown, queryRunner?: QueryRunner): void {
    if (!enabled(queryRunner, 'error')) return;
    this.sink('error', `query failed: ${messageOf(error)}`, { query: summariseQuery(query) });
  }

  logQuerySlow(time: number, query: string, _parameters?: unknown, queryRunner?: QueryRunner): void {
    if (!enabled(queryRunner, 'warn')) return;
    this.sink('warn', `slow query: ${time} ms`, { query: summariseQuery(query) });
  }

  logSchemaBuild(): void {
    // synchronize is never on.
  }

  logMigration(): void {
    // runMigrations returns what it applied; callers report it.
  }

  log(level: 'log' | 'info' | 'warn', message: unknown, queryRunner?: QueryRunner): void {
    if (level === 'warn' && enabled(queryRunner, 'warn')) this.sink('warn', String(message), {});
  }
}
