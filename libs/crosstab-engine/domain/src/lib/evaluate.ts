import type { Expression, LeafNode } from '@aas/audience-expression-domain';
import type { AttributeDictionary, DecodedPartition } from '@aas/respondent-store-domain';

/**
 * The question code a leaf's `question` member names in a dictionary: `<namespace>.<code>` when it
 * has a dot and the part after it is a question of the dictionary, else the whole string (question
 * codes are unique catalogue-wide, so the namespace only qualifies). Undefined when the dataset does
 * not have the question: such a leaf matches nobody in that dataset's partitions.
 */
export function resolveQuestionCode(reference: string, dictionary: AttributeDictionary): string | undefined {
  const dot = reference.indexOf('.');
  if (dot > 0 && dot < reference.length - 1) {
    const code = reference.slice(dot + 1);
    if (dictionary.idsOfQuestion(code).length > 0) return code;
  }
  return dictionary.idsOfQuestion(reference).length > 0 ? reference : undefined;
}

/** One question's attribute ids grouped by datapoint, with the suffix of each (null = no suffix). */
type QuestionLayout = Map<string, { id: number; suffix: string | null }[]>;

const layouts = new WeakMap<AttributeDictionary, Map<string, QuestionLayout>>();

function questionLayout(dictionary: AttributeDictionary, question: string): QuestionLayout {
  let perDictionary = layouts.get(dictionary);
  if (perDictionary === undefined) {
    perDictionary = new Map();
    layouts.set(dictionary, perDictionary);
  }
  let layout = perDictionary.get(question);
  if (layout === undefined) {
    layout = new Map();
    for (const id of dictionary.idsOfQuestion(question)) {
      const attribute = dictionary.attributes[id];
      let list = layout.get(attribute.datapoint);
      if (list === undefined) {
        list = [];
        layout.set(attribute.datapoint, list);
      }
      list.push({ id, suffix: attribute.suffix });
    }
    perDictionary.set(question, layout);
  }
  return layout;
}

/**
 * The bitsets an evaluator reads: a decoded partition's own (the default), or the same respondents
 * in another layout (the engine's dense one). Every bitset has `wordCount` words; a missing
 * attribute is an empty bitset.
 */
export interface PartitionBits {
  readonly wordCount: number;
  readonly universe: Uint32Array;
  attribute(id: number): Uint32Array | undefined;
  /** The partition's record of who was asked a question; undefined: asked = answered (read only). */
  asked(question: string): Uint32Array | undefined;
}

/** A decoded partition's own bitsets, as they are. */
export function nativeBits(partition: DecodedPartition): PartitionBits {
  return {
    wordCount: partition.wordCount,
    universe: partition.universe,
    attribute: (id) => partition.attributes.get(id),
    asked: (question) => partition.asked?.get(question),
  };
}

/**
 * Where a `PartitionEvaluator` keeps evaluated leaves: a per-evaluator map by default, or a cache
 * that outlives the query (the engine's `LeafCache`, bounded by bytes). `shared` says the bitset is
 * the partition's own (an attribute or the universe), so it costs the cache nothing to keep.
 */
export interface LeafMemo {
  get(key: string): Uint32Array | undefined;
  set(key: string, bits: Uint32Array, shared: boolean): void;
}

/**
 * Reusable scratch bitsets, so that evaluating many audiences allocates (and leaves for the garbage
 * collector) only the leaves it keeps. Slot i is one buffer grown to the largest partition seen; a
 * caller must be done with a slot before anyone else uses it (the engine evaluates one partition
 * at a time, without yielding in between).
 */
export class ScratchBitsets {
  private readonly depths: Uint32Array[] = [];
  private readonly planes: Uint32Array[] = [];
  private readonly others: Uint32Array[] = [];

  /** The scratch of combinator nesting depth `depth`, as `words` words (contents undefined). */
  depth(depth: number, words: number): Uint32Array {
    return slot(this.depths, depth, words);
  }

  /** `atLeast` plane j, as `words` words (contents undefined). */
  plane(j: number, words: number): Uint32Array {
    return slot(this.planes, j, words);
  }

  /** A caller's own slot i (the engine's result and base bitsets), as `words` words (contents undefined). */
  other(i: number, words: number): Uint32Array {
    return slot(this.others, i, words);
  }
}

function slot(buffers: Uint32Array[], i: number, words: number): Uint32Array {
  let buffer = buffers[i];
  if (buffer === undefined || buffer.length < words) {
    buffer = new Uint32Array(Math.max(words, 2 * (buffer?.length ?? 0)));
    buffers[i] = buffer;
  }
  return buffer.subarray(0, words);
}

class MapMemo implements LeafMemo {
  private readonly map = new Map<string, Uint32Array>();
  get(key: string): Uint32Array | undefined {
    return this.map.get(key);
  }
  set(key: string, bits: Uint32Array): void {
    this.map.set(key, bits);
  }
}

