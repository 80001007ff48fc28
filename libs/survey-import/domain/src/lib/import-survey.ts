import { encodePartition, type Attribute, type PartitionKey, type WeightClass } from '@aas/respondent-store';
import { type Category, type Dataset, type LocationWavePopulation, type Question } from '@aas/contracts';
import type { MappedWave } from './survey-mapping';
import { IssueCollector, type ImportIssue } from './import-issues';
import { MemorySpillStore, type SpillStore } from './spill-store';
import { valueKey, type SurveyFile, type SurveyValue } from './survey-file.types';
import { compileMapping, isNoAnswer, type CompiledMapping, type ImportedLocation } from './survey-mapping';
import type { SurveyMapping } from './survey-mapping.types';

/** Global lookups are slow inside jest's vm context; a module-local alias is not. */
const M = Math;

export interface ImportProgress {
  phase: 'read' | 'build';
  rowsRead: number;
  partitionsBuilt: number;
  partitionsTotal: number;
}

export interface ImportOptions {
  /** Where pass 1 parks each partition's respondents (default: memory; use createFileSpillStore for big files). */
  spill?: SpillStore;
  /** Rows listed per issue (default 10). */
  maxListedRows?: number;
  /** Id of the first respondent of the first partition (default 1); ids run on, partition after partition. */
  firstRespondentId?: number;
  /** Deflate the partitions' attribute sections (see the catalogue domain's README). */
  compress?: boolean;
  onProgress?: (progress: ImportProgress) => void;
  /** Rows between two 'read' progress reports (default 10,000). */
  progressEvery?: number;
}

/** The catalogue rows a mapping defines, as plain data for the writer. */
export interface ImportedCatalogue {
  dataset: Dataset;
  categories: Category[];
  questions: Question[];
  waves: MappedWave[];
  locations: ImportedLocation[];
  populations: LocationWavePopulation[];
  /** The dataset's attribute list (ids are positions) and its hash, as the blobs carry it. */
  dictionary: { dataset: string; hash: number; attributes: readonly Attribute[] };
}

export interface PartitionSummary {
  key: PartitionKey;
  respondents: number;
  weightSum: number;
  /** Distinct weights = weight classes (known once the partition is built). */
  weightClasses?: number;
  bytes?: number;
}

export interface ImportReport {
  /** No error: the partitions can be built and written. */
  ok: boolean;
  issues: ImportIssue[];
  /** Variables the mapping neither uses nor ignores (also listed as warnings). */
  unmapped: string[];
  rowsRead: number;
  respondents: number;
  partitions: PartitionSummary[];
}

/** One partition, encoded with the respondent store's codec (`encodePartition`), ready to be written. */
export interface BuiltPartition {
  key: PartitionKey;
  respondentCount: number;
  firstRespondentId: number;
  weightClasses: number;
  blob: Buffer;
  /** The file's respondent ids in storage order: respondent `firstRespondentId + k` is `sourceIds[k]`. */
  sourceIds: (number | string)[];
}

export interface PreparedImport {
  report: ImportReport;
  /** Null when the mapping itself is invalid. */
  catalogue: ImportedCatalogue | null;
  /** Builds and encodes the partitions one at a time (throws when the report has errors). */
  partitions(): AsyncGenerator<BuiltPartition>;
  /** Frees the spilled rows. */
  dispose(): Promise<void>;
}

/**
 * Pass 1 of an import: checks the mapping against the file, streams every row once, checks it
 * (ids, weights, waves, locations, values) and parks it, compacted, in its partition's spill.
 * Nothing is built when there is an error; the report lists every problem with its first rows.
 * Pass 2 is `partitions()`: one partition at a time is read back, ordered into weight classes
 * and encoded, so memory is bounded by the largest partition, not the file.
 */
