import fc from 'fast-check';
import { planShards, shardsServedBy, type ShardMember, type ShardPlan, type SizedPartition } from './shards';

const partition = (wave: string, location: string, respondentCount: number, dataset = 'core'): SizedPartition => ({ dataset, wave, location, respondentCount });

describe('planShards', () => {
  /** Respondents per shard of the partitions `pick` keeps. */
  const held = (plan: ShardPlan, partitions: SizedPartition[], pick: (p: SizedPartition) => boolean = () => true): number[] => {
    const load = new Array<number>(plan.shards).fill(0);
    for (const p of partitions.filter(pick)) load[plan.shardOf(p) as number] += p.respondentCount;
    return load;
  };

  it('spreads each wave over the shards on its own, largest partition first to the shard holding least of that wave', () => {
    const partitions = [500, 400, 300, 200, 100].map((n, i) => partition('w1', `l${i}`, n));
    const plan = planShards(partitions, 2);
    // 500 | 400, then 300 joins 400 (700), 200 joins 500 (700), 100 goes to either: 800 / 700.
    expect(held(plan, partitions).sort()).toEqual([700, 800]);
    expect(plan.shardOf(partitions[2])).toBe(plan.shardOf(partitions[1]));
    expect(plan.shardOf(partitions[3])).toBe(plan.shardOf(partitions[0]));
    expect(plan.load).toEqual(held(plan, partitions));
    expect(plan.shardOf({ dataset: 'core', wave: 'w9', location: 'de' })).toBeUndefined();
  });

  it('balances every wave, so a query over any waves finds its data split evenly (one plan over all partitions did not)', () => {
    // Four recent waves of nine markets of unequal size, four older ones, and a small second dataset.
    const markets = [20_400, 19_300, 15_900, 12_500, 11_350, 11_300, 10_900, 9_800, 8_700];
    const waves = ['q4_2024', 'q1_2025', 'q2_2025', 'q3_2025', 'q4_2025', 'q1_2026', 'q2_2026', 'q3_2026'];
    const partitions = [
      ...waves.flatMap((w, i) => markets.map((n, m) => partition(w, `m${m}`, n + 350 * i))),
      ...waves.slice(4).flatMap((w) => [0, 1, 2, 3, 4].map((m) => partition(w, `m${m}`, 7_000 + 200 * m, 'gaming'))),
    ];
    const plan = planShards(partitions, 4);
    const recent = held(plan, partitions, (p) => p.dataset === 'core' && waves.slice(4).includes(p.wave));
    const total = recent.reduce((a, b) => a + b, 0);
    expect(Math.max(...recent) / total).toBeLessThan(0.27);
    for (const w of waves) {
      const wave = held(plan, partitions, (p) => p.dataset === 'core' && p.wave === w);
      expect(Math.max(...wave) / wave.reduce((a, b) => a + b, 0)).toBeLessThan(0.3);
    }
  });

  it('one shard holds everything; more shards than partitions leave some empty', () => {
    const partitions = [partition('w1', 'de', 5), partition('w1', 'fr', 5)];
    expect(partitions.map((p) => planShards(partitions, 1).shardOf(p))).toEqual([0, 0]);
    const wide = planShards(partitions, 4);
    expect([...wide.load].sort()).toEqual([0, 0, 5, 5]);
  });

  it('does not start every wave on the same shard', () => {
    const partitions = Array.from({ length: 24 }, (_, i) => partition(`w${i}`, 'de', 100));
    const plan = planShards(partitions, 4);
    expect(new Set(partitions.map((p) => plan.shardOf(p))).size).toBe(4);
  });

  it('is the same plan in any listing order, balances each wave within list scheduling’s bound, and places a wave whatever the other waves are', () => {
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
          expect(plan.load).toEqual(held(plan, partitions));
          expect(plan.load.reduce((a, b) => a + b, 0)).toBe(sizes.reduce((a, b) => a + b, 0));
          const waveOf = (p: SizedPartition) => `${p.dataset}/${p.wave}`;
          for (const wave of new Set(partitions.map(waveOf))) {
            const members = partitions.filter((p) => waveOf(p) === wave);
            const sizesOf = members.map((p) => p.respondentCount);
            // Greedy placement's guarantee (Graham), per wave: its fullest shard holds at most its mean plus (1 - 1/m) of its largest partition.
            const load = held(plan, partitions, (p) => waveOf(p) === wave);
            expect(Math.max(...load)).toBeLessThanOrEqual(sizesOf.reduce((a, b) => a + b, 0) / shards + (1 - 1 / shards) * Math.max(...sizesOf) + 1e-9);
            // The wave alone is placed exactly as among the others: adding or dropping a wave moves nothing else.
            const alone = planShards(members, shards);
            expect(members.map((p) => alone.shardOf(p))).toEqual(members.map((p) => plan.shardOf(p)));
          }
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