/**
 * Evaluates expressions over one partition, caching leaf results (audiences of one crosstab share
 * many leaves; with a `LeafMemo` from the engine, so do successive queries). Results are owned by
 * the caller only when obtained from `evaluate`; the context reuses its cached arrays, so callers
 * of `evaluateShared` must not modify what it returns.
 */
export class PartitionEvaluator {
  private readonly leaves: LeafMemo;
  private readonly words: number;
  /** Scratch bitsets by nesting depth and for `atLeast` planes, reused by everything evaluated here. */
  private readonly scratch: ScratchBitsets;
  private readonly bits: PartitionBits;

  constructor(
    readonly partition: DecodedPartition,
    readonly dictionary: AttributeDictionary,
    leaves?: LeafMemo,
    scratch?: ScratchBitsets,
    bits?: PartitionBits,
  ) {
    this.bits = bits ?? nativeBits(partition);
    this.words = this.bits.wordCount;
    this.leaves = leaves ?? new MapMemo();
    this.scratch = scratch ?? new ScratchBitsets();
  }

  /** A fresh bitset of the respondents matching `expression` (padding bits 0). */
  evaluate(expression: Expression): Uint32Array {
    const shared = this.evaluateShared(expression);
    return shared.slice();
  }

  /**
   * Like `evaluate`, but the result may be a cached array, the partition's own or `scratch` (when
   * given, combinators are computed into it): read it before the next call, do not write it.
   */
  evaluateShared(expression: Expression, scratch?: Uint32Array): Uint32Array {
    if (expression.kind === 'leaf' && expression.not !== true) return this.leaf(expression);
    if (expression.kind === 'all' && expression.not !== true) return this.bits.universe;
    return this.evaluateInto(expression, scratch ?? new Uint32Array(this.words));
  }

  /** Writes the result into `out` (which must hold `wordCount` words) and returns it. */
  evaluateInto(expression: Expression, out: Uint32Array): Uint32Array {
    return this.into(expression, out, 0);
  }

  private into(expression: Expression, out: Uint32Array, depth: number): Uint32Array {
    const n = this.words;
    if (expression.kind === 'all') {
      out.set(this.bits.universe);
    } else if (expression.kind === 'leaf') {
      out.set(this.leaf(expression));
    } else {
      const children = expression.children;
      this.into(children[0], out, depth + 1);
      for (let c = 1; c < children.length; c++) {
        const child = children[c];
        // Leaves and `{}` come straight from the cache; only nested combinators need a scratch.
        const bits =
          child.not !== true && child.kind !== 'and' && child.kind !== 'or' ? this.evaluateShared(child) : this.into(child, this.scratchAt(depth), depth + 1);
        if (expression.kind === 'and') {
          for (let i = 0; i < n; i++) out[i] &= bits[i];
        } else {
          for (let i = 0; i < n; i++) out[i] |= bits[i];
        }
      }
    }
    if (expression.not === true) {
      // NOT within the partition's respondents: padding bits must stay 0.
      const universe = this.bits.universe;
      for (let i = 0; i < n; i++) out[i] = ~out[i] & universe[i];
    }
    return out;
  }

  private scratchAt(depth: number): Uint32Array {
    return this.scratch.depth(depth, this.words);
  }

  private leaf(leaf: LeafNode): Uint32Array {
    const key = leafKey(leaf);
    let bits = this.leaves.get(key);
    if (bits === undefined) {
      const computed = this.computeLeaf(leaf);
      bits = computed.bits;
      this.leaves.set(key, bits, computed.shared);
    }
    return bits;
  }

  private computeLeaf(leaf: LeafNode): { bits: Uint32Array; shared: boolean } {
    if (leaf.asked === true) return this.computeAsked(leaf.question);
    const n = this.words;
    const minCount = leaf.minCount ?? 1;
    // "At least 0 datapoints" holds for everyone, even those never asked (as the reference reads it).
    if (minCount <= 0) return { bits: this.bits.universe, shared: true };
    const question = resolveQuestionCode(leaf.question, this.dictionary);
    if (question === undefined) return { bits: new Uint32Array(n), shared: false };
    const layout = questionLayout(this.dictionary, question);
    const listed = leaf.datapoints !== undefined && leaf.datapoints.length > 0 ? [...new Set(leaf.datapoints)] : [...layout.keys()];
    const suffixes = leaf.suffixes !== undefined && leaf.suffixes.length > 0 ? new Set(leaf.suffixes.map(String)) : undefined;
    // One bitset per datapoint: OR of its attributes (grids: of its suffix attributes, all or the listed ones).
    const perDatapoint: Uint32Array[] = [];
    let lastOwned = false;
    for (const datapoint of listed) {
      const attributes = layout.get(datapoint);
      if (attributes === undefined) continue;
      let bits: Uint32Array | undefined;
      let owned = false;
      for (const attribute of attributes) {
        if (suffixes !== undefined && (attribute.suffix === null || !suffixes.has(attribute.suffix))) continue;
        const words = this.bits.attribute(attribute.id);
        if (words === undefined) continue;
        if (bits === undefined) {
          bits = words;
        } else {
          if (!owned) {
            bits = bits.slice();
            owned = true;
          }
          for (let i = 0; i < n; i++) bits[i] |= words[i];
        }
      }
      if (bits !== undefined) {
        perDatapoint.push(bits);
        lastOwned = owned;
      }
    }
    if (minCount > perDatapoint.length) return { bits: new Uint32Array(n), shared: false };
    // One datapoint: its bitset as is (with one attribute, the partition's own: no copy).
    if (minCount === 1 && perDatapoint.length === 1) return { bits: perDatapoint[0], shared: !lastOwned };
    if (minCount === 1) {
      const out = new Uint32Array(n);
      for (const bits of perDatapoint) for (let i = 0; i < n; i++) out[i] |= bits[i];
      return { bits: out, shared: false };
    }
    const planes: Uint32Array[] = [];
    for (let j = 0; j < minCount; j++) planes.push(this.scratch.plane(j, n));
    return { bits: atLeast(perDatapoint, minCount, n, planes).slice(), shared: false };
  }

