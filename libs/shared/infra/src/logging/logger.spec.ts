import pino from 'pino';
import { Writable } from 'node:stream';
import { PinoNestLogger, serializeError } from './logger';

function capture(level: string): { nest: PinoNestLogger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { nest: new PinoNestLogger(pino({ level }, stream)), lines };
}

describe('PinoNestLogger', () => {
  it("logs Nest's module and route mapping at debug, everything else as asked", () => {
    const info = capture('info');
    info.nest.log('AppModule dependencies initialized', 'InstanceLoader');
    info.nest.log('Mapped {/v1/charts, POST} route', 'RouterExplorer');
    info.nest.log('ChartsController {/v1/charts}:', 'RoutesResolver');
    info.nest.log('Nest application successfully started', 'NestApplication');
    info.nest.log('worker ready', 'WorkerHost');
    info.nest.warn('careful', 'Anything');
    expect(info.lines.map((l) => l['msg'])).toEqual(['worker ready', 'careful']);

    const debug = capture('debug');
    debug.nest.log('Mapped {/v1/charts, POST} route', 'RouterExplorer');
    expect(debug.lines).toEqual([expect.objectContaining({ level: 20, msg: 'Mapped {/v1/charts, POST} route', context: 'RouterExplorer' })]);
  });
});

describe('serializeError', () => {
  it("drops a failed query's parameters and shortens its SQL", () => {
    const err = Object.assign(new Error('duplicate key'), {
      query: `INSERT INTO t VALUES ($1) ${'x'.repeat(1000)}`,
      parameters: [Buffer.alloc(100_000, 1)],
      driverError: { code: '23505', parameters: ['secret'] },
    });
    const out = serializeError(err);
    expect(out['message']).toBe('duplicate key');
    expect(out['parameters']).toBeUndefined();
    expect(JSON.stringify(out)).not.toContain('secret');
    expect(String(out['query']).length).toBeLessThan(400);
    expect(out['driverError']).toEqual({ code: '23505' });
  });
});
