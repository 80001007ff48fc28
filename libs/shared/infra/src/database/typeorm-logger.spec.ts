import { SafeTypeOrmLogger, summariseQuery } from './typeorm-logger';

describe('SafeTypeOrmLogger', () => {
  const lines: { level: string; message: string; fields: Record<string, unknown> }[] = [];
  const logger = new SafeTypeOrmLogger((level, message, fields) => lines.push({ level, message, fields }));
  beforeEach(() => (lines.length = 0));

  it('logs a failed query as one short line without its parameters', () => {
    const blob = Buffer.alloc(3_000_000, 7);
    const query = `INSERT INTO respondent_partitions (dataset_code, wave_code, location_code, blob) VALUES ($1, $2, $3, $4) ${'-- padding '.repeat(100)}`;
    logger.logQueryError(new Error('terminating connection due to administrator command'), query, ['core', 'q1', 'us', blob]);
    expect(lines).toHaveLength(1);
    expect(lines[0].level).toBe('error');
    expect(lines[0].message).toBe('query failed: terminating connection due to administrator command');
    const serialised = JSON.stringify(lines[0]);
    expect(serialised.length).toBeLessThan(600);
    expect(serialised).not.toContain('7,7,7');
    expect(serialised).not.toContain('core');
    expect(lines[0].fields['query']).toMatch(/^INSERT INTO respondent_partitions .*\.\.\. \(\d+ characters\)$/);
  });

  it('follows the DataSource logging option of the query runner', () => {
    const runner = (logging: unknown) => ({ connection: { options: { logging } } }) as never;
    logger.logQueryError('boom', 'SELECT 1', [], runner(false));
    logger.logQueryError('boom', 'SELECT 1', [], runner([]));
    logger.logQuerySlow(5000, 'SELECT 1', [], runner(['error']));
    expect(lines).toHaveLength(0);
    logger.logQueryError('boom', 'SELECT 1', [], runner(['error']));
    logger.logQuerySlow(5000, 'SELECT 1', [], runner('all'));
    expect(lines.map((l) => l.message)).toEqual(['query failed: boom', 'slow query: 5000 ms']);
  });

  it('never logs queries, schema builds or migrations', () => {
    logger.logQuery();
    logger.logSchemaBuild();
    logger.logMigration();
    logger.log('info', 'hello');
    expect(lines).toHaveLength(0);
  });

  it('keeps short SQL whole, on one line', () => {
    expect(summariseQuery('SELECT 1\n  FROM x')).toBe('SELECT 1 FROM x');
  });
});