  /**
   * Who was asked a question: the partition's record when it has one (it includes everyone who
   * answered), else those who answered it (the leaf without datapoints). Only asked leaves come
   * here, so queries without one never touch the record.
   */
  private computeAsked(reference: string): { bits: Uint32Array; shared: boolean } {
    const question = resolveQuestionCode(reference, this.dictionary);
    if (question === undefined) return { bits: new Uint32Array(this.words), shared: false };
    const recorded = this.bits.asked(question);
    if (recorded !== undefined) return { bits: recorded, shared: true };
    return this.computeLeaf({ kind: 'leaf', question });
  }
}

/**
 * Respondents set in at least `k` of the bitsets: a saturating bit-sliced counter. Plane j holds
 * "at least j+1 seen so far"; each bitset x updates planes from the top: plane[j] |= plane[j-1] & x.
 * k planes, so k word operations per bitset and word. The result is one of the planes (given
 * `scratchPlanes`, of `words` words each, one of those).
 */
export function atLeast(bitsets: readonly Uint32Array[], k: number, words: number, scratchPlanes?: readonly Uint32Array[]): Uint32Array {
  const planes: Uint32Array[] = [];
  for (let j = 0; j < k; j++) planes.push(scratchPlanes === undefined ? new Uint32Array(words) : scratchPlanes[j].fill(0));
  for (let b = 0; b < bitsets.length; b++) {
    const x = bitsets[b];
    // Plane j can only be reached after j+1 bitsets; the top planes stay empty before that.
    for (let j = Math.min(k - 1, b); j >= 1; j--) {
      const plane = planes[j];
      const below = planes[j - 1];
      for (let i = 0; i < words; i++) plane[i] |= below[i] & x[i];
    }
    const first = planes[0];
    for (let i = 0; i < words; i++) first[i] |= x[i];
  }
  return planes[k - 1];
}

const leafKeys = new WeakMap<LeafNode, string>();
const expressionKeys = new WeakMap<Expression, string>();

/**
 * A canonical key of an expression: equal for expressions that select the same respondents by the
 * same rule (leaves with the same datapoints and suffixes in any order, duplicates or not), so the
 * engine's caches find them whatever object or member order they arrive in.
 */
export function expressionKey(expression: Expression): string {
  let key = expressionKeys.get(expression);
  if (key === undefined) {
    const not = expression.not === true ? '!' : '';
    if (expression.kind === 'all') key = `${not}*`;
    else if (expression.kind === 'leaf') key = `${not}${leafKey(expression)}`;
    else key = `${not}${expression.kind}(${expression.children.map(expressionKey).join(',')})`;
    expressionKeys.set(expression, key);
  }
  return key;
}

/** The cache key of a leaf: equal for leaves that select the same respondents by the same rule. */
function leafKey(leaf: LeafNode): string {
  let key = leafKeys.get(leaf);
  if (key === undefined) {
    key = computeLeafKey(leaf);
    leafKeys.set(leaf, key);
  }
  return key;
}

function computeLeafKey(leaf: LeafNode): string {
  if (leaf.asked === true) return JSON.stringify([leaf.question, 'asked']);
  const datapoints = leaf.datapoints === undefined ? [] : [...new Set(leaf.datapoints)].sort();
  const suffixes = leaf.suffixes === undefined ? [] : [...new Set(leaf.suffixes.map(String))].sort();
  return JSON.stringify([leaf.question, datapoints, suffixes, leaf.minCount ?? 1]);
}

/**
 * The respondents of one partition matching an expression, as a bitset of `wordCount` words with
 * padding bits 0 (a `not` is masked with `universe`). Leaf semantics as docs/metrics.md#leaves and the reference
 * evaluator: listed datapoints (none = all of the question), listed suffixes only (grid rows without
 * suffixes = any suffix), at least `minCount` distinct datapoints; a question the dataset does not
 * have matches nobody.
 */
export function evaluate(expression: Expression, partition: DecodedPartition, dictionary: AttributeDictionary): Uint32Array {
  return new PartitionEvaluator(partition, dictionary).evaluate(expression);
}
