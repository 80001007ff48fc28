/** A partition = one dataset x one wave x one location: the unit of storage (one bytea row) and of loading. */
export interface PartitionKey {
  dataset: string;
  wave: string;
  location: string;
}

/** One string per partition key, for sets and maps of partitions (the parts cannot contain NUL). */
export function partitionId(key: PartitionKey): string {
  return `${key.dataset}\u0000${key.wave}\u0000${key.location}`;
}

/**
 * Respondents sharing one weight, stored contiguously from `startBit` (a multiple of 64), `count` bits long.
 * The bits between the end of a class and the next 64-bit boundary are padding (always 0).
 */
export interface WeightClass {
  weight: number;
  startBit: number;
  count: number;
}

/**
 * The in-memory form of a partition, made for a bitset engine.
 *
 * - Every attribute bitset is a Uint32Array of `wordCount` words (`wordCount` even, so it is also a
 *   whole number of 64-bit words), bit `b` at `words[b >>> 5] & (1 << (b & 31))`. All bitsets of a
 *   partition have the same length, so AND/OR/ANDNOT are word-by-word loops.
 * - Bit positions are respondent slots. Classes start at 64-bit boundaries, so the weighted size of a
 *   bitset `x` is  sum over classes c of popcount(x[c.startBit/32 .. (c.startBit+c.count)/32]) * c.weight:
 *   one popcount per word plus one multiply per class. Padding bits are 0 in every stored bitset; a NOT
 *   must be masked with `universe` (all respondent bits set) to keep them 0.
 * - `attributes` holds only attributes that at least one respondent has: a missing id is an empty bitset.
 * - `weights[b]` is the weight of the respondent at bit b (0 on padding), for engines that prefer it.
 * - The respondent at the k-th non-padding bit (in bit order) has id `firstRespondentId + k`.
 */
export interface DecodedPartition {
  key: PartitionKey;
  /** Fingerprint of the attribute dictionary the attribute ids refer to. */
  dictionaryHash: number;
  firstRespondentId: number;
  respondentCount: number;
  /** Number of bit slots, a multiple of 64 (respondents plus padding). */
  bitLength: number;
  /** bitLength / 32. */
  wordCount: number;
  weightClasses: WeightClass[];
  weights: Float64Array;
  /** All respondent bits set, padding 0. */
  universe: Uint32Array;
  /** Attribute id (from the dataset's AttributeDictionary) -> bitset. */
  attributes: Map<number, Uint32Array>;
  /**
   * Question code -> the respondents who were asked the question (routing), for the questions where
   * that differs from those who answered it (asked, but chose nothing or a "missing" code). Always
   * includes everyone who answered. A question without an entry: asked = answered (data stored
   * before the store recorded it, or nobody asked stayed without an answer). Read-only: an entry
   * of everyone in the partition is `universe` itself. Absent in hand-made partitions = empty.
   */
  asked?: Map<string, Uint32Array>;
}

/** One respondent expanded to plain data (slow path: tests, reference checks, exports). */
export interface RespondentRecord {
  id: number;
  dataset: string;
  wave: string;
  location: string;
  weight: number;
  answers: { question: string; datapoint: string; suffix?: string }[];
  /** The questions of the partition's `asked` entries this respondent was asked (omitted when none). */
  asked?: string[];
}
