import { buildAttributeDictionary, AttributeDictionary } from '@aas/respondent-store-domain';
import { buildCatalogue, DATASET_COVERAGE, LOCATION_SAMPLE_WEIGHT, LOCATIONS, POPULATIONS, WAVES } from './catalogue';
import type { Catalogue } from './demo.types';
import { encodePartition, EncodeOptions, setRange } from '@aas/respondent-store-domain';
import type { DecodedPartition, PartitionKey, WeightClass } from '@aas/respondent-store-domain';
import { AGE_GROUPS, hash32, PROFILE_COUNT, profileIndex, Rng, sigmoid } from './survey-model';
import {
  compileProgram,
  OP_AGE,
  OP_FAVOURITE,
  OP_FUNNEL,
  OP_GENDER,
  OP_INCOME,
  OP_MULTI,
  OP_PARENT,
  OP_PERCEPTION,
  OP_SCALE,
  OP_SINGLE,
  tablesFor,
  type Program,
} from './survey-program';

/** Global lookups are slow inside jest's vm context (10x on the hot loops); a module-local alias is not. */
const M = Math;

export interface SurveyOptions {
  respondents: number;
  seed: number;
}

export interface PartitionPlan {
  key: PartitionKey;
  /** Position in `plan` (generation order). */
  index: number;
  firstRespondentId: number;
  respondentCount: number;
}

export interface EncodedPartition {
  key: PartitionKey;
  respondentCount: number;
  blob: Buffer;
}

export interface Survey {
  options: SurveyOptions;
  catalogue: Catalogue;
  /** One attribute dictionary per dataset code. */
  dictionaries: Record<string, AttributeDictionary>;
  /** Every partition with its size and respondent id range; sizes sum to `options.respondents`. */
  plan: PartitionPlan[];
  /** Generates one partition (independent of the others: its stream is seeded from (seed, key)). */
  generatePartition(plan: PartitionPlan): DecodedPartition;
  /** Generates the partitions one at a time, in plan order. */
  partitions(): Generator<DecodedPartition>;
  /** Generates and encodes the partitions one at a time, in plan order. */
  encodedPartitions(options?: EncodeOptions): Generator<EncodedPartition>;
}

/** Compiled programs depend on the (fixed) catalogue only, so they are shared across generations. */
const PROGRAMS = new Map<string, Program>();

/** Minimum respondents per partition: one per weighting cell (10 cells), so every cell's population is represented. */
const CELLS = 10;
const MIN_PER_PARTITION = CELLS;

/**
 * Generates the demo survey: a fixed catalogue and `respondents` respondents split into partitions.
 * Deterministic: the same options give the same data byte for byte. Respondents are produced
 * lazily, partition by partition, so 2M respondents are never held in memory at once.
 */
export function generateSurvey(options: SurveyOptions): Survey {
  const { catalogue, defs } = buildCatalogue();
  const dictionaries: Record<string, AttributeDictionary> = {};
  for (const d of catalogue.datasets) {
    dictionaries[d.code] = buildAttributeDictionary(catalogue, d.code);
  }
  const plan = planPartitions(options.respondents);
  const programOf = (dataset: string): Program => {
    const dict = dictionaries[dataset];
    const cacheKey = `${dataset}:${dict.hash}`;
    let program = PROGRAMS.get(cacheKey);
    if (!program) {
      program = compileProgram(
        defs.filter((q) => q.datasets.includes(dataset)),
        dict,
      );
      PROGRAMS.set(cacheKey, program);
    }
    return program;
  };
  const generatePartition = (p: PartitionPlan): DecodedPartition => runPartition(p, options.seed, programOf(p.key.dataset), dictionaries[p.key.dataset]);
  return {
    options,
    catalogue,
    dictionaries,
    plan,
    generatePartition,
    *partitions() {
      for (const p of plan) yield generatePartition(p);
    },
    *encodedPartitions(encodeOptions?: EncodeOptions) {
      for (const p of plan) {
        yield { key: p.key, respondentCount: p.respondentCount, blob: encodePartition(generatePartition(p), encodeOptions) };
      }
    },
  };
}

