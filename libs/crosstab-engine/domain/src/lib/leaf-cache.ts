import type { DecodedPartition } from '@aas/respondent-store-domain';
import type { LeafMemo } from './evaluate';

/** What a cached leaf that is the partition's own bitset costs: its map entry, not its words. */
const SHARED_ENTRY_BYTES = 96;
/** Per-entry overhead added to a computed bitset's bytes (map entry, list links, key). */
const ENTRY_OVERHEAD_BYTES = 160;

interface Entry {
  readonly owner: Map<string, Entry>;
  readonly key: string;
  readonly bits: Uint32Array;
  readonly bytes: number;
  prev: Entry | undefined;
  next: Entry | undefined;
}

/**
 * Evaluated leaf bitsets of one data version, per partition, kept across queries and bounded by
 * bytes: the least recently used leaves go first. Leaves that are a partition's own bitset (one
 * attribute, the universe) are kept by reference and cost only their entry.
 */
export class LeafCache {
  private readonly partitions = new WeakMap<DecodedPartition, Map<string, Entry>>();
  private head: Entry | undefined;
  private tail: Entry | undefined;
  private used = 0;
  private count = 0;
  hits = 0;
  misses = 0;

  constructor(readonly budgetBytes: number) {}

  /** Bytes held (bitsets computed here plus entry overheads). */
  get bytes(): number {
    return this.used;
  }

  get entries(): number {
    return this.count;
  }

  /** The memo a `PartitionEvaluator` of `partition` reads and fills. */
  forPartition(partition: DecodedPartition): LeafMemo {
    let map = this.partitions.get(partition);
    if (map === undefined) {
      map = new Map();
      this.partitions.set(partition, map);
    }
    const owner = map;
    return {
      get: (key) => {
        const entry = owner.get(key);
        if (entry === undefined) {
          this.misses++;
          return undefined;
        }
        this.hits++;
        this.touch(entry);
        return entry.bits;
      },
      set: (key, bits, shared) => this.add(owner, key, bits, shared),
    };
  }

  /** Forgets everything (the data version changed). */
  clear(): void {
    for (let entry = this.head; entry !== undefined; entry = entry.next) entry.owner.delete(entry.key);
    this.head = this.tail = undefined;
    this.used = 0;
    this.count = 0;
  }

  private add(owner: Map<string, Entry>, key: string, bits: Uint32Array, shared: boolean): void {
    const bytes = shared ? SHARED_ENTRY_BYTES : bits.byteLength + ENTRY_OVERHEAD_BYTES;
    // A leaf larger than the whole budget is used by the query that computed it and not kept.
    if (bytes > this.budgetBytes) return;
    const previous = owner.get(key);
    if (previous !== undefined) this.remove(previous);
    const entry: Entry = { owner, key, bits, bytes, prev: undefined, next: undefined };
    owner.set(key, entry);
    this.link(entry);
    this.used += bytes;
    this.count++;
    while (this.used > this.budgetBytes && this.tail !== undefined) this.remove(this.tail);
  }

  private remove(entry: Entry): void {
    entry.owner.delete(entry.key);
    this.unlink(entry);
    this.used -= entry.bytes;
    this.count--;
  }

  private touch(entry: Entry): void {
    if (this.head === entry) return;
    this.unlink(entry);
    this.link(entry);
  }

  private link(entry: Entry): void {
    entry.prev = undefined;
    entry.next = this.head;
    if (this.head !== undefined) this.head.prev = entry;
    this.head = entry;
    this.tail ??= entry;
  }

  private unlink(entry: Entry): void {
    if (entry.prev !== undefined) entry.prev.next = entry.next;
    else this.head = entry.next;
    if (entry.next !== undefined) entry.next.prev = entry.prev;
    else this.tail = entry.prev;
    entry.prev = entry.next = undefined;
  }
}
