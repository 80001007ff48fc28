import type { Expression } from '@aas/audience-expression';
import type { DecodedPartition } from '@aas/respondent-store';
import { InlineExecutor, type CellExecutor } from './cell-executor';
import { PartitionEvaluator } from './evaluate';
import { allocateSharedMemory, CLASS_ENTRY_BYTES, GROUP_OUTPUT_BYTES, instantiateKernel, SEGMENT_ALIGN_BYTES } from './kernel';
import { index, kishEffectiveBase, percentage, ratio, sampleFlags, twoProportionZTest, type ConfidenceLevel, type ZeroReason } from './metrics';
import type { AudienceMetrics, CrosstabCell, CrosstabData, CrosstabOptions, CrosstabQuery, CrosstabResult, SegmentBy, SegmentResult } from './crosstab.types';

const ALL: Expression = { kind: 'all' };
/** The share of a core's L2 cache the columns of one class tile may fill (1 MiB of 2 MiB here). */
const TILE_CACHE_BYTES = 1 << 20;
const align = (value: number, to: number): number => Math.ceil(value / to) * to;
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Where one selected partition's class segments sit in the packed bitsets. */
interface PackedPartition {
  readonly partition: DecodedPartition;
  /** Per class: first source word, number of source words, destination byte offset. */
  readonly segments: { readonly sourceWord: number; readonly words: number; readonly target: number }[];
}

/**
 * What the kernel produces for one query, before any ratio: per audience or cell and group, the
 * sum of weights, the sum of squared weights and the count. Every figure of a result derives
 * from these, and they add up across partitions, so two computations over disjoint partitions
 * (shards) merge exactly by adding (`addRawSums`). This is what crosses the job boundary.
 */
export interface RawSums {
  readonly groups: number;
  readonly rowCount: number;
  readonly columnCount: number;
  /** (1 + rows + columns) audiences x groups x 3: audience 0 = base, 1..R = rows AND base, R+1..R+C = columns AND base. */
  readonly singles: Float64Array;
  /** rows x columns x groups x 3, row-major: row AND column AND base. */
  readonly cells: Float64Array;
}

/** How sums are grouped: one group, or one per wave / per location of the query (in its order, each code once). */
export type GroupBy = 'none' | SegmentBy;

export interface ComputeOptions {
  /** Where the cell kernel runs; default: inline on the calling thread, in slices. */
  readonly executor?: CellExecutor;
  /** The calling thread yields to its event loop at least this often while evaluating (ms). */
  readonly sliceMs?: number;
  /** Bytes per audience in one class tile; default: 1 MiB / column count (at least 4 KiB). */
  readonly tileBytes?: number;
  /** Filled with the time spent per phase (ms), for benchmarks. */
  readonly timings?: { evaluateMs: number; kernelMs: number };
}

/**
 * One crosstab (metrics.md, "Crosstab cell"): rows x columns within the base, over the selected
 * waves, locations and datasets. Sizes are per-wave sums averaged over `query.waves` (a wave
 * without data counts 0), samples are totals.
 */
export async function computeCrosstab(
  data: CrosstabData,
  query: CrosstabQuery,
  options: CrosstabOptions = {},
  compute: ComputeOptions = {},
): Promise<CrosstabResult> {
  const raw = await computeRawSums(data, query, 'none', compute);
  return buildCrosstabResult(raw, 0, unique(query.waves).length, options);
}

/**
 * The same crosstab split by wave (each segment's size is that wave's sum) or by location (each
 * segment averaged over the selected waves), computed in one pass over the data: the kernel adds
 * each weight class into its segment's slot. Segments come in the order of `query.waves` or
 * `query.locations`.
 */
export async function computeSegmentedCrosstab(
  data: CrosstabData,
  query: CrosstabQuery,
  segmentBy: SegmentBy,
  options: CrosstabOptions = {},
  compute: ComputeOptions = {},
): Promise<SegmentResult[]> {
  const raw = await computeRawSums(data, query, segmentBy, compute);
  return buildSegmentResults(raw, query, segmentBy, options);
}

/** The group labels of a grouping: the query's waves or locations (each once, in order), or one unnamed group. */
export function groupLabels(query: Pick<CrosstabQuery, 'waves' | 'locations'>, groupBy: GroupBy): string[] {
  if (groupBy === 'wave') return unique(query.waves);
  if (groupBy === 'location') return unique(query.locations);
  return [''];
}

/**
 * Raw sums of a crosstab over the partitions of `data` the query selects, grouped as asked. With
 * `groupBy` 'wave' or 'location', a wave or location of the query without data has a group of zeros.
 */
