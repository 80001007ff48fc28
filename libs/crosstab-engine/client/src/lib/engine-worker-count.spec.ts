import type { WorkerDirectory, WorkerInfo } from '@aas/shared-infra';
import { EngineWorkerCount } from './engine-client';

const worker = (id: string, queues: string[]): WorkerInfo => ({ id, queues, host: 'h', pid: 1, startedAt: '', meta: {} });

/** A directory whose answers the test sets, counting the reads. */
function directory(answer: () => Promise<WorkerInfo[]>) {
  const reads = { count: 0 };
  const fake = {
    alive: () => {
      reads.count++;
      return answer();
    },
  } as unknown as WorkerDirectory;
  return { fake, reads };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('EngineWorkerCount', () => {
  it('counts the workers that serve an engine queue, unsplit or a shard, and no others', async () => {
    const { fake } = directory(async () => [worker('a', ['system', 'engine']), worker('b', ['engine-s3']), worker('c', ['system', 'imports'])]);
    const count = new EngineWorkerCount(fake);
    expect(count.current()).toBe(1); // nothing read yet: one worker assumed, and a read started
    await settle();
    expect(count.current()).toBe(2);
  });

  it('reads in the background at most every 2 s, one read at a time', async () => {
    let answer = [worker('a', ['engine'])];
    const { fake, reads } = directory(async () => answer);
    const count = new EngineWorkerCount(fake);
    count.current();
    count.current();
    expect(reads.count).toBe(1);
    await settle();
    answer = [worker('a', ['engine']), worker('b', ['engine'])];
    expect(count.current()).toBe(1);
    expect(reads.count).toBe(1);
  });

  it('keeps the last count when the registry cannot be read, and assumes one worker when none is seen', async () => {
    let fail = false;
    let answer: WorkerInfo[] = [worker('a', ['engine']), worker('b', ['engine']), worker('c', ['engine'])];
    const { fake } = directory(async () => (fail ? Promise.reject(new Error('redis away')) : answer));
    const now = jest.spyOn(performance, 'now');
    let clock = 0;
    now.mockImplementation(() => clock);
    try {
      const count = new EngineWorkerCount(fake);
      count.current();
      await settle();
      expect(count.current()).toBe(3);
      fail = true;
      clock += 2500;
      count.current();
      await settle();
      expect(count.current()).toBe(3);
      fail = false;
      answer = [];
      clock += 2500;
      count.current();
      await settle();
      expect(count.current()).toBe(1);
    } finally {
      now.mockRestore();
    }
  });

  it('without a directory (inline mode) is always one, and reads nothing', () => {
    expect(new EngineWorkerCount(undefined).current()).toBe(1);
  });
});
