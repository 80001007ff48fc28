import fc from 'fast-check';
import { planShards, shardsServedBy, type ShardMember, type SizedPartition } from './shards';

const partition = (wave: string, location: string, respondentCount: number, dataset = 'core'): SizedPartition => ({ dataset, wave, location, respondentCount });

describe('planShards', () => {
  it('puts every partition in exactly one shard, balancing respondents (largest first to the least loaded)', () => {
    const partitions = [
      partition('w1', 'de', 500),
      partition('w1', 'fr', 400),
      partition('w2', 'de', 300),
      partition('w2', 'fr', 200),
      partition('w3', 'de', 100),
    ];
    const plan = planShards(partitions, 2);
    // 500 -> 0, 400 -> 1, 300 -> 1 (700), 200 -> 0 (700), 100 -> 0 (800)
    expect(partitions.map((p) => plan.shardOf(p))).toEqual([0, 1, 1, 0, 0]);
    expect(plan.load).toEqual([800, 700]);
    expect(plan.shardOf({ dataset: 'core', wave: 'w9', location: 'de' })).toBeUndefined();
  });

  it('one shard holds everything; more shards than partitions leave some empty', () => {
    const partitions = [partition('w1', 'de', 5), partition('w1', 'fr', 5)];
    expect(partitions.map((p) => planShards(partitions, 1).shardOf(p))).toEqual([0, 0]);
    const wide = planShards(partitions, 4);
    expect(wide.load).toEqual([5, 5, 0, 0]);
  });

  it('is the same plan whatever order the partitions are listed in, and never worse than list scheduling allows', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer(),
        (sizes, shards, salt) => {
          const partitions = sizes.map((n, i) => partition(`w${i % 5}`, `l${i}`, n, i % 3 === 0 ? 'gaming' : 'core'));
          const shuffled = [...partitions].sort(
            (a, b) =>
              ((a.location.length * 31 + salt) % 7) - ((b.location.length * 31 + salt) % 7) || a.location.localeCompare(b.location) * (salt % 2 ? 1 : -1),
          );
          const plan = planShards(partitions, shards);
          const again = planShards(shuffled, shards);
          expect(partitions.map((p) => again.shardOf(p))).toEqual(partitions.map((p) => plan.shardOf(p)));
          const total = sizes.reduce((a, b) => a + b, 0);
          // Greedy placement's guarantee (Graham): the fullest shard holds at most the mean plus (1 - 1/m) of the largest partition.
          expect(Math.max(...plan.load)).toBeLessThanOrEqual(total / shards + (1 - 1 / shards) * Math.max(...sizes) + 1e-9);
          expect(plan.load.reduce((a, b) => a + b, 0)).toBe(total);
        },
      ),
    );
  });
});

describe('shardsServedBy', () => {
  const everyone = (members: ShardMember[], shards: number): number[][] => members.map((m) => shardsServedBy(m.id, members, shards));

  it('home workers serve their own shard only', () => {
    const members = [0, 1, 2, 3].map((home) => ({ id: `w${home}`, home }));
    expect(everyone(members, 4)).toEqual([[0], [1], [2], [3]]);
  });

  it('a shard whose home worker is gone is served by exactly one survivor, and handed back when it returns', () => {
    const members = [0, 1, 2, 3].map((home) => ({ id: `w${home}`, home }));
    const survivors = members.filter((m) => m.home !== 2);
    const served = everyone(survivors, 4);
    expect(served.flat().sort()).toEqual([0, 1, 3, 2].sort());
    expect(served.filter((s) => s.includes(2))).toHaveLength(1);
    // The others keep their own shard whoever adopts.
    survivors.forEach((m, i) => expect(served[i]).toContain(m.home));
    expect(everyone(members, 4)).toEqual([[0], [1], [2], [3]]);
  });

  it('workers without a home share every shard, each served once; a death moves only the dead worker’s shards', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 2, maxLength: 8 }),
        fc.integer({ min: 1, max: 16 }),
        (ids, shards) => {
          const members = ids.map((id) => ({ id }));
          const served = everyone(members, shards);
          expect(served.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: shards }, (_, s) => s));
          const after = everyone(members.slice(1), shards);
          members.slice(1).forEach((m, i) => {
            for (const shard of served[i + 1]) expect(after[i]).toContain(shard);
          });
          expect(after.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: shards }, (_, s) => s));
        },
      ),
    );
  });

  it('a worker missing from the list serves nothing (the caller always lists itself)', () => {
    expect(shardsServedBy('new', [{ id: 'a', home: 0 }], 2)).toEqual([]);
  });
});