export async function prepareImport(file: SurveyFile, mapping: SurveyMapping, options: ImportOptions = {}): Promise<PreparedImport> {
  const spill = options.spill ?? new MemorySpillStore();
  const issues = new IssueCollector(options.maxListedRows ?? 10);
  const { compiled, issues: mappingIssues } = compileMapping(mapping, file.metadata);
  const emptyReport = (): ImportReport => ({ ok: false, issues: mappingIssues, unmapped: [], rowsRead: 0, respondents: 0, partitions: [] });
  if (!compiled) {
    return { report: emptyReport(), catalogue: null, partitions: refuse, dispose: () => spill.dispose() };
  }
  const c = compiled;
  const progressEvery = options.progressEvery ?? 10_000;
  const partitionIndex = new Map<string, number>();
  const partitions: { key: PartitionKey; wave: MappedWave; location: ImportedLocation; respondents: number; weightSum: number; writer: SpillWriter }[] = [];
  const ids = new IdRegistry();
  const answered = new Uint8Array(c.rules.length);
  const attrs: number[] = [];
  let rowsRead = 0;
  let respondents = 0;
  let failed = false;

  for await (const row of file.rows()) {
    rowsRead++;
    const r = row.rowNumber;
    const values = row.values;
    let rowOk = true;
    const id = values[c.respondentId.index];
    if (id === null) {
      issues.add('error', 'missing-id', c.respondentId.name, 'respondents without an id', r);
      rowOk = false;
    } else {
      ids.add(id, r);
    }
    const weight = values[c.weight.index];
    if (weight === null || typeof weight !== 'number' || Number.isNaN(weight)) {
      issues.add('error', 'missing-weight', c.weight.name, 'respondents without a (numeric) weight', r, weight ?? undefined);
      rowOk = false;
    } else if (!(weight > 0) || !Number.isFinite(weight)) {
      issues.add('error', 'non-positive-weight', c.weight.name, 'respondents whose weight is not positive', r, weight);
      rowOk = false;
    }
    const waveValue = values[c.wave.index];
    const wave = c.waveOf(waveValue);
    if (!wave) {
      issues.add('error', 'unknown-wave', c.wave.name, 'wave values the mapping has no wave for', r, waveValue ?? '(empty)');
      rowOk = false;
    }
    const locationValue = values[c.location.index];
    const location = c.locationOf(locationValue);
    if (!location) {
      issues.add('error', 'unknown-location', c.location.name, 'location values the mapping has no location for', r, locationValue ?? '(empty)');
      rowOk = false;
    }
    attrs.length = 0;
    for (let k = 0; k < c.rules.length; k++) {
      const rule = c.rules[k];
      const value = values[rule.variable.index];
      if (isNoAnswer(rule, value)) continue;
      answered[k] = 1;
      const attribute = attributeOf(rule, value as number | string);
      if (attribute === undefined) {
        issues.add(
          'warning',
          'value-without-label',
          rule.variable.name,
          'values the mapping has no datapoint, scale point or band for (left out)',
          r,
          value as number | string,
        );
      } else if (attribute >= 0) {
        attrs.push(attribute);
      }
    }
    if (!rowOk) failed = true;
    if (!failed && wave && location && typeof weight === 'number' && id !== null) {
      const key = `${wave.code}\u0000${location.code}`;
      let p = partitionIndex.get(key);
      if (p === undefined) {
        p = partitions.length;
        partitionIndex.set(key, p);
        partitions.push({
          key: { dataset: c.dataset.code, wave: wave.code, location: location.code },
          wave,
          location,
          respondents: 0,
          weightSum: 0,
          writer: new SpillWriter(spill, p),
        });
      }
      const part = partitions[p];
      part.respondents++;
      part.weightSum += weight;
      respondents++;
      await part.writer.record(r, weight, id, attrs);
    }
    if (rowsRead % progressEvery === 0) options.onProgress?.({ phase: 'read', rowsRead, partitionsBuilt: 0, partitionsTotal: partitions.length });
  }
  for (const p of partitions) await p.writer.flush();
  options.onProgress?.({ phase: 'read', rowsRead, partitionsBuilt: 0, partitionsTotal: partitions.length });

  for (const d of ids.duplicates()) issues.add('error', 'duplicate-id', c.respondentId.name, 'respondent ids that occur more than once', d.row, d.id);
  c.rules.forEach((rule, k) => {
    if (answered[k] === 0) issues.add('warning', 'empty-variable', rule.variable.name, `nobody answered ${rule.variable.name}`);
  });
  for (const name of c.unmapped) issues.add('warning', 'unmapped-variable', name, `variable ${name} is not mapped (add it to a question or to "ignore")`);
  if (rowsRead === 0) issues.add('error', 'no-respondents', null, 'the file has no rows');

  const ok = !issues.hasErrors;
  // Partitions in a stable order: wave order, then location code.
  const waveOrder = new Map(c.waves().map((w) => [w.code, w.order]));
  const order = partitions
    .map((p, i) => i)
    .sort(
      (a, b) =>
        (waveOrder.get(partitions[a].key.wave) ?? 0) - (waveOrder.get(partitions[b].key.wave) ?? 0) ||
        cmp(partitions[a].key.location, partitions[b].key.location),
    );
  const summaries: PartitionSummary[] = order.map((i) => ({
    key: partitions[i].key,
    respondents: partitions[i].respondents,
    weightSum: partitions[i].weightSum,
  }));
  const report: ImportReport = {
    ok,
    issues: [...mappingIssues, ...issues.issues],
    unmapped: c.unmapped,
    rowsRead,
    respondents: ok ? respondents : 0,
    partitions: ok ? summaries : [],
  };
  const catalogue = catalogueOf(c, partitions, summaries);
  let built = false;
  return {
    report,
    catalogue,
    partitions: ok
      ? async function* () {
          if (built) throw new Error('the partitions of an import are built once');
          built = true;
          let nextId = options.firstRespondentId ?? 1;
          for (const [n, i] of order.entries()) {
            const part = await buildPartition(partitions[i].key, await spill.read(i), nextId, c, options.compress ?? false);
            nextId += part.respondentCount;
            summaries[n].weightClasses = part.weightClasses;
            summaries[n].bytes = part.blob.length;
            options.onProgress?.({ phase: 'build', rowsRead, partitionsBuilt: n + 1, partitionsTotal: order.length });
            yield part;
          }
        }
      : refuse,
    dispose: () => spill.dispose(),
  };
}

