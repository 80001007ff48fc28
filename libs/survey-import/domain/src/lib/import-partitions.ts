import { encodePartition, type AttributeDictionary, type PartitionKey, type WeightClass } from '@aas/respondent-store-domain';
import type { SurveyValue } from './survey-file.types';
import type { SpillStore } from './spill-store';

/** Global lookups are slow inside jest's vm context; a module-local alias is not. */
const M = Math;

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

// Spilled respondent records: varint row, f64 weight, id (0 + f64 | 1 + varint length + UTF-8),
// varint attribute count, attribute ids ascending as varint gaps, varint count of the questions
// asked without an answer kept, their indexes ascending as varint gaps.

const SPILL_CHUNK = 1 << 16;

export class SpillWriter {
  private buf = Buffer.alloc(SPILL_CHUNK + 4096);
  private pos = 0;

  constructor(
    private readonly store: SpillStore,
    private readonly partition: number,
  ) {}

  async record(row: number, weight: number, id: number | string, attributes: number[], askedWithoutAnswer: number[]): Promise<void> {
    const idBytes = typeof id === 'string' ? Buffer.from(id, 'utf8') : null;
    this.ensure(5 + 8 + 1 + 9 + (idBytes?.length ?? 0) + 10 + (attributes.length + askedWithoutAnswer.length) * 5);
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
    this.ascending(attributes.sort((a, b) => a - b));
    this.ascending(askedWithoutAnswer);
    if (this.pos >= SPILL_CHUNK) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pos === 0) return;
    await this.store.append(this.partition, this.buf.subarray(0, this.pos));
    this.pos = 0;
  }

  private ascending(values: readonly number[]): void {
    this.varint(values.length);
    let prev = 0;
    for (const v of values) {
      this.varint(v - prev);
      prev = v;
    }
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

/** A partition's spilled records, column by column. */
interface SpilledRows {
  rows: number[];
  weights: number[];
  ids: (number | string)[];
  /** Respondent i's attributes are attrList[attrStart[i] .. attrStart[i + 1]); its asked questions likewise. */
  attrStart: number[];
  attrList: number[];
  askedStart: number[];
  askedList: number[];
}

function readSpill(bytes: Uint8Array): SpilledRows {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: SpilledRows = { rows: [], weights: [], ids: [], attrStart: [], attrList: [], askedStart: [], askedList: [] };
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
  const ascending = (list: number[]): void => {
    const n = varint();
    let prev = 0;
    for (let k = 0; k < n; k++) {
      prev += varint();
      list.push(prev);
    }
  };
  while (p < buf.length) {
    out.rows.push(varint());
    out.weights.push(buf.readDoubleLE(p));
    p += 8;
    if (buf[p++] === 0) {
      out.ids.push(buf.readDoubleLE(p));
      p += 8;
    } else {
      const length = varint();
      out.ids.push(buf.toString('utf8', p, p + length));
      p += length;
    }
    out.attrStart.push(out.attrList.length);
    ascending(out.attrList);
    out.askedStart.push(out.askedList.length);
    ascending(out.askedList);
  }
  out.attrStart.push(out.attrList.length);
  out.askedStart.push(out.askedList.length);
  return out;
}

/**
 * Pass 2 for one partition: respondents ordered by weight (ascending; file order within a weight),
 * one weight class per distinct weight, each class on a 64-bit boundary, then the codec. A question
 * some respondent was asked without an answer the store keeps gets its record of who was asked:
 * those who answered it, and those.
 */
export function buildPartition(
  key: PartitionKey,
  bytes: Uint8Array,
  firstRespondentId: number,
  dictionary: AttributeDictionary,
  questions: readonly string[],
  compress: boolean,
): BuiltPartition {
  const s = readSpill(bytes);
  const count = s.rows.length;
  const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => s.weights[a] - s.weights[b] || s.rows[a] - s.rows[b]);
  const weightClasses: WeightClass[] = [];
  const bitOf = new Uint32Array(count);
  let bit = 0;
  for (let k = 0; k < count; k++) {
    const i = order[k];
    const last = weightClasses[weightClasses.length - 1];
    if (!last || last.weight !== s.weights[i]) {
      if (last) bit = M.ceil(bit / 64) * 64;
      weightClasses.push({ weight: s.weights[i], startBit: bit, count: 0 });
    }
    weightClasses[weightClasses.length - 1].count++;
    bitOf[i] = bit++;
  }
  const bitLength = M.ceil(bit / 64) * 64;
  const wordCount = bitLength >>> 5;
  const setBits = (map: Map<number, Uint32Array>, start: number[], list: number[]): void => {
    for (let i = 0; i < count; i++) {
      const b = bitOf[i];
      for (let k = start[i]; k < start[i + 1]; k++) {
        let words = map.get(list[k]);
        if (!words) {
          words = new Uint32Array(wordCount);
          map.set(list[k], words);
        }
        words[b >>> 5] |= 1 << (b & 31);
      }
    }
  };
  const attributes = new Map<number, Uint32Array>();
  setBits(attributes, s.attrStart, s.attrList);
  const askedWithoutAnswer = new Map<number, Uint32Array>();
  setBits(askedWithoutAnswer, s.askedStart, s.askedList);
  const asked = new Map<string, Uint32Array>();
  for (const [q, words] of askedWithoutAnswer) {
    for (const id of dictionary.idsOfQuestion(questions[q])) {
      const answered = attributes.get(id);
      if (answered) for (let w = 0; w < wordCount; w++) words[w] |= answered[w];
    }
    asked.set(questions[q], words);
  }
  const blob = encodePartition(
    { key, dictionaryHash: dictionary.hash, firstRespondentId, respondentCount: count, bitLength, weightClasses, attributes, asked },
    { compress },
  );
  return { key, respondentCount: count, firstRespondentId, weightClasses: weightClasses.length, blob, sourceIds: order.map((i) => s.ids[i]) };
}

/** Respondent ids seen so far, to find duplicates at the end: numbers in typed arrays (12 bytes each), strings in a map. */
export class IdRegistry {
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
