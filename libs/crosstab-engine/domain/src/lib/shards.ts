import { partitionId, type PartitionKey } from '@aas/respondent-store-domain';

/** A partition as the shard plan weighs it: its key and how many respondents it holds. */
export interface SizedPartition extends PartitionKey {
  readonly respondentCount: number;
}

/** Which shard holds each partition, and what each shard holds. */
export interface ShardPlan {
  readonly shards: number;
  /** The shard of a partition; undefined for a partition the plan was not made with. */
  shardOf(key: PartitionKey): number | undefined;
  /** Respondents per shard (the balance the plan reached). */
  readonly load: readonly number[];
}

/**
 * Splits partitions into `shards` shards of about equal respondents, wave by wave: each (dataset,
 * wave) is spread over every shard on its own, longest processing time first (its largest partition
 * to the shard holding least of that wave). A query names a dataset and some of its waves, so every
 * query, whichever waves it picks, finds its work and the memory it loads split about evenly; with
 * one plan over all partitions at once, a four-wave query found 29% of its data on one of four
 * shards. Within a wave, equal shards are taken in an order that starts at a shard picked by a hash
 * of the wave, so the first (largest) partitions of successive waves do not all land on shard 0.
 *
 * A wave's placement depends on that wave's partitions alone: the plan is deterministic (every
 * gateway that lists the same data version makes the same one), and a data version that adds or
 * drops a wave moves no partition of the others. A partition is the unit: it is never split.
 */
export function planShards(partitions: readonly SizedPartition[], shards: number): ShardPlan {
  const count = Math.max(1, Math.floor(shards));
  const waves = new Map<string, SizedPartition[]>();
  for (const partition of partitions) {
    const wave = `${partition.dataset}\u0000${partition.wave}`;
    const members = waves.get(wave);
    if (members) members.push(partition);
    else waves.set(wave, [partition]);
  }
  const load = new Array<number>(count).fill(0);
  const owner = new Map<string, number>();
  for (const [wave, members] of waves) {
    const first = fnv1a(wave) % count;
    const held = new Array<number>(count).fill(0);
    const ordered = members.sort(
      (a, b) => b.respondentCount - a.respondentCount || (partitionId(a) < partitionId(b) ? -1 : partitionId(a) > partitionId(b) ? 1 : 0),
    );
    for (const partition of ordered) {
      let least = first;
      for (let k = 1; k < count; k++) {
        const s = (first + k) % count;
        if (held[s] < held[least]) least = s;
      }
      held[least] += partition.respondentCount;
      load[least] += partition.respondentCount;
      owner.set(partitionId(partition), least);
    }
  }
  return { shards: count, load, shardOf: (key) => owner.get(partitionId(key)) };
}

/** A live engine worker as shard ownership sees it: its id and the shard it was started for, if any. */
export interface ShardMember {
  readonly id: string;
  /** The shard this worker serves whenever it is alive (WORKER_SHARD); undefined: it serves only shards without one. */
  readonly home?: number;
}

/** 32-bit FNV-1a: a stable, well-spread hash for rendezvous ownership (not for security). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The shards a worker serves, decided by every worker alike from the same list of live workers:
 * its home shard, and each shard that no live worker has as its home (a home worker that died, or
 * none was started for it) when it wins that shard's rendezvous (the highest hash of shard and
 * worker id among the live workers). So when a worker dies, only its shard moves, to one survivor;
 * when a home worker comes back, the adopter sees it and hands the shard back.
 */
export function shardsServedBy(me: string, members: readonly ShardMember[], shards: number): number[] {
  const homes = new Set(members.flatMap((m) => (m.home !== undefined && m.home >= 0 && m.home < shards ? [m.home] : [])));
  const self = members.find((m) => m.id === me);
  const served: number[] = [];
  for (let shard = 0; shard < shards; shard++) {
    if (self?.home === shard) served.push(shard);
    else if (!homes.has(shard) && members.length > 0) {
      let winner = members[0];
      let best = -1;
      for (const member of members) {
        const score = fnv1a(`${shard}/${member.id}`);
        if (score > best || (score === best && member.id < winner.id)) {
          best = score;
          winner = member;
        }
      }
      if (winner.id === me) served.push(shard);
    }
  }
  return served;
}