/** Splits N respondents over datasets and partitions (largest remainder, so the sizes are exact and deterministic). */
export function planPartitions(respondents: number): PartitionPlan[] {
  const cells: { key: PartitionKey; weight: number }[] = [];
  for (const [dataset, coverage] of Object.entries(DATASET_COVERAGE)) {
    let datasetWeight = 0;
    const own: { key: PartitionKey; weight: number }[] = [];
    for (const wave of coverage.waves) {
      const waveIndex = WAVES.findIndex((w) => w.code === wave);
      for (const location of coverage.locations) {
        const weight = LOCATION_SAMPLE_WEIGHT[location] * (1 + 0.03 * waveIndex);
        own.push({ key: { dataset, wave, location }, weight });
        datasetWeight += weight;
      }
    }
    for (const c of own) cells.push({ key: c.key, weight: (c.weight / datasetWeight) * coverage.share });
  }
  const spare = respondents - MIN_PER_PARTITION * cells.length;
  if (!Number.isInteger(respondents) || spare < 0) {
    throw new Error(`respondents must be an integer >= ${MIN_PER_PARTITION * cells.length} (one per weighting cell of every partition)`);
  }
  const totalWeight = cells.reduce((s, c) => s + c.weight, 0);
  const exact = cells.map((c) => (c.weight / totalWeight) * spare);
  const sizes = exact.map(M.floor);
  let left = spare - sizes.reduce((s, n) => s + n, 0);
  const order = exact.map((e, i) => ({ r: e - M.floor(e), i })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k++, left--) sizes[order[k].i]++;
  let next = 1;
  return cells.map((c, index) => {
    const respondentCount = sizes[index] + MIN_PER_PARTITION;
    const p = { key: c.key, index, firstRespondentId: next, respondentCount };
    next += respondentCount;
    return p;
  });
}

// ---------------------------------------------------------------------------------------------
// Respondents.

const AGE_SAMPLE_SKEW = [1.3, 1.2, 1.0, 0.85, 0.7];
const PARENT_BY_AGE = [0.07, 0.4, 0.66, 0.5, 0.18];
const INCOME_BY_AGE = [
  [0.5, 0.33],
  [0.33, 0.36],
  [0.27, 0.34],
  [0.27, 0.33],
  [0.34, 0.33],
];
const TECH_BY_AGE = [
  [0.12, 0.43],
  [0.17, 0.38],
  [0.27, 0.3],
  [0.38, 0.22],
  [0.48, 0.15],
];

