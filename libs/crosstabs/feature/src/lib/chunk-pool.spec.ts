import { ChunkPool } from './chunk-pool';

describe('ChunkPool', () => {
  it('hands out a buffer given back instead of a new one', () => {
    const pool = new ChunkPool(1024, 2);
    const first = pool.take();
    expect(first.length).toBe(1024);
    pool.give(first);
    expect(pool.size).toBe(1);
    expect(pool.take()).toBe(first);
    expect(pool.size).toBe(0);
    expect(pool.take()).not.toBe(first);
  });

  it('gives a buffer of the size asked for when the pooled size is too small, and does not keep it', () => {
    const pool = new ChunkPool(1024, 2);
    const big = pool.take(5000);
    expect(big.length).toBe(5000);
    pool.give(big);
    expect(pool.size).toBe(0);
    expect(pool.take(1024).length).toBe(1024);
  });

  it('keeps at most maxFree buffers', () => {
    const pool = new ChunkPool(16, 2);
    const taken = [pool.take(), pool.take(), pool.take()];
    for (const chunk of taken) pool.give(chunk);
    expect(pool.size).toBe(2);
  });
});
