import type { DecodedPartition } from '@aas/respondent-store-domain';
import { Arena } from './arena';
import { ScratchBitsets } from './evaluate';
import { LeafCache } from './leaf-cache';
import { planPartition, type LayoutChoice, type PartitionPlan } from './partition-layout';

/** Default bytes of the arena (packed audiences + scratch). */
export const DEFAULT_ARENA_BYTES = 256 * 2 ** 20;
/** Default bytes of evaluated leaf bitsets kept across queries. */
export const DEFAULT_LEAF_CACHE_BYTES = 64 * 2 ** 20;

export interface AudienceStoreOptions {
  /**
   * Bytes of the engine's shared WebAssembly memory: packed audiences (kept across queries,
   * least recently used evicted first) and per-pass scratch. Default 256 MiB, at most 2 GiB.
   */
  readonly arenaBytes?: number;
  /** Of which scratch (piece tables, page tables, outputs); default 1/8 of the arena, 4..64 MiB. */
  readonly scratchBytes?: number;
  /** Bytes of evaluated leaf bitsets kept across queries (least recently used evicted first); default 64 MiB. */
  readonly leafCacheBytes?: number;
  /** How partitions are packed (see `LayoutChoice`); default `auto`. */
  readonly layout?: LayoutChoice;
}

/** The key of a partition's run weights, kept and pinned like an audience's block. */
export const WEIGHTS_KEY = '\u0001run weights';

/** Pages a block of `key` takes for `plan`. */
export const pagesOf = (key: string, plan: PartitionPlan): number => (key === WEIGHTS_KEY ? plan.weightPageCount : plan.pageCount);

/** One audience (expression within a base) packed for one partition: its pages in the arena. */
export interface Block {
  readonly key: string;
  readonly plan: PartitionPlan;
  /** Byte addresses of its pages, in page order. */
  readonly pages: Int32Array;
  /** Running passes using it; a pinned block is never evicted. */
  pins: number;
  /** Its pages hold the audience (false while the query that created it evaluates it). */
  filled: boolean;
  /** Removed from the cache (its evaluation failed): its pages are freed when the last pin goes. */
  dead: boolean;
  /** Passes of other queries waiting for it to be filled. */
  waiters: { resolve: () => void; reject: (error: Error) => void }[] | undefined;
  prev: Block | undefined;
  next: Block | undefined;
}

/** The blocks of one pass: `blocks[k * plans.length + p]` for audience key k and partition plan p. */
export interface Reservation {
  readonly blocks: Block[];
  /** The blocks created for this pass (not filled): the pass evaluates them. */
  readonly created: Block[];
}

/** Counters, for benchmarks and tests. */
export interface StoreStats {
  readonly arenaBytes: number;
  readonly pageCount: number;
  readonly freePages: number;
  readonly cachedBlocks: number;
  readonly cachedPages: number;
  readonly pinnedBlocks: number;
  readonly blockHits: number;
  readonly blockMisses: number;
  readonly evictedBlocks: number;
  readonly leafBytes: number;
  readonly leafEntries: number;
  readonly leafHits: number;
  readonly leafMisses: number;
}

/**
 * The engine's packed audiences across queries: one arena (created on first use, at its full size,
 * reused for the process's life) and, per data version, the blocks packed in it and the leaves
 * evaluated for them. A new data version retires the previous one: its unpinned blocks are freed at
 * once, the pinned ones when the running pass that holds them ends, its leaves are dropped.
 */
export class AudienceStore {
  private arenaInstance: Arena | undefined;
  private current: PackedAudiences | undefined;
  private waiters: (() => void)[] = [];
  /** Blocks pinned by running passes, every version. */
  pinnedBlocks = 0;
  evictedBlocks = 0;
  /** The arena's size and its scratch share, as configured (the arena is allocated on first use). */
  arenaBytes: number;
  scratchBytes: number;
  readonly leafCacheBytes: number;
  readonly layout: LayoutChoice;
  /** A pass may use this share of the pages and of the scratch, so two queries can run side by side. */
  readonly passShare: number;
  /** Scratch bitsets for evaluation (one partition at a time, never across an await). */
  readonly scratch = new ScratchBitsets();

  constructor(options: AudienceStoreOptions = {}, passShare = 0.5) {
    this.arenaBytes = options.arenaBytes ?? DEFAULT_ARENA_BYTES;
    this.scratchBytes = options.scratchBytes ?? Math.min(64 * 2 ** 20, Math.max(4 * 2 ** 20, Math.floor(this.arenaBytes / 8)));
    this.leafCacheBytes = options.leafCacheBytes ?? DEFAULT_LEAF_CACHE_BYTES;
    this.layout = options.layout ?? 'auto';
    this.passShare = passShare;
    if (this.scratchBytes >= this.arenaBytes) throw new RangeError(`scratch (${this.scratchBytes} bytes) must be smaller than the arena (${this.arenaBytes})`);
  }

