import type { DecodedPartition } from '@aas/respondent-store-domain';
import { nativeBits, type LeafMemo, type PartitionBits } from './evaluate';
import { PAGE_BITS, PAGE_BYTES, RUN_FLAG } from './kernel';

/** Respondents whose weights share one page of run weights (f64 each). */
export const WEIGHTS_PER_PAGE = PAGE_BYTES / 8;

/**
 * How partitions are packed: `native` keeps the partition's own layout (each weight class from a
 * 64-bit boundary), `dense` puts respondents side by side class after class, `auto` (the default)
 * goes dense where the native layout is at least twice the respondents (many small classes, e.g.
 * one weight per respondent).
 */
export type LayoutChoice = 'auto' | 'native' | 'dense';

/**
 * How one partition's audiences are packed and measured: its packed bitset (`words` words) cut
 * into pages, and its weight classes as pieces (one per class and page it overlaps; in the dense
 * layout, consecutive one-respondent classes as runs). The same for every audience of the
 * partition, computed once per data version.
 */
export interface PartitionPlan {
  readonly partition: DecodedPartition;
  readonly ordinal: number;
  readonly dense: boolean;
  /** u32 words of one packed audience. */
  readonly words: number;
  readonly pageCount: number;
  readonly pieceCount: number;
  /** Per piece: start bit | end bit << 16, inside its page. */
  readonly pieceRange: Int32Array;
  /** Per piece: its page (0 .. pageCount - 1), | RUN_FLAG for a run. */
  readonly piecePage: Int32Array;
  /** Per class piece: the weight. */
  readonly pieceWeight: Float64Array;
  /** Per run piece: the dense index of its first respondent (where its weights start). */
  readonly pieceRunStart: Int32Array;
  /** Pages of run weights (0 without runs), and the weights by dense index. */
  readonly weightPageCount: number;
  readonly runWeights: Float64Array | undefined;
  /** Dense layout only: per class with respondents, its first bit in the partition, in the dense layout, and its count. */
  readonly classSource: Int32Array | undefined;
  readonly classTarget: Int32Array | undefined;
  readonly classCount: Int32Array | undefined;
  /** Dense layout only: every respondent's bit set. */
  readonly denseUniverse: Uint32Array | undefined;
}

/**
 * The plan of a partition. Native: the partition's words as they are (classes start at 64-bit
 * boundaries, padding bits 0). Dense: respondents of class k at bits [d_k, d_k + count_k), d_k the
 * running sum of counts, so a respondent costs one bit per audience whatever the number of classes;
 * runs of one-respondent classes become run pieces (cut every `WEIGHTS_PER_PAGE` respondents, so
 * a run's weights sit in one page).
 */
