import type { WorkerInfo } from '@aas/shared-infra';
import { shardMembers } from './shard-ownership';

const worker = (id: string, meta: Record<string, unknown>): WorkerInfo => ({ id, queues: [], host: 'h', pid: 1, startedAt: '', meta });

describe('shardMembers', () => {
  it('counts only engine workers that split the data the same way, with their home shard when they have one', () => {
    const live = [
      worker('a', { engineShards: 4, homeShard: 2 }),
      worker('b', { engineShards: 4, homeShard: null }),
      // Another split (a worker started with another ENGINE_SHARDS): not a member.
      worker('c', { engineShards: 2, homeShard: 0 }),
      // No engine queue (e.g. imports only): no shard facts.
      worker('d', {}),
      worker('e', { engineShards: 4, homeShard: 1.5 }),
    ];
    expect(shardMembers(live, 4)).toEqual([
      { id: 'a', home: 2 },
      { id: 'b', home: undefined },
      { id: 'e', home: undefined },
    ]);
  });
});