  /** Sets the arena's size before its first use (a store made for one query sizes it to the query's plans). */
  sizeArena(arenaBytes: number, scratchBytes: number): void {
    if (this.arenaInstance !== undefined) throw new Error('the arena is already allocated');
    this.arenaBytes = arenaBytes;
    this.scratchBytes = scratchBytes;
  }

  /** The arena, allocated on first use. */
  get arena(): Arena {
    this.arenaInstance ??= new Arena(this.arenaBytes, this.scratchBytes);
    return this.arenaInstance;
  }

  /** The packed audiences of `version`; a different version than the last one retires that one. */
  forVersion(version: string): PackedAudiences {
    if (this.current === undefined || this.current.version !== version) {
      this.current?.retire();
      this.current = new PackedAudiences(this, version);
    }
    return this.current;
  }

  /**
   * Retires what is packed and evaluated for the current version (as a new version would), so
   * nothing here still refers to partitions the engine dropped; the next query starts afresh.
   */
  reset(): void {
    this.current?.retire();
    this.current = undefined;
  }

  /** Pages of unpinned blocks, which a pass may evict (only the current version keeps any). */
  evictablePages(): number {
    return this.current?.evictablePages ?? 0;
  }

  /** Evicts the least recently used unpinned block; false when there is none. */
  evictOne(): boolean {
    return this.current?.evictTail() ?? false;
  }

  /** Resolves when pages or scratch are next released (a pass waiting for room tries again). */
  changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** @internal */
  notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  stats(): StoreStats {
    const version = this.current;
    const arena = this.arenaInstance;
    return {
      arenaBytes: arena?.bytes ?? 0,
      pageCount: arena?.pageCount ?? 0,
      freePages: arena?.freePages ?? 0,
      cachedBlocks: version?.blockCount ?? 0,
      cachedPages: version?.pageTotal ?? 0,
      pinnedBlocks: this.pinnedBlocks,
      blockHits: version?.hits ?? 0,
      blockMisses: version?.misses ?? 0,
      evictedBlocks: this.evictedBlocks,
      leafBytes: version?.leaves.bytes ?? 0,
      leafEntries: version?.leaves.entries ?? 0,
      leafHits: version?.leaves.hits ?? 0,
      leafMisses: version?.leaves.misses ?? 0,
    };
  }
}

/**
 * The blocks and leaves of one data version. Blocks are found by audience key (expression and
 * base) and partition; unpinned blocks sit in a least-recently-used list, evicted from its tail
 * when a pass needs pages.
 */
export class PackedAudiences {
  readonly leaves: LeafCache;
  readonly scratch: ScratchBitsets;
  private readonly plans = new Map<DecodedPartition, PartitionPlan>();
  private readonly blocks = new Map<string, (Block | undefined)[]>();
  private head: Block | undefined;
  private tail: Block | undefined;
  /** Pages of the unpinned (evictable) blocks. */
  private lruPages = 0;
  /** Blocks and pages held (pinned or not). */
  blockCount = 0;
  pageTotal = 0;
  hits = 0;
  misses = 0;
  retired = false;

  constructor(
    readonly store: AudienceStore,
    readonly version: string,
  ) {
    this.leaves = new LeafCache(store.leafCacheBytes);
    this.scratch = store.scratch;
  }

  /** How `partition` is cut into pages and pieces (computed once per version). */
  plan(partition: DecodedPartition): PartitionPlan {
    let plan = this.plans.get(partition);
    if (plan === undefined) {
      plan = planPartition(partition, this.plans.size, this.store.layout);
      this.plans.set(partition, plan);
    }
    return plan;
  }

  /** The block of `key` for `plan`, if cached (for tests). */
  peek(key: string, plan: PartitionPlan): Block | undefined {
    return this.blocks.get(key)?.[plan.ordinal];
  }

