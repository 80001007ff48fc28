import { TextDecoder } from 'node:util';
import { ByteSource } from './byte-source';
import { inflateBlocks } from './zlib-blocks';
import type { MeasurementLevel, MissingValues, MultipleResponseSet, SurveyFile, SurveyRow, SurveyValue, SurveyVariable, ValueLabel } from './survey-file.types';

/*
 * A reader of SPSS system files (.sav) written from the format as PSPP documents it (the
 * "System File Format" appendix of the PSPP developers' guide). It reads the dictionary
 * (variables, variable and value labels, missing values, measurement levels, long names, very
 * long strings, multiple-response sets, the character encoding) and then streams the cases, one
 * at a time, uncompressed, bytecode-compressed, or ZLIB-compressed (.zsav, $FL3: the bytecode
 * stream deflated in blocks, inflated with Node's zlib as it streams in).
 */

const NUL = String.fromCharCode(0);
const REC_VARIABLE = 2;
const REC_VALUE_LABELS = 3;
const REC_VALUE_LABEL_VARS = 4;
const REC_DOCUMENT = 6;
const REC_EXTENSION = 7;
const REC_END = 999;

const EXT_MACHINE_INTEGER = 3;
const EXT_MACHINE_FLOAT = 4;
const EXT_MRSETS = 7;
const EXT_DISPLAY = 11;
const EXT_LONG_NAMES = 13;
const EXT_VERY_LONG_STRINGS = 14;
const EXT_MRSETS_V2 = 19;
const EXT_ENCODING = 20;
const EXT_LONG_STRING_LABELS = 21;

/** Code pages an old file may name in its machine-integer record, when it has no encoding record. */
const CODE_PAGES: Record<number, string> = {
  2: 'ascii',
  65001: 'utf-8',
  1252: 'windows-1252',
  28591: 'iso-8859-1',
  1250: 'windows-1250',
  1251: 'windows-1251',
};

/** One 8-byte slot of a case, as declared by a variable record (continuations included). */
interface RawVariable {
  slot: number;
  /** 0 numeric, >0 string width. */
  type: number;
  shortName: string;
  label: Buffer | null;
  missingCount: number;
  missingRaw: Buffer[];
  /** Slots this variable occupies (1 for numbers, ceil(width / 8) for strings). */
  slots: number;
}

interface PendingLabels {
  entries: { raw: Buffer; label: Buffer }[];
  slots: number[];
}

/** How to take one variable out of a case buffer. */
interface Extractor {
  type: 'numeric' | 'string';
  /** Numeric: byte offset of the value. Strings: byte ranges of the segments, in order. */
  offset: number;
  segments: { offset: number; length: number }[];
  width: number;
}

/**
 * Opens a .sav file from a byte stream: reads the dictionary now, streams the cases when
 * `rows()` is iterated (once). Memory: one case buffer, whatever the file size.
 */
