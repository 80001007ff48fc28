import { collectLoadGarbage } from './engine-host';

describe('collectLoadGarbage (what the engine host runs after each partition load)', () => {
  const global = globalThis as { gc?: () => void };
  const exposed = global.gc;
  afterEach(() => {
    global.gc = exposed;
  });

  it('runs a full collection after a load of 16 MiB or more, where the process exposes one', () => {
    const gc = jest.fn();
    global.gc = gc;
    collectLoadGarbage({ partitions: 3, bytes: 16 * 2 ** 20 - 1 });
    expect(gc).not.toHaveBeenCalled();
    collectLoadGarbage({ partitions: 3, bytes: 16 * 2 ** 20 });
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('does nothing where the process does not expose one (a gateway running jobs inline)', () => {
    global.gc = undefined;
    expect(() => collectLoadGarbage({ partitions: 90, bytes: 2 ** 30 })).not.toThrow();
  });
});
