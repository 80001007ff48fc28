import { runLimited } from './run-limited';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('runLimited', () => {
  it('keeps at most `limit` calls in flight and the results in order', async () => {
    let inFlight = 0;
    let most = 0;
    const out = await runLimited([5, 1, 4, 2, 3, 6, 7], 3, async (n) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      for (let i = 0; i < n; i++) await tick();
      inFlight -= 1;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30, 60, 70]);
    expect(most).toBe(3);
  });

  it('stops starting calls after the first failure, calls onError once and throws that failure', async () => {
    const started: number[] = [];
    const onError = jest.fn();
    const run = runLimited(
      [1, 2, 3, 4, 5, 6],
      2,
      async (n) => {
        started.push(n);
        await tick();
        if (n >= 2) throw new Error(`failed ${n}`);
        return n;
      },
      onError,
    );
    await expect(run).rejects.toThrow('failed 2');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(started).toEqual([1, 2, 3]);
  });

  it('handles an empty list', async () => {
    expect(await runLimited([], 4, async () => 1)).toEqual([]);
  });
});
