import { StoreVersion } from './store-version';

describe('StoreVersion', () => {
  it('asks the store at most once per ttl, and shares a query in flight', async () => {
    let clock = 0;
    let calls = 0;
    let version = 'v1';
    const signal = new StoreVersion({ currentVersion: async () => (calls++, version) }, 1000, () => clock);
    expect(await Promise.all([signal.current(), signal.current(), signal.current()])).toEqual(['v1', 'v1', 'v1']);
    expect(calls).toBe(1);
    version = 'v2';
    clock = 999;
    expect(await signal.current()).toBe('v1');
    clock = 1000;
    expect(await signal.current()).toBe('v2');
    expect(calls).toBe(2);
  });

  it('does not keep a failed query: the next call asks again', async () => {
    let fail = true;
    const signal = new StoreVersion({ currentVersion: async () => (fail ? Promise.reject(new Error('down')) : 'v1') }, 1000, () => 0);
    await expect(signal.current()).rejects.toThrow('down');
    fail = false;
    expect(await signal.current()).toBe('v1');
  });

  it('asks again on the next call after invalidate(), within the ttl', async () => {
    let calls = 0;
    let version = 'v1';
    const signal = new StoreVersion({ currentVersion: async () => (calls++, version) }, 1000, () => 0);
    expect(await signal.current()).toBe('v1');
    version = 'v2';
    expect(await signal.current()).toBe('v1');
    signal.invalidate();
    expect(await signal.current()).toBe('v2');
    expect(calls).toBe(2);
  });
});