export async function readSav(source: AsyncIterable<Uint8Array>): Promise<SurveyFile> {
  const src = new ByteSource(source);
  await src.need(176, 'the file header');
  const magic = src.bytes(4).toString('latin1');
  if (magic !== '$FL2' && magic !== '$FL3') throw new Error(`not an SPSS system file (starts with ${JSON.stringify(magic)}, expected "$FL2" or "$FL3")`);
  src.skip(60); // product name
  const layoutLE = src.int32();
  if (layoutLE !== 2 && layoutLE !== 3) {
    src.littleEndian = false;
    // Re-read the layout code big-endian: the whole file uses the writer's byte order.
  }
  const nominalCaseSize = src.int32();
  const compression = src.int32();
  const weightIndex = src.int32();
  const declaredCases = src.int32();
  const bias = src.float64();
  src.skip(9 + 8 + 64 + 3); // creation date, time, file label, padding
  if (compression !== 0 && compression !== 1 && compression !== 2) throw new Error(`unknown compression code ${compression}`);
  if ((compression === 2) !== (magic === '$FL3')) throw new Error(`the header says compression ${compression} in a ${magic} file`);

  const raw: RawVariable[] = [];
  const pendingLabels: PendingLabels[] = [];
  let slot = 0;
  let sysmis = -Number.MAX_VALUE;
  let encoding: string | null = null;
  let codePage: number | null = null;
  let measures: number[] = [];
  let displayPerVariable = 0;
  let longNames = '';
  let veryLongStrings = '';
  const mrsetRecords: Buffer[] = [];
  const longStringLabels: Buffer[] = [];

  for (;;) {
    await src.need(4, 'a record type');
    const recType = src.int32();
    if (recType === REC_VARIABLE) {
      await src.need(28, 'a variable record');
      const type = src.int32();
      const hasLabel = src.int32();
      const missingCount = src.int32();
      src.skip(8); // print and write formats
      const shortName = src.bytes(8).toString('latin1').trimEnd();
      let label: Buffer | null = null;
      if (hasLabel === 1) {
        await src.need(4, 'a variable label length');
        const length = src.int32();
        const padded = Math.ceil(length / 4) * 4;
        await src.need(padded, 'a variable label');
        label = src.bytes(length);
        src.skip(padded - length);
      }
      const missingRaw: Buffer[] = [];
      const n = Math.abs(missingCount);
      if (n > 0) {
        await src.need(n * 8, 'missing values');
        for (let i = 0; i < n; i++) missingRaw.push(src.bytes(8));
      }
      if (type === -1) {
        // A continuation of the previous string: it only takes a slot.
        const owner = raw[raw.length - 1];
        if (owner === undefined) throw new Error('string continuation record with no string before it');
        owner.slots++;
      } else {
        raw.push({ slot, type, shortName, label, missingCount, missingRaw, slots: 1 });
      }
      slot++;
    } else if (recType === REC_VALUE_LABELS) {
      await src.need(4, 'a value label count');
      const count = src.int32();
      const entries: PendingLabels['entries'] = [];
      for (let i = 0; i < count; i++) {
        await src.need(9, 'a value label');
        const value = src.bytes(8);
        const length = src.uint8();
        const padded = Math.ceil((length + 1) / 8) * 8 - 1;
        await src.need(padded, 'a value label');
        const label = src.bytes(length);
        src.skip(padded - length);
        entries.push({ raw: value, label });
      }
      await src.need(8, 'the variables of a value label set');
      if (src.int32() !== REC_VALUE_LABEL_VARS) throw new Error('a value label record is not followed by its variable record (type 4)');
      const varCount = src.int32();
      await src.need(varCount * 4, 'the variables of a value label set');
      const slots: number[] = [];
      for (let i = 0; i < varCount; i++) slots.push(src.int32() - 1);
      pendingLabels.push({ entries, slots });
    } else if (recType === REC_DOCUMENT) {
      await src.need(4, 'a document record');
      const lines = src.int32();
      await src.need(lines * 80, 'a document record');
      src.skip(lines * 80);
    } else if (recType === REC_EXTENSION) {
      await src.need(12, 'an extension record header');
      const subtype = src.int32();
      const size = src.int32();
      const count = src.int32();
      const length = size * count;
      await src.need(length, `extension record ${subtype}`);
      const data = src.bytes(length);
      const view = (i: number): number => (src.littleEndian ? data.readInt32LE(i * 4) : data.readInt32BE(i * 4));
      if (subtype === EXT_MACHINE_INTEGER && count >= 8) codePage = view(7);
      else if (subtype === EXT_MACHINE_FLOAT && count >= 1) sysmis = src.littleEndian ? data.readDoubleLE(0) : data.readDoubleBE(0);
      else if (subtype === EXT_DISPLAY) {
        measures = Array.from({ length: count }, (_, i) => view(i));
      } else if (subtype === EXT_LONG_NAMES) longNames = data.toString('latin1');
      else if (subtype === EXT_VERY_LONG_STRINGS) veryLongStrings = data.toString('latin1');
      else if (subtype === EXT_MRSETS || subtype === EXT_MRSETS_V2) mrsetRecords.push(data);
      else if (subtype === EXT_ENCODING) encoding = data.toString('latin1').trim();
      else if (subtype === EXT_LONG_STRING_LABELS) longStringLabels.push(data);
      displayPerVariable = subtype === EXT_DISPLAY ? count : displayPerVariable;
    } else if (recType === REC_END) {
      await src.need(4, 'the dictionary end');
      src.skip(4);
      break;
    } else {
      throw new Error(`unknown record type ${recType} at offset ${src.offset - 4}`);
    }
  }

  const data = compression === 2 ? await zlibData(src) : src;
  const encodingName = encoding ?? (codePage !== null ? (CODE_PAGES[codePage] ?? 'windows-1252') : 'windows-1252');
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encodingName);
  } catch {
    throw new Error(`the file's character encoding ${encodingName} is not supported`);
  }
  const text = (b: Buffer): string => decoder.decode(b);
  const caseSlots = nominalCaseSize > 0 ? nominalCaseSize : slot;
  if (caseSlots !== slot) throw new Error(`the header announces ${caseSlots} slots per case, the variable records take ${slot}`);

  // Very long strings: a variable of width W is stored as ceil(W / 252) segment variables, the
  // first named in the record, each holding up to 255 bytes of the value.
  const segmentsOf = new Map<string, number>();
  for (const entry of veryLongStrings.split('\u0000\t')) {
    const [name, width] = entry.split(NUL).join('').split('=');
    if (name && width) segmentsOf.set(name.toUpperCase(), Number(width));
  }
  const longNameOf = new Map<string, string>();
  for (const pair of longNames.split('\t')) {
    const at = pair.indexOf('=');
    if (at > 0) longNameOf.set(pair.slice(0, at).toUpperCase(), pair.slice(at + 1));
  }
  const dataBytes = (raw: Buffer): number => (src.littleEndian ? raw.readDoubleLE(0) : raw.readDoubleBE(0));

  const variables: SurveyVariable[] = [];
  const extractors: Extractor[] = [];
  const bySlot = new Map<number, SurveyVariable>();
  const byShortName = new Map<string, SurveyVariable>();
  let displayIndex = 0;
  const measureStride = displayPerVariable > 0 && raw.length > 0 ? Math.round(measures.length / raw.length) : 0;
  for (let i = 0; i < raw.length; i++) {
    const r = raw[i];
    const longWidth = r.type > 0 ? segmentsOf.get(r.shortName.toUpperCase()) : undefined;
    const segmentVars = longWidth !== undefined ? [r, ...raw.slice(i + 1, i + Math.ceil(longWidth / 252))] : [r];
    const width = longWidth ?? Math.max(0, r.type);
    const measureCode = measureStride > 0 ? measures[displayIndex * measureStride] : 0;
    displayIndex += segmentVars.length;
    const variable: SurveyVariable = {
      index: variables.length,
      name: longNameOf.get(r.shortName.toUpperCase()) ?? r.shortName,
      label: r.label ? text(r.label) : '',
      type: r.type === 0 ? 'numeric' : 'string',
      width,
      measure: measureOf(measureCode, measureStride > 0),
      valueLabels: [],
      missing: missingOf(r, text, dataBytes),
    };
    variables.push(variable);
    bySlot.set(r.slot, variable);
    byShortName.set(r.shortName.toUpperCase(), variable);
    if (r.type === 0) {
      extractors.push({ type: 'numeric', offset: r.slot * 8, segments: [], width: 0 });
    } else {
      let left = width;
      const segments = segmentVars.map((s) => {
        const length = Math.min(left, segmentVars.length > 1 ? 255 : width);
        left -= length;
        return { offset: s.slot * 8, length };
      });
      extractors.push({ type: 'string', offset: r.slot * 8, segments, width });
    }
    i += segmentVars.length - 1;
  }

  for (const set of pendingLabels) {
    const targets = set.slots.map((s) => bySlot.get(s)).filter((v): v is SurveyVariable => v !== undefined);
    for (const variable of targets) {
      variable.valueLabels = set.entries.map((e): ValueLabel => ({
        value: variable.type === 'numeric' ? dataBytes(e.raw) : trimString(text(e.raw)),
        label: text(e.label),
      }));
    }
  }
  for (const data of longStringLabels) readLongStringLabels(data, src.littleEndian, text, variables);

  const weightVariable = weightIndex > 0 ? (bySlot.get(weightIndex - 1)?.name ?? null) : null;
  // Parsed byte for byte (its lengths count bytes); the labels are then decoded in the file's encoding like every other label.
  const mrsetText = mrsetRecords.map((data) => `${data.toString('latin1')}\n`).join('');
  const multipleResponseSets = parseMrsets(mrsetText, (short) => byShortName.get(short.toUpperCase())?.name ?? short).map((set) => ({
    ...set,
    label: text(Buffer.from(set.label, 'latin1')),
  }));

  const caseBytes = caseSlots * 8;
  let consumed = false;
  return {
    metadata: {
      format: 'sav',
      encoding: encodingName,
      weightVariable,
      declaredRows: declaredCases >= 0 ? declaredCases : null,
      variables,
      multipleResponseSets,
    },
    rows(): AsyncIterable<SurveyRow> {
      if (consumed) throw new Error('the rows of a .sav file can be read once');
      consumed = true;
      const caseBuffer = Buffer.alloc(caseBytes);
      const readCase = compression === 0 ? rawReader(data, caseBuffer, caseBytes) : bytecodeReader(data, caseBuffer, caseSlots, bias, sysmis);
      return {
        async *[Symbol.asyncIterator]() {
          let rowNumber = 0;
          try {
            while (await readCase()) {
              rowNumber++;
              const values: SurveyValue[] = new Array(extractors.length);
              for (let v = 0; v < extractors.length; v++) {
                const x = extractors[v];
                if (x.type === 'numeric') {
                  const d = src.littleEndian ? caseBuffer.readDoubleLE(x.offset) : caseBuffer.readDoubleBE(x.offset);
                  // -0 (written by some programs for a truncated negative) is 0 to everyone reading the data.
                  values[v] = d === sysmis || Number.isNaN(d) ? null : d === 0 ? 0 : d;
                } else {
                  const s =
                    x.segments.length === 1
                      ? decoder.decode(caseBuffer.subarray(x.offset, x.offset + x.width))
                      : decoder.decode(Buffer.concat(x.segments.map((g) => caseBuffer.subarray(g.offset, g.offset + g.length))));
                  const trimmed = trimString(s);
                  values[v] = trimmed === '' ? null : trimmed;
                }
              }
              yield { rowNumber, values };
            }
          } finally {
            await data.close();
            if (data !== src) await src.close();
          }
        },
      };
    },
  };
}