  /**
   * Pins the blocks of every key for every plan, creating the missing ones (unfilled) when the
   * arena can give their pages after evicting unpinned blocks; undefined (and nothing pinned) when
   * it cannot now, because running passes hold too much.
   */
  reserve(keys: readonly string[], plans: readonly PartitionPlan[]): Reservation | undefined {
    const arena = this.store.arena;
    let missingPages = 0;
    let hitPagesInLru = 0;
    for (const key of keys) {
      const row = this.blocks.get(key);
      for (const plan of plans) {
        const block = row?.[plan.ordinal];
        if (block === undefined) missingPages += pagesOf(key, plan);
        else if (block.pins === 0) hitPagesInLru += block.pages.length;
      }
    }
    if (missingPages > arena.freePages + this.store.evictablePages() - hitPagesInLru) return undefined;
    const blocks: Block[] = new Array(keys.length * plans.length);
    const created: Block[] = [];
    // Pin the hits first, so that eviction below cannot take them.
    keys.forEach((key, k) => {
      const row = this.blocks.get(key);
      plans.forEach((plan, p) => {
        const block = row?.[plan.ordinal];
        if (block !== undefined) {
          this.pin(block);
          this.hits++;
          blocks[k * plans.length + p] = block;
        }
      });
    });
    while (arena.freePages < missingPages) if (!this.store.evictOne()) break;
    keys.forEach((key, k) => {
      let row = this.blocks.get(key);
      if (row === undefined) {
        row = [];
        this.blocks.set(key, row);
      }
      plans.forEach((plan, p) => {
        if (blocks[k * plans.length + p] !== undefined) return;
        const block: Block = {
          key,
          plan,
          pages: arena.takePages(pagesOf(key, plan)),
          pins: 0,
          filled: false,
          dead: false,
          waiters: undefined,
          prev: undefined,
          next: undefined,
        };
        (row as (Block | undefined)[])[plan.ordinal] = block;
        this.blockCount++;
        this.pageTotal += block.pages.length;
        this.pin(block);
        this.misses++;
        blocks[k * plans.length + p] = block;
        created.push(block);
      });
    });
    return { blocks, created };
  }

  /** The blocks' evaluation is written: wakes the passes waiting for them. */
  filled(blocks: readonly Block[]): void {
    for (const block of blocks) {
      block.filled = true;
      const waiters = block.waiters;
      block.waiters = undefined;
      if (waiters !== undefined) for (const waiter of waiters) waiter.resolve();
    }
  }

  /** The blocks could not be evaluated: they leave the cache; waiting passes fail with `error`. */
  failed(blocks: readonly Block[], error: Error): void {
    for (const block of blocks) {
      if (block.filled || block.dead) continue;
      block.dead = true;
      this.forget(block);
      const waiters = block.waiters;
      block.waiters = undefined;
      if (waiters !== undefined) for (const waiter of waiters) waiter.reject(error);
    }
  }

  /** Resolves when every block is filled (another query's pass may still be evaluating some). */
  async whenFilled(blocks: readonly Block[]): Promise<void> {
    for (const block of blocks) {
      if (block.filled) continue;
      if (block.dead) throw new Error('a packed audience this pass shares failed to evaluate in another query');
      await new Promise<void>((resolve, reject) => (block.waiters ??= []).push({ resolve, reject }));
    }
  }

  /** Unpins a pass's blocks: each goes back to the head of the list, or is freed when dead or retired. */
  release(blocks: readonly Block[]): void {
    for (const block of blocks) {
      block.pins--;
      if (block.pins > 0) continue;
      this.store.pinnedBlocks--;
      if (block.dead || this.retired) {
        if (!block.dead) this.forget(block);
        this.store.arena.givePages(block.pages);
      } else {
        this.link(block);
      }
    }
    this.store.notify();
  }

  /** Frees every unpinned block; pinned ones are freed as their passes end. */
  retire(): void {
    this.retired = true;
    while (this.tail !== undefined) this.evict(this.tail, false);
    this.leaves.clear();
    this.store.notify();
  }

  get evictablePages(): number {
    return this.lruPages;
  }

  /** @internal Evicts the least recently used unpinned block. */
  evictTail(): boolean {
    if (this.tail === undefined) return false;
    this.evict(this.tail);
    return true;
  }

  private pin(block: Block): void {
    if (block.pins === 0) {
      this.unlink(block);
      this.store.pinnedBlocks++;
    }
    block.pins++;
  }

  private evict(block: Block, counted = true): void {
    this.unlink(block);
    this.forget(block);
    this.store.arena.givePages(block.pages);
    if (counted) this.store.evictedBlocks++;
  }

  /** Removes the block from the map (not from the list). */
  private forget(block: Block): void {
    const row = this.blocks.get(block.key);
    if (row !== undefined && row[block.plan.ordinal] === block) {
      row[block.plan.ordinal] = undefined;
      if (row.every((b) => b === undefined)) this.blocks.delete(block.key);
    }
    this.blockCount--;
    this.pageTotal -= block.pages.length;
  }

  private link(block: Block): void {
    block.prev = undefined;
    block.next = this.head;
    if (this.head !== undefined) this.head.prev = block;
    this.head = block;
    this.tail ??= block;
    this.lruPages += block.pages.length;
  }

  private unlink(block: Block): void {
    if (block.prev === undefined && block.next === undefined && this.head !== block) return;
    if (block.prev !== undefined) block.prev.next = block.next;
    else this.head = block.next;
    if (block.next !== undefined) block.next.prev = block.prev;
    else this.tail = block.prev;
    block.prev = block.next = undefined;
    this.lruPages -= block.pages.length;
  }
}