function refuse(): AsyncGenerator<BuiltPartition> {
  const error = new Error('the import has errors (see its report): no partition is built');
  return (async function* () {
    yield* [];
    throw error;
  })();
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function attributeOf(rule: CompiledMapping['rules'][number], value: number | string): number | undefined {
  if (rule.kind === 'lookup') return rule.map.get(valueKey(value));
  const x = typeof value === 'number' ? value : Number(value);
  if (Number.isNaN(x)) return undefined;
  for (const b of rule.bands) if (x >= b.min && x < b.max) return b.attribute;
  return undefined;
}

function catalogueOf(c: CompiledMapping, partitions: { key: PartitionKey; weightSum: number }[], summaries: PartitionSummary[]): ImportedCatalogue {
  const populations: LocationWavePopulation[] = c.populations
    ? c.populations.map((p) => ({ location_code: p.location, wave_code: p.wave, population: p.population }))
    : summaries.map((s) => ({ location_code: s.key.location, wave_code: s.key.wave, population: s.weightSum }));
  void partitions;
  return {
    dataset: c.dataset,
    categories: c.categories,
    questions: c.questions,
    waves: c.waves(),
    locations: c.locations(),
    populations,
    dictionary: { dataset: c.dictionary.dataset, hash: c.dictionary.hash, attributes: c.dictionary.attributes },
  };
}

// ---------------------------------------------------------------------------------------------
// Spilled respondent records: varint row, f64 weight, id (0 + f64 | 1 + varint length + UTF-8),
// varint attribute count, attribute ids ascending as varint gaps.

const SPILL_CHUNK = 1 << 16;

class SpillWriter {
  private buf = Buffer.alloc(SPILL_CHUNK + 4096);
  private pos = 0;

  constructor(
    private readonly store: SpillStore,
    private readonly partition: number,
  ) {}

  async record(row: number, weight: number, id: number | string, attributes: number[]): Promise<void> {
    const idBytes = typeof id === 'string' ? Buffer.from(id, 'utf8') : null;
    this.ensure(5 + 8 + 1 + 9 + (idBytes?.length ?? 0) + 5 + attributes.length * 5);
    this.varint(row);
    this.pos = this.buf.writeDoubleLE(weight, this.pos);
    if (idBytes === null) {
      this.buf[this.pos++] = 0;
      this.pos = this.buf.writeDoubleLE(id as number, this.pos);
    } else {
      this.buf[this.pos++] = 1;
      this.varint(idBytes.length);
      this.pos += idBytes.copy(this.buf, this.pos);
    }
    attributes.sort((a, b) => a - b);
    this.varint(attributes.length);
    let prev = 0;
    for (const a of attributes) {
      this.varint(a - prev);
      prev = a;
    }
    if (this.pos >= SPILL_CHUNK) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pos === 0) return;
    await this.store.append(this.partition, this.buf.subarray(0, this.pos));
    this.pos = 0;
  }

  private ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.alloc(M.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  private varint(v: number): void {
    while (v >= 0x80) {
      this.buf[this.pos++] = (v & 0x7f) | 0x80;
      v = M.floor(v / 128);
    }
    this.buf[this.pos++] = v;
  }
}

/**
 * Pass 2 for one partition: respondents ordered by weight (ascending; file order within a weight),
 * one weight class per distinct weight, each class on a 64-bit boundary, then the codec.
 */
async function buildPartition(key: PartitionKey, bytes: Uint8Array, firstRespondentId: number, c: CompiledMapping, compress: boolean): Promise<BuiltPartition> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows: number[] = [];
  const weights: number[] = [];
  const ids: (number | string)[] = [];
  const attrStart: number[] = [];
  const attrList: number[] = [];
  let p = 0;
  const varint = (): number => {
    let v = 0;
    let scale = 1;
    let b: number;
    do {
      b = buf[p++];
      v += (b & 0x7f) * scale;
      scale *= 128;
    } while (b & 0x80);
    return v;
  };
  while (p < buf.length) {
    rows.push(varint());
    weights.push(buf.readDoubleLE(p));
    p += 8;
    if (buf[p++] === 0) {
      ids.push(buf.readDoubleLE(p));
      p += 8;
    } else {
      const length = varint();
      ids.push(buf.toString('utf8', p, p + length));
      p += length;
    }
    attrStart.push(attrList.length);
    const n = varint();
    let prev = 0;
    for (let k = 0; k < n; k++) {
      prev += varint();
      attrList.push(prev);
    }
  }
  attrStart.push(attrList.length);
  const count = rows.length;
  const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => weights[a] - weights[b] || rows[a] - rows[b]);
  const weightClasses: WeightClass[] = [];
  const bitOf = new Uint32Array(count);
  let bit = 0;
  for (let k = 0; k < count; k++) {
    const i = order[k];
    const last = weightClasses[weightClasses.length - 1];
    if (!last || last.weight !== weights[i]) {
      if (last) bit = M.ceil(bit / 64) * 64;
      weightClasses.push({ weight: weights[i], startBit: bit, count: 0 });
    }
    weightClasses[weightClasses.length - 1].count++;
    bitOf[i] = bit++;
  }
  const bitLength = M.ceil(bit / 64) * 64;
  const wordCount = bitLength >>> 5;
  const attributes = new Map<number, Uint32Array>();
  for (let i = 0; i < count; i++) {
    const b = bitOf[i];
    for (let k = attrStart[i]; k < attrStart[i + 1]; k++) {
      const a = attrList[k];
      let words = attributes.get(a);
      if (!words) {
        words = new Uint32Array(wordCount);
        attributes.set(a, words);
      }
      words[b >>> 5] |= 1 << (b & 31);
    }
  }
  const blob = encodePartition(
    { key, dictionaryHash: c.dictionary.hash, firstRespondentId, respondentCount: count, bitLength, weightClasses, attributes },
    { compress },
  );
  return { key, respondentCount: count, firstRespondentId, weightClasses: weightClasses.length, blob, sourceIds: order.map((i) => ids[i]) };
}