/**
 * The ZLIB data header of a .zsav file (right after the dictionary: its own offset, the trailer's
 * offset and length, as 64-bit integers), and a source of the inflated bytecode stream.
 */
async function zlibData(src: ByteSource): Promise<ByteSource> {
  await src.need(24, 'the ZLIB data header');
  const header = src.bytes(24);
  const int64 = (at: number): number => Number(src.littleEndian ? header.readBigInt64LE(at) : header.readBigInt64BE(at));
  const headerOffset = int64(0);
  const trailerOffset = int64(8);
  if (headerOffset !== src.offset - 24) throw new Error(`corrupt .zsav file: the ZLIB header says it is at ${headerOffset}, it is at ${src.offset - 24}`);
  if (trailerOffset < src.offset) throw new Error(`corrupt .zsav file: the ZLIB trailer offset ${trailerOffset} is before the data`);
  const data = new ByteSource(inflateBlocks(src, trailerOffset));
  data.littleEndian = src.littleEndian;
  return data;
}

/** Strings are padded with spaces (and, in some writers, NULs) to their width. */
function trimString(s: string): string {
  let end = s.length;
  while (end > 0 && (s[end - 1] === ' ' || s[end - 1] === NUL)) end--;
  return end === s.length ? s : s.slice(0, end);
}

