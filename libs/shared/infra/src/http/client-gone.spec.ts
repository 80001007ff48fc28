import { EventEmitter } from 'node:events';
import { clientGoneSignal } from './client-gone';

function response(finished: boolean) {
  const emitter = new EventEmitter();
  return Object.assign(emitter, { writableFinished: finished });
}

describe('clientGoneSignal', () => {
  it('aborts when the connection closes before the response is finished', () => {
    const res = response(false);
    const signal = clientGoneSignal(res);
    expect(signal.aborted).toBe(false);
    res.emit('close');
    expect(signal.aborted).toBe(true);
  });

  it('does not abort when the close follows a finished response', () => {
    const res = response(true);
    const signal = clientGoneSignal(res);
    res.emit('close');
    expect(signal.aborted).toBe(false);
  });
});