function runPartition(plan: PartitionPlan, seed: number, program: Program, dict: AttributeDictionary): DecodedPartition {
  const { key, respondentCount: n } = plan;
  const rng = new Rng(M.imul(seed | 0, 0x9e3779b1) ^ hash32(`${key.dataset}/${key.wave}/${key.location}`));
  // Questions with a stream of their own (added later) draw here, so the shared stream stays as it was.
  const ownRng = new Rng(M.imul(seed | 0, 0x85ebca6b) ^ hash32(`own/${key.dataset}/${key.wave}/${key.location}`));
  const location = LOCATIONS.find((l) => l.code === key.location);
  const waveIndex = WAVES.findIndex((w) => w.code === key.wave);
  const population = POPULATIONS.find((p) => p.location_code === key.location && p.wave_code === key.wave)?.population;
  if (!location || waveIndex < 0 || population === undefined) throw new Error(`unknown partition ${JSON.stringify(key)}`);

  // Weighting cells (age x gender): population share vs a skewed online-panel sample share.
  const cellPop = new Float64Array(CELLS);
  const cellDraw = new Float64Array(CELLS);
  let drawSum = 0;
  for (let a = 0; a < 5; a++)
    for (let g = 0; g < 2; g++) {
      const share = location.age_shares[AGE_GROUPS[a]] * (g === 1 ? location.female_share : 1 - location.female_share);
      cellPop[a * 2 + g] = population * share;
      drawSum += share * AGE_SAMPLE_SKEW[a] * (g === 1 ? 1.06 : 0.94);
      cellDraw[a * 2 + g] = drawSum;
    }
  const counts = new Int32Array(CELLS).fill(1);
  for (let i = CELLS; i < n; i++) {
    const r = rng.next() * drawSum;
    let c = 0;
    while (c < CELLS - 1 && r >= cellDraw[c]) c++;
    counts[c]++;
  }
  const weightClasses: WeightClass[] = [];
  let bit = 0;
  for (let c = 0; c < CELLS; c++) {
    weightClasses.push({ weight: cellPop[c] / counts[c], startBit: bit, count: counts[c] });
    bit = M.ceil((bit + counts[c]) / 64) * 64;
  }
  const bitLength = bit;
  const wordCount = bitLength >>> 5;
  const store = new Uint32Array(program.attributeCount * wordCount);
  const askedStore = new Uint32Array(program.trackedAsked * wordCount);
  const opTables = program.ops.map((op) => tablesFor(op, key.location, waveIndex));
  const tables = opTables.map((t) => t.tables);
  const ready = new Uint8Array(PROFILE_COUNT);
  const gamerShift = key.dataset === 'gaming' ? 1.6 : 0;
  const has = (attr: number, wi: number, mask: number) => (store[attr * wordCount + wi] & mask) !== 0;

  for (let c = 0; c < CELLS; c++) {
    const age = c >> 1;
    const gender = c & 1;
    const cls = weightClasses[c];
    for (let j = 0; j < cls.count; j++) {
      const b = cls.startBit + j;
      const wi = b >>> 5;
      const mask = 1 << (b & 31);
      const parent = rng.next() < PARENT_BY_AGE[age] * (gender === 1 ? 1.05 : 0.95) ? 1 : 0;
      const ri = rng.next();
      const income = ri < INCOME_BY_AGE[age][0] - (gender === 0 ? 0.03 : 0) ? 0 : ri < INCOME_BY_AGE[age][0] + INCOME_BY_AGE[age][1] ? 1 : 2;
      const rt = rng.next();
      const tech = rt < TECH_BY_AGE[age][0] ? 0 : rt < 1 - TECH_BY_AGE[age][1] - (gender === 0 ? 0.05 : 0) ? 1 : 2;
      const gamer = rng.next() < sigmoid(-0.9 - 1.1 * (age / 2 - 1) + (gender === 0 ? 0.5 : -0.5) + 0.5 * (tech - 1) + gamerShift) ? 1 : 0;
      const profile = profileIndex(age, gender, parent, income, tech, gamer);
      if (ready[profile] === 0) {
        for (const t of opTables) t.fill(profile);
        ready[profile] = 1;
      }

      for (let o = 0; o < program.ops.length; o++) {
        const op = program.ops[o];
        const attrs = op.attrs;
        if (op.gate.length > 0) {
          let asked = false;
          for (let g = 0; g < op.gate.length; g++) if (has(op.gate[g], wi, mask)) asked = true;
          if (!asked) continue;
        }
        if (op.askedSlot >= 0) {
          let asked = !op.askedByRows;
          for (let r = 0; r < op.rows && !asked; r++) asked = op.rowGate[r] < 0 || has(op.rowGate[r], wi, mask);
          if (asked) askedStore[op.askedSlot * wordCount + wi] |= mask;
        }
        const draw = op.def.ownStream ? ownRng : rng;
        switch (op.type) {
          case OP_GENDER:
            store[attrs[gender] * wordCount + wi] |= mask;
            break;
          case OP_AGE:
            store[attrs[age] * wordCount + wi] |= mask;
            break;
          case OP_PARENT:
            store[attrs[parent] * wordCount + wi] |= mask;
            break;
          case OP_INCOME:
            store[attrs[income] * wordCount + wi] |= mask;
            break;
          case OP_SINGLE: {
            const t = tables[o][0];
            const base = profile * op.rows;
            const r = draw.next();
            let k = 0;
            while (k < op.rows - 1 && r >= t[base + k]) k++;
            store[attrs[k] * wordCount + wi] |= mask;
            break;
          }
          case OP_MULTI: {
            const t = tables[o][0];
            const base = profile * op.rows;
            let any = false;
            for (let k = 0; k < op.rows; k++) {
              if (k === op.noneIndex) continue;
              if (draw.next() < t[base + k]) {
                store[attrs[k] * wordCount + wi] |= mask;
                any = true;
              }
            }
            if (op.noneIndex >= 0 && !any) store[attrs[op.noneIndex] * wordCount + wi] |= mask;
            break;
          }
          case OP_SCALE: {
            const t = tables[o][0];
            const s = op.width;
            for (let r = 0; r < op.rows; r++) {
              if (op.rowGate[r] >= 0 && !has(op.rowGate[r], wi, mask)) continue;
              const base = (profile * op.rows + r) * s;
              const x = draw.next();
              let k = 0;
              while (k < s - 1 && x >= t[base + k]) k++;
              store[attrs[r * s + k] * wordCount + wi] |= mask;
            }
            break;
          }
          case OP_FUNNEL: {
            const [aware, consider, use] = tables[o];
            const base = profile * op.rows;
            for (let r = 0; r < op.rows; r++) {
              if (draw.next() >= aware[base + r]) continue;
              store[attrs[r * 3] * wordCount + wi] |= mask;
              if (draw.next() >= consider[base + r]) continue;
              store[attrs[r * 3 + 1] * wordCount + wi] |= mask;
              if (draw.next() < use[base + r]) store[attrs[r * 3 + 2] * wordCount + wi] |= mask;
            }
            break;
          }
          case OP_PERCEPTION: {
            const s = op.width;
            for (let r = 0; r < op.rows; r++) {
              if (!has(op.rowGate[r], wi, mask)) continue;
              const t = has(op.rowUsed[r], wi, mask) ? tables[o][1] : tables[o][0];
              const base = (profile * op.rows + r) * s;
              for (let k = 0; k < s; k++) if (draw.next() < t[base + k]) store[attrs[r * s + k] * wordCount + wi] |= mask;
            }
            break;
          }
          case OP_FAVOURITE: {
            const t = tables[o][0];
            const base = profile * op.rows;
            let sum = 0;
            for (let r = 0; r < op.rows; r++) if (op.rowUsed[r] >= 0 && has(op.rowUsed[r], wi, mask)) sum += t[base + r];
            let pick = op.noneIndex;
            if (sum > 0) {
              let x = draw.next() * sum;
              for (let r = 0; r < op.rows; r++) {
                if (op.rowUsed[r] < 0 || !has(op.rowUsed[r], wi, mask)) continue;
                pick = r;
                x -= t[base + r];
                if (x < 0) break;
              }
            }
            store[attrs[pick] * wordCount + wi] |= mask;
            break;
          }
        }
      }
    }
  }

  const universe = new Uint32Array(wordCount);
  for (const c of weightClasses) setRange(universe, c.startBit, c.startBit + c.count);
  const asked = askedRecords(program, store, askedStore, universe);
  const attributes = new Map<number, Uint32Array>();
  for (let a = 0; a < program.attributeCount; a++) {
    const words = store.subarray(a * wordCount, (a + 1) * wordCount);
    let nonEmpty = false;
    for (let i = 0; i < wordCount; i++)
      if (words[i] !== 0) {
        nonEmpty = true;
        break;
      }
    if (nonEmpty) attributes.set(a, words);
  }
  const weights = new Float64Array(bitLength);
  for (const c of weightClasses) weights.fill(c.weight, c.startBit, c.startBit + c.count);
  return {
    key,
    dictionaryHash: dict.hash,
    firstRespondentId: plan.firstRespondentId,
    respondentCount: n,
    bitLength,
    wordCount,
    weightClasses,
    weights,
    universe,
    attributes,
    asked,
  };
}

/**
 * Who was asked each question, where that differs from who answered it: a multiple-response
 * question with nothing chosen, a routed grid row without a statement picked. Routed questions
 * were asked of those their gate let through, the others of everyone in the partition.
 */
function askedRecords(program: Program, store: Uint32Array, askedStore: Uint32Array, universe: Uint32Array): Map<string, Uint32Array> {
  const wordCount = universe.length;
  const asked = new Map<string, Uint32Array>();
  const answered = new Uint32Array(wordCount);
  for (const op of program.ops) {
    answered.fill(0);
    for (let k = 0; k < op.attrs.length; k++) {
      const offset = op.attrs[k] * wordCount;
      for (let i = 0; i < wordCount; i++) answered[i] |= store[offset + i];
    }
    const record = op.askedSlot >= 0 ? askedStore.subarray(op.askedSlot * wordCount, (op.askedSlot + 1) * wordCount) : universe;
    let same = true;
    for (let i = 0; i < wordCount && same; i++) same = record[i] === answered[i];
    if (!same) asked.set(op.def.code, record);
  }
  return asked;
}
