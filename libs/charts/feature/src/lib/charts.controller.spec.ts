import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { Principal } from '@aas/shared-infra/http';
import { CalculateChartUseCase } from './calculate-chart.usecase';
import { ChartsController } from './charts.controller';
import { ChartsService } from './charts.service';

/** The parts of an express response the client-gone signal reads. */
const response = () => Object.assign(new EventEmitter(), { writableFinished: false });

describe('ChartsController.calculate', () => {
  it('passes the request id and a signal tied to the response down to the calculation', async () => {
    const calculate = jest.fn(async () => ({ stats: [], meta: {} }));
    const controller = new ChartsController({} as ChartsService, { calculate } as unknown as CalculateChartUseCase);
    const res = response();
    await controller.calculate(
      { orgId: 'o' } as Principal,
      'id',
      {},
      { id: 'req-1', accepts: (types: string[]) => types[0] } as unknown as Request & { id: string },
      res as unknown as Response,
    );
    const context = (calculate.mock.calls[0] as unknown[])[3] as { requestId: string; signal: AbortSignal };
    expect(context.requestId).toBe('req-1');
    expect(context.signal.aborted).toBe(false);
    res.emit('close');
    expect(context.signal.aborted).toBe(true);
  });
});