function measureOf(code: number, known: boolean): MeasurementLevel {
  if (!known) return 'unknown';
  if (code === 2) return 'ordinal';
  if (code === 3) return 'scale';
  return 'nominal';
}

function missingOf(r: RawVariable, text: (b: Buffer) => string, number: (b: Buffer) => number): MissingValues {
  const missing: MissingValues = { values: [], range: null };
  if (r.missingCount === 0) return missing;
  if (r.type !== 0) {
    missing.values = r.missingRaw.map((b) => trimString(text(b)));
    return missing;
  }
  const values = r.missingRaw.map(number);
  if (r.missingCount < 0) {
    missing.range = { low: values[0], high: values[1] };
    missing.values = values.slice(2);
  } else {
    missing.values = values;
  }
  return missing;
}

function readLongStringLabels(data: Buffer, le: boolean, text: (b: Buffer) => string, variables: SurveyVariable[]): void {
  const int = (at: number): number => (le ? data.readInt32LE(at) : data.readInt32BE(at));
  let p = 0;
  while (p + 4 <= data.length) {
    const nameLength = int(p);
    const name = data.subarray(p + 4, p + 4 + nameLength).toString('latin1');
    p += 4 + nameLength;
    p += 4; // width
    const count = int(p);
    p += 4;
    const labels: ValueLabel[] = [];
    for (let i = 0; i < count; i++) {
      const valueLength = int(p);
      const value = trimString(text(data.subarray(p + 4, p + 4 + valueLength)));
      p += 4 + valueLength;
      const labelLength = int(p);
      labels.push({ value, label: text(data.subarray(p + 4, p + 4 + labelLength)) });
      p += 4 + labelLength;
    }
    const variable = variables.find((v) => v.name.toUpperCase() === name.toUpperCase());
    if (variable) variable.valueLabels = labels;
  }
}