/** Respondent ids seen so far, to find duplicates at the end: numbers in typed arrays (12 bytes each), strings in a map. */
class IdRegistry {
  private numbers = new Float64Array(1024);
  private rows = new Uint32Array(1024);
  private size = 0;
  private readonly strings = new Map<string, number>();
  private readonly stringDuplicates: { id: string; row: number }[] = [];

  add(id: SurveyValue, row: number): void {
    if (typeof id === 'number') {
      if (this.size === this.numbers.length) {
        const numbers = new Float64Array(this.size * 2);
        numbers.set(this.numbers);
        this.numbers = numbers;
        const rows = new Uint32Array(this.size * 2);
        rows.set(this.rows);
        this.rows = rows;
      }
      this.numbers[this.size] = id;
      this.rows[this.size++] = row;
    } else if (typeof id === 'string') {
      if (this.strings.has(id)) this.stringDuplicates.push({ id, row });
      else this.strings.set(id, row);
    }
  }

  /** Every row whose id an earlier row already had, in row order. */
  duplicates(): { id: number | string; row: number }[] {
    const idx = Array.from({ length: this.size }, (_, i) => i).sort((a, b) => this.numbers[a] - this.numbers[b] || this.rows[a] - this.rows[b]);
    const out: { id: number | string; row: number }[] = [];
    for (let k = 1; k < idx.length; k++) {
      if (this.numbers[idx[k]] === this.numbers[idx[k - 1]]) out.push({ id: this.numbers[idx[k]], row: this.rows[idx[k]] });
    }
    out.push(...this.stringDuplicates);
    return out.sort((a, b) => a.row - b.row);
  }
}