export async function computeRawSums(data: CrosstabData, query: CrosstabQuery, groupBy: GroupBy, compute: ComputeOptions = {}): Promise<RawSums> {
  const labels = groupLabels(query, groupBy);
  const position = new Map(labels.map((label, i) => [label, i]));
  const groupOf =
    groupBy === 'none' ? () => 0 : (partition: DecodedPartition) => position.get(groupBy === 'wave' ? partition.key.wave : partition.key.location) ?? 0;
  return computeRaw(data, query, groupOf, Math.max(1, labels.length), compute);
}

/** Adds `from` into `into` (same shape): the merge of two computations over disjoint partitions. */
export function addRawSums(into: RawSums, from: RawSums): void {
  if (into.groups !== from.groups || into.rowCount !== from.rowCount || into.columnCount !== from.columnCount) {
    throw new Error(`cannot add raw sums of different shapes (${describeShape(into)} and ${describeShape(from)})`);
  }
  for (let i = 0; i < into.singles.length; i++) into.singles[i] += from.singles[i];
  for (let i = 0; i < into.cells.length; i++) into.cells[i] += from.cells[i];
}

const describeShape = (raw: RawSums): string => `${raw.rowCount}x${raw.columnCount}x${raw.groups}`;

/** Raw sums of zeros in a shape, to add into. */
export function emptyRawSums(rowCount: number, columnCount: number, groups: number): RawSums {
  return {
    groups,
    rowCount,
    columnCount,
    singles: new Float64Array((1 + rowCount + columnCount) * groups * 3),
    cells: new Float64Array(rowCount * columnCount * groups * 3),
  };
}

/** The groups of `raw` added into one (the whole selection: the sum over its waves or locations). */
export function collapseGroups(raw: RawSums): RawSums {
  if (raw.groups === 1) return raw;
  const out = emptyRawSums(raw.rowCount, raw.columnCount, 1);
  const fold = (source: Float64Array, target: Float64Array): void => {
    for (let item = 0; item < target.length / 3; item++) {
      for (let g = 0; g < raw.groups; g++) {
        const at = (item * raw.groups + g) * 3;
        target[item * 3] += source[at];
        target[item * 3 + 1] += source[at + 1];
        target[item * 3 + 2] += source[at + 2];
      }
    }
  };
  fold(raw.singles, out.singles);
  fold(raw.cells, out.cells);
  return out;
}

