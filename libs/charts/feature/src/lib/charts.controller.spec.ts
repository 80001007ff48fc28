import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import { Principal } from '@aas/infra';
import { CalculateChartUseCase } from './calculate-chart.usecase';
import { abortOnClose, ChartsController } from './charts.controller';
import { ChartsService } from './charts.service';

/** The parts of an express response abortOnClose reads. */
const response = () => Object.assign(new EventEmitter(), { writableFinished: false });

describe('abortOnClose', () => {
  it('aborts when the client goes away before the response is finished', () => {
    const res = response();
    const signal = abortOnClose(res as unknown as Response);
    expect(signal.aborted).toBe(false);
    res.emit('close');
    expect(signal.aborted).toBe(true);
  });

  it('does not abort on the close that follows a finished response', () => {
    const res = response();
    const signal = abortOnClose(res as unknown as Response);
    res.writableFinished = true;
    res.emit('close');
    expect(signal.aborted).toBe(false);
  });
});

describe('ChartsController.calculate', () => {
  it('passes a signal tied to the response down to the calculation', async () => {
    const calculate = jest.fn(async () => ({ stats: [], meta: {} }));
    const controller = new ChartsController({} as ChartsService, { calculate } as unknown as CalculateChartUseCase);
    const res = response();
    await controller.calculate({ orgId: 'o' } as Principal, 'id', {}, res as unknown as Response);
    const signal = (calculate.mock.calls[0] as unknown[])[3] as AbortSignal;
    expect(signal).toBeInstanceOf(AbortSignal);
    res.emit('close');
    expect(signal.aborted).toBe(true);
  });
});