export function planPartition(partition: DecodedPartition, ordinal: number, choice: LayoutChoice = 'auto'): PartitionPlan {
  const classes = partition.weightClasses.filter((c) => c.count > 0);
  for (const c of classes) {
    if (c.startBit % 64 !== 0) throw new Error(`partition ${describe(partition)}: weight class at bit ${c.startBit} is not 64-bit aligned`);
  }
  const respondents = classes.reduce((n, c) => n + c.count, 0);
  const dense = choice === 'dense' || (choice === 'auto' && partition.bitLength >= 2 * Math.max(1, respondents));
  const words = dense ? 2 * Math.ceil(respondents / 64) : partition.wordCount;
  const pageCount = Math.max(1, Math.ceil((words * 4) / PAGE_BYTES));

  const ranges: number[] = [];
  const pages: number[] = [];
  const weights: number[] = [];
  const runStarts: number[] = [];
  /** Class pieces over [from, to), cut at page boundaries. */
  const classPieces = (from: number, to: number, weight: number): void => {
    while (from < to) {
      const page = Math.floor(from / PAGE_BITS);
      const pageStart = page * PAGE_BITS;
      const end = Math.min(to, pageStart + PAGE_BITS);
      ranges.push((from - pageStart) | ((end - pageStart) << 16));
      pages.push(page);
      weights.push(weight);
      runStarts.push(0);
      from = end;
    }
  };
  if (!dense) {
    for (const c of classes) classPieces(c.startBit, c.startBit + c.count, c.weight);
    return {
      partition,
      ordinal,
      dense,
      words,
      pageCount,
      ...pieceArrays(ranges, pages, weights, runStarts),
      weightPageCount: 0,
      runWeights: undefined,
      classSource: undefined,
      classTarget: undefined,
      classCount: undefined,
      denseUniverse: undefined,
    };
  }

  const classSource = new Int32Array(classes.length);
  const classTarget = new Int32Array(classes.length);
  const classCount = new Int32Array(classes.length);
  let runWeights: Float64Array | undefined;
  let runStart = -1;
  let runEnd = -1;
  const flushRun = (): void => {
    if (runStart < 0) return;
    const page = Math.floor(runStart / PAGE_BITS);
    const pageStart = page * PAGE_BITS;
    ranges.push((runStart - pageStart) | ((runEnd - pageStart) << 16));
    pages.push(page | RUN_FLAG);
    weights.push(0);
    runStarts.push(runStart);
    runStart = runEnd = -1;
  };
  let target = 0;
  classes.forEach((c, k) => {
    classSource[k] = c.startBit;
    classTarget[k] = target;
    classCount[k] = c.count;
    if (c.count === 1) {
      runWeights ??= new Float64Array(respondents);
      runWeights[target] = c.weight;
      // A run stops at a page of weights (which divides a page of bits).
      if (runStart >= 0 && target % WEIGHTS_PER_PAGE === 0) flushRun();
      if (runStart < 0) runStart = target;
      runEnd = target + 1;
    } else {
      flushRun();
      classPieces(target, target + c.count, c.weight);
    }
    target += c.count;
  });
  flushRun();
  const denseUniverse = new Uint32Array(words);
  for (let i = 0; i < respondents; i++) denseUniverse[i >>> 5] |= 1 << (i & 31);
  return {
    partition,
    ordinal,
    dense,
    words,
    pageCount,
    ...pieceArrays(ranges, pages, weights, runStarts),
    weightPageCount: runWeights === undefined ? 0 : Math.ceil(respondents / WEIGHTS_PER_PAGE),
    runWeights,
    classSource,
    classTarget,
    classCount,
    denseUniverse,
  };
}

function pieceArrays(ranges: number[], pages: number[], weights: number[], runStarts: number[]) {
  return {
    pieceCount: ranges.length,
    pieceRange: Int32Array.from(ranges),
    piecePage: Int32Array.from(pages),
    pieceWeight: Float64Array.from(weights),
    pieceRunStart: Int32Array.from(runStarts),
  };
}

/**
 * The bitsets an evaluator reads for a plan: the partition's own (native), or the dense layout's,
 * where each attribute (and record of who was asked) is gathered on first use and kept among the
 * leaves (so the leaf budget bounds them too).
 */
export function planBits(plan: PartitionPlan, leaves: LeafMemo): PartitionBits {
  const partition = plan.partition;
  if (!plan.dense) return nativeBits(partition);
  const gathered = (key: string, own: Uint32Array | undefined): Uint32Array | undefined => {
    let bits = leaves.get(key);
    if (bits === undefined) {
      if (own === undefined) return undefined;
      bits = gather(own, plan);
      leaves.set(key, bits, false);
    }
    return bits;
  };
  return {
    wordCount: plan.words,
    universe: plan.denseUniverse as Uint32Array,
    attribute: (id) => gathered(`#attribute ${id}`, partition.attributes.get(id)),
    asked: (question) => gathered(`#asked ${question}`, partition.asked?.get(question)),
  };
}

/** A bitset of the partition's own layout, in the plan's dense layout. */
export function gather(native: Uint32Array, plan: PartitionPlan): Uint32Array {
  const out = new Uint32Array(plan.words);
  const source = plan.classSource as Int32Array;
  const target = plan.classTarget as Int32Array;
  const counts = plan.classCount as Int32Array;
  for (let k = 0; k < counts.length; k++) {
    let s = source[k];
    let d = target[k];
    let n = counts[k];
    if (n === 1) {
      if ((native[s >>> 5] >>> (s & 31)) & 1) out[d >>> 5] |= 1 << (d & 31);
      continue;
    }
    while (n > 0) {
      const take = Math.min(n, 32 - (s & 31), 32 - (d & 31));
      const bits = (native[s >>> 5] >>> (s & 31)) & (take === 32 ? 0xffffffff : (1 << take) - 1);
      out[d >>> 5] |= bits << (d & 31);
      s += take;
      d += take;
      n -= take;
    }
  }
  return out;
}

const describe = (p: DecodedPartition): string => `${p.key.dataset}/${p.key.wave}/${p.key.location}`;
