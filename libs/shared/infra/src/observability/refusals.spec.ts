import { RefusalLogSampler } from './refusals';

describe('RefusalLogSampler', () => {
  it('logs the first refusal of each reason, then one per interval standing for those it left out', () => {
    let now = 0;
    const sampler = new RefusalLogSampler(1000, () => now);
    expect(sampler.take('gateway_cells')).toBe(1);
    expect(sampler.take('rate_limit')).toBe(1);
    const logged: (number | undefined)[] = [];
    for (let i = 0; i < 999; i++) {
      now += 2;
      logged.push(sampler.take('gateway_cells'));
    }
    // 999 refusals over 1,998 ms: a line at 1,000 ms (for 500 of them) and at 2,000 ms is not reached.
    expect(logged.filter((n) => n !== undefined)).toEqual([500]);
    now = 5000;
    expect(sampler.take('gateway_cells')).toBe(500);
    expect(sampler.take('rate_limit')).toBe(1);
  });
});