/** Parses MRSETS lines: `$name=D<n> <value> <n> <label> var var...` or `$name=C <n> <label> var...` (E like D). */
function parseMrsets(textValue: string, nameOf: (short: string) => string): MultipleResponseSet[] {
  const sets: MultipleResponseSet[] = [];
  for (const line of textValue.split('\n')) {
    const eq = line.indexOf('=');
    if (!line.startsWith('$') || eq < 0) continue;
    const name = line.slice(0, eq);
    let rest = line.slice(eq + 1);
    const kindChar = rest[0];
    rest = rest.slice(1);
    let countedValue: string | null = null;
    const counted = (): string => {
      const m = /^ ?(\d+) /.exec(rest);
      if (!m) return '';
      const length = Number(m[1]);
      const value = rest.slice(m[0].length, m[0].length + length);
      rest = rest.slice(m[0].length + length);
      return value;
    };
    if (kindChar === 'E') {
      const m = /^ (\d+) /.exec(rest);
      if (m) rest = rest.slice(m[0].length - 1);
    }
    if (kindChar === 'D' || kindChar === 'E') {
      // D is followed directly by the counted value's length digits.
      const m = /^(\d+) /.exec(rest);
      if (m) {
        const length = Number(m[1]);
        countedValue = rest.slice(m[0].length, m[0].length + length).trim();
        rest = rest.slice(m[0].length + length);
      } else {
        countedValue = counted().trim();
      }
    }
    const label = counted();
    const variables = rest.trim().split(/\s+/).filter(Boolean).map(nameOf);
    sets.push({
      name,
      label,
      kind: kindChar === 'C' ? 'category' : 'dichotomy',
      countedValue: countedValue === null ? null : /^-?\d+(\.\d+)?$/.test(countedValue) ? Number(countedValue) : countedValue,
      variables,
    });
  }
  return sets;
}

/** Uncompressed data: every case is exactly caseBytes bytes. */
function rawReader(src: ByteSource, caseBuffer: Buffer, caseBytes: number): () => Promise<boolean> {
  return async () => {
    if (src.available < caseBytes && !(await src.fill(caseBytes))) {
      if (src.available === 0) return false;
      throw new Error(`truncated file: the last case has ${src.available} of ${caseBytes} bytes`);
    }
    src.copyTo(caseBuffer, 0, caseBytes);
    return true;
  };
}

/**
 * Bytecode-compressed data: blocks of 8 command bytes, each followed by the 8-byte values its
 * 253 codes announce. Every slot of the case is written to caseBuffer as the uncompressed file
 * would hold it, so the extraction is the same for both forms. Command blocks run across cases.
 */
function bytecodeReader(src: ByteSource, caseBuffer: Buffer, caseSlots: number, bias: number, sysmis: number): () => Promise<boolean> {
  const commands = Buffer.alloc(8);
  let next = 8;
  let finished = false;
  const le = src.littleEndian;
  const spaces = Buffer.alloc(8, 0x20);
  return async () => {
    if (finished) return false;
    for (let s = 0; s < caseSlots; s++) {
      let code = 0;
      do {
        if (next === 8) {
          if (src.available < 8 && !(await src.fill(8))) {
            if (s === 0 && src.available === 0) {
              finished = true;
              return false;
            }
            throw new Error(`truncated file: a compressed case ends after ${s} of ${caseSlots} values`);
          }
          src.copyTo(commands, 0, 8);
          next = 0;
        }
        code = commands[next++];
      } while (code === 0);
      const at = s * 8;
      if (code <= 251) {
        if (le) caseBuffer.writeDoubleLE(code - bias, at);
        else caseBuffer.writeDoubleBE(code - bias, at);
      } else if (code === 253) {
        if (src.available < 8 && !(await src.fill(8))) throw new Error('truncated file: a compressed value is missing');
        src.copyTo(caseBuffer, at, 8);
      } else if (code === 254) {
        spaces.copy(caseBuffer, at);
      } else if (code === 255) {
        if (le) caseBuffer.writeDoubleLE(sysmis, at);
        else caseBuffer.writeDoubleBE(sysmis, at);
      } else {
        // 252: end of data.
        if (s !== 0) throw new Error(`the data ends (code 252) in the middle of a case, after ${s} of ${caseSlots} values`);
        finished = true;
        return false;
      }
    }
    return true;
  };
}