/** One result per segment (wave or location, in the query's order) from sums grouped the same way. */
export function buildSegmentResults(
  raw: RawSums,
  query: Pick<CrosstabQuery, 'waves' | 'locations'>,
  segmentBy: SegmentBy,
  options: CrosstabOptions = {},
): SegmentResult[] {
  const waves = unique(query.waves);
  const locations = unique(query.locations);
  const segments = segmentBy === 'wave' ? waves : locations;
  return segments.map((segment, g) => ({
    segment,
    waves: segmentBy === 'wave' ? [segment] : waves,
    locations: segmentBy === 'wave' ? locations : [segment],
    result: buildCrosstabResult(raw, g, segmentBy === 'wave' ? 1 : waves.length, options),
  }));
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** The partitions a query covers, in a stable order (dataset, wave, location). */
export function selectPartitions(partitions: readonly DecodedPartition[], query: Pick<CrosstabQuery, 'waves' | 'locations' | 'datasets'>): DecodedPartition[] {
  const waves = new Set(query.waves);
  const locations = new Set(query.locations);
  const datasets = query.datasets === undefined ? undefined : new Set(query.datasets);
  const key = (p: DecodedPartition): string => `${p.key.dataset}\u0000${p.key.wave}\u0000${p.key.location}`;
  return partitions
    .filter((p) => waves.has(p.key.wave) && locations.has(p.key.location) && (datasets === undefined || datasets.has(p.key.dataset)))
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

async function computeRaw(
  data: CrosstabData,
  query: CrosstabQuery,
  groupOf: (p: DecodedPartition) => number,
  groups: number,
  compute: ComputeOptions,
): Promise<RawSums> {
  const sliceMs = compute.sliceMs ?? 20;
  const t0 = performance.now();
  const base = query.base ?? ALL;
  const selected = selectPartitions(data.partitions, query);
  const rowCount = query.rows.length;
  const columnCount = query.columns.length;
  const audiences: Expression[] = [base, ...query.rows, ...query.columns];

  // Layout: every class segment padded to 32 bytes, at the same offset in every audience.
  const packed: PackedPartition[] = [];
  const classTable: { start: number; end: number; group: number; weight: number }[] = [];
  let offset = 0;
  for (const partition of selected) {
    const segments: PackedPartition['segments'] = [];
    const group = groupOf(partition);
    for (const c of partition.weightClasses) {
      if (c.count <= 0) continue;
      const sourceWord = c.startBit >>> 5;
      const words = ((c.startBit + c.count + 31) >>> 5) - sourceWord;
      const bytes = align(words * 4, SEGMENT_ALIGN_BYTES);
      segments.push({ sourceWord, words, target: offset });
      classTable.push({ start: offset, end: offset + bytes, group, weight: c.weight });
      offset += bytes;
    }
    packed.push({ partition, segments });
  }
  const stride = Math.max(64, align(offset, 64));
  const classBytes = align(classTable.length * CLASS_ENTRY_BYTES, 64);
  const audienceBase = classBytes;
  const singlesBase = audienceBase + audiences.length * stride;
  const groupBytes = groups * GROUP_OUTPUT_BYTES;
  const cellsBase = align(singlesBase + audiences.length * groupBytes, 64);
  const memory = allocateSharedMemory(cellsBase + rowCount * columnCount * groupBytes);
  const buffer = memory.buffer;
  const view = new DataView(buffer);
  classTable.forEach((entry, k) => {
    const at = k * CLASS_ENTRY_BYTES;
    view.setInt32(at, entry.start, true);
    view.setInt32(at + 4, entry.end, true);
    view.setInt32(at + 8, entry.group, true);
    view.setFloat64(at + 16, entry.weight, true);
    view.setFloat64(at + 24, entry.weight * entry.weight, true);
  });

  // Equal expressions (a row that is also a column, a chart's repeated audience) are evaluated once.
  const keys = audiences.map((expression) => JSON.stringify(expression));
  const baseIsEveryone = base.kind === 'all' && base.not !== true;
  const firstOf = keys.map((key) => keys.indexOf(key));
  const words = new Uint32Array(buffer);
  let started = performance.now();
  for (const { partition, segments } of packed) {
    const dictionary = data.dictionary(partition.key.dataset);
    if (dictionary === undefined) throw new Error(`no attribute dictionary for dataset ${partition.key.dataset}`);
    const evaluator = new PartitionEvaluator(partition, dictionary);
    const baseBits = evaluator.evaluateShared(base);
    const scratch = new Uint32Array(partition.wordCount);
    for (let a = 0; a < audiences.length; a++) {
      if (firstOf[a] !== a) continue;
      const bits = a === 0 ? baseBits : evaluator.evaluateShared(audiences[a], scratch);
      const audienceWord = (audienceBase + a * stride) >>> 2;
      if (a === 0 || baseIsEveryone) {
        for (const segment of segments) words.set(bits.subarray(segment.sourceWord, segment.sourceWord + segment.words), audienceWord + (segment.target >>> 2));
      } else {
        for (const segment of segments) {
          const target = audienceWord + (segment.target >>> 2);
          const end = segment.sourceWord + segment.words;
          for (let i = segment.sourceWord, j = target; i < end; i++, j++) words[j] = bits[i] & baseBits[i];
        }
      }
    }
    if (performance.now() - started > sliceMs) {
      await yieldToEventLoop();
      started = performance.now();
    }
  }
  const bytes = new Uint8Array(buffer);
  for (let a = 0; a < audiences.length; a++) {
    if (firstOf[a] !== a) bytes.copyWithin(audienceBase + a * stride, audienceBase + firstOf[a] * stride, audienceBase + (firstOf[a] + 1) * stride);
  }

  const t1 = performance.now();
  const pairs = instantiateKernel(memory);
  for (let a = 0; a < audiences.length; a++) {
    const at = audienceBase + a * stride;
    pairs(at, at, 0, classTable.length, singlesBase + a * groupBytes);
  }
  if (rowCount > 0 && columnCount > 0) {
    // Tiles of classes whose bytes, for all columns together, fill about half an L2 cache.
    const tileBytes = compute.tileBytes ?? Math.max(4096, Math.floor(TILE_CACHE_BYTES / columnCount));
    const tiles = [0];
    let bytesInTile = 0;
    classTable.forEach((entry, k) => {
      bytesInTile += entry.end - entry.start;
      if (bytesInTile >= tileBytes && k + 1 < classTable.length) {
        tiles.push(k + 1);
        bytesInTile = 0;
      }
    });
    tiles.push(classTable.length);
    const executor = compute.executor ?? new InlineExecutor(sliceMs);
    await executor.run({
      memory,
      classes: 0,
      classCount: classTable.length,
      groups,
      stride,
      aBase: audienceBase + stride,
      aFrom: 0,
      aTo: rowCount,
      bBase: audienceBase + (1 + rowCount) * stride,
      bCount: columnCount,
      outBase: cellsBase,
      tiles,
    });
  }
  if (compute.timings !== undefined) {
    compute.timings.evaluateMs = t1 - t0;
    compute.timings.kernelMs = performance.now() - t1;
  }
  return {
    groups,
    rowCount,
    columnCount,
    singles: new Float64Array(buffer.slice(singlesBase, singlesBase + audiences.length * groupBytes)),
    cells: new Float64Array(buffer.slice(cellsBase, cellsBase + rowCount * columnCount * groupBytes)),
  };
}

interface Sums {
  readonly size: number;
  readonly sample: number;
  readonly effectiveBase: number;
}

function sumsAt(array: Float64Array, triple: number, waveCount: number): Sums {
  const at = triple * 3;
  const sumWeights = array[at];
  return {
    size: waveCount === 0 ? 0 : sumWeights / waveCount,
    sample: waveCount === 0 ? 0 : array[at + 2],
    effectiveBase: waveCount === 0 ? 0 : kishEffectiveBase(sumWeights, array[at + 1]),
  };
}

/**
 * The metrics of metrics.md ("Crosstab cell") from raw sums, for one group: sizes are sums of
 * weights divided by `waveCount` (the mean of per-wave sums), samples are counts, every ratio 0
 * with a reason where its denominator is 0; Kish effective bases and the significance test on
 * request. Pure and cheap: a gateway runs it on sums a worker computed.
 */
export function buildCrosstabResult(raw: RawSums, group: number, waveCount: number, options: CrosstabOptions = {}): CrosstabResult {
  const { groups, rowCount, columnCount } = raw;
  const level: ConfidenceLevel | undefined = options.significance === true ? 0.95 : options.significance === false ? undefined : options.significance;
  const baseSums = sumsAt(raw.singles, group, waveCount);
  const base = { size: baseSums.size, sample: baseSums.sample, effectiveBase: baseSums.effectiveBase };
  const baseOut = { size: base.size, sample: base.sample };
  const audience = (a: number): AudienceMetrics => {
    const s = sumsAt(raw.singles, a * groups + group, waveCount);
    return { size: s.size, sample: s.sample, percentage: percentage(s.size, base.size), effectiveBase: s.effectiveBase };
  };
  const rows = Array.from({ length: rowCount }, (_, r) => audience(1 + r));
  const columns = Array.from({ length: columnCount }, (_, c) => audience(1 + rowCount + c));
  const cells: CrosstabCell[] = new Array(rowCount * columnCount);
  for (let r = 0; r < rowCount; r++) {
    const row = rows[r];
    for (let c = 0; c < columnCount; c++) {
      const column = columns[c];
      const cellIndex = r * columnCount + c;
      const intersect = sumsAt(raw.cells, cellIndex * groups + group, waveCount);
      const reasons: ZeroReason[] = [];
      if (base.size === 0) reasons.push('empty-base');
      if (row.size === 0) reasons.push('empty-row');
      if (column.size === 0) reasons.push('empty-column');
      const cell: {
        -readonly [K in keyof CrosstabCell]: CrosstabCell[K];
      } = {
        rowIndex: r,
        columnIndex: c,
        base: baseOut,
        row: { size: row.size, sample: row.sample, percentage: row.percentage, intersectPercentage: percentage(intersect.size, row.size) },
        column: { size: column.size, sample: column.sample, percentage: column.percentage, intersectPercentage: percentage(intersect.size, column.size) },
        intersect: {
          size: intersect.size,
          sample: intersect.sample,
          percentage: percentage(intersect.size, base.size),
          index: index(intersect.size, row.size, column.size, base.size),
        },
        flags: sampleFlags(intersect.sample),
        reasons,
      };
      if (options.effectiveBase === true) {
        cell.effectiveBase = { base: base.effectiveBase, row: row.effectiveBase, column: column.effectiveBase, intersect: intersect.effectiveBase };
      }
      if (level !== undefined) {
        cell.significance = twoProportionZTest(ratio(intersect.size, column.size), column.effectiveBase, ratio(row.size, base.size), base.effectiveBase, level);
      }
      cells[cellIndex] = cell;
    }
  }
  return { base, rows, columns, cells };
}
