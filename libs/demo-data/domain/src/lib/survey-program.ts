import type { AttributeDictionary } from '@aas/respondent-store-domain';
import type { DpDef, QuestionDef } from './question-definitions';
import { Effects, hashUnit, logit, PROFILE_COUNT, PROFILE_Z, sigmoid } from './survey-model';

/*
 * The demo survey's generator program: each question compiled once per dataset into an op (its
 * attribute ids resolved, its model's parameters kept per item), and per partition the
 * probability tables the generator's hot loop looks up and draws from.
 */

/** Global lookups are slow inside jest's vm context (10x on the hot loops); a module-local alias is not. */
const M = Math;
// ---------------------------------------------------------------------------------------------
// Compiled program: one op per question, attribute ids resolved, model parameters kept per item.

export const OP_GENDER = 0;
export const OP_AGE = 1;
export const OP_PARENT = 2;
export const OP_INCOME = 3;
export const OP_SINGLE = 4;
export const OP_MULTI = 5;
export const OP_SCALE = 6;
export const OP_FUNNEL = 7;
export const OP_PERCEPTION = 8;
export const OP_FAVOURITE = 9;

export interface Op {
  type: number;
  def: QuestionDef;
  /** Attribute ids: per datapoint (single/multi), per datapoint x suffix (grids). */
  attrs: Int32Array;
  rows: number;
  /** Suffix count for grids, else 1. */
  width: number;
  /** Question-level routing: asked if any of these attributes is set. */
  gate: Int32Array;
  /** Row-level routing (grids): row asked if this attribute is set (-1: always). */
  rowGate: Int32Array;
  /** Perception/favourite: the funnel's "used" attribute per row. */
  rowUsed: Int32Array;
  /** Who was asked is tracked (routed questions: the gate, or any row's gate): its slot, else -1 (everyone). */
  askedSlot: number;
  /** Asked when any row is (grids with row routing); else when the gate lets the respondent through. */
  askedByRows: boolean;
  noneIndex: number;
  /** dot(datapoint effects, profile traits), [row x PROFILE_COUNT]: the seed- and market-independent part of every logit. */
  dots: Float64Array;
  /** Probability tables, reused from partition to partition (every profile row is refilled before use). */
  buffers: Float64Array[];
}

export interface Program {
  ops: Op[];
  attributeCount: number;
  /** Ops whose askedSlot >= 0. */
  trackedAsked: number;
}

export function compileProgram(defs: QuestionDef[], dict: AttributeDictionary): Program {
  const id = (q: string, dp: string, s: string | null = null): number => {
    const v = dict.idOf(q, dp, s);
    if (v === undefined) throw new Error(`no attribute ${q}/${dp}/${s} in dataset ${dict.dataset}`);
    return v;
  };
  let trackedAsked = 0;
  const ops: Op[] = defs.map((def) => {
    const width = M.max(1, def.suffixes.length);
    const attrs = new Int32Array(def.datapoints.length * width);
    def.datapoints.forEach((dp, r) => {
      for (let s = 0; s < width; s++) attrs[r * width + s] = id(def.code, dp.code, def.suffixes.length ? String(s + 1) : null);
    });
    const gate = new Int32Array(def.askedIf ? def.askedIf.datapoints.map((d) => id(def.askedIf?.question ?? '', d)) : []);
    const rowGate = new Int32Array(def.datapoints.length).fill(-1);
    const rowUsed = new Int32Array(def.datapoints.length).fill(-1);
    if (def.rowsFrom) def.datapoints.forEach((dp, r) => (rowGate[r] = id(def.rowsFrom ?? '', dp.code)));
    const m = def.model;
    if (m.type === 'perception' || m.type === 'favourite') {
      def.datapoints.forEach((dp, r) => {
        if (m.type === 'favourite' && dp.code === m.none) return;
        rowGate[r] = id(m.funnel, dp.code, '1');
        rowUsed[r] = id(m.funnel, dp.code, '3');
      });
    }
    const type = {
      gender: OP_GENDER,
      age: OP_AGE,
      parent: OP_PARENT,
      income: OP_INCOME,
      single: OP_SINGLE,
      multi: OP_MULTI,
      scale: OP_SCALE,
      funnel: OP_FUNNEL,
      perception: OP_PERCEPTION,
      favourite: OP_FAVOURITE,
    }[m.type];
    let noneIndex = -1;
    if (m.type === 'favourite') noneIndex = def.datapoints.findIndex((d) => d.code === m.none);
    if (m.type === 'multi') noneIndex = def.datapoints.findIndex((d) => d.code === 'none' || d.code === 'no_pets');
    const dots = new Float64Array(def.datapoints.length * PROFILE_COUNT);
    def.datapoints.forEach((dp, r) => {
      for (let p = 0; p < PROFILE_COUNT; p++) dots[r * PROFILE_COUNT + p] = dot(dp.fx, p);
    });
    const askedByRows = (type === OP_SCALE || type === OP_PERCEPTION) && rowGate.some((g) => g >= 0);
    const askedSlot = gate.length > 0 || askedByRows ? trackedAsked++ : -1;
    return { type, def, attrs, rows: def.datapoints.length, width, gate, rowGate, rowUsed, askedSlot, askedByRows, noneIndex, dots, buffers: [] };
  });
  return { ops, attributeCount: dict.attributes.length, trackedAsked };
}

// ---------------------------------------------------------------------------------------------
// Per-partition probability tables: [profile x item] so the hot loop only looks up and draws.

function dot(fx: Effects, profile: number): number {
  const o = profile * 6;
  return (
    fx[0] * PROFILE_Z[o] + fx[1] * PROFILE_Z[o + 1] + fx[2] * PROFILE_Z[o + 2] + fx[3] * PROFILE_Z[o + 3] + fx[4] * PROFILE_Z[o + 4] + fx[5] * PROFILE_Z[o + 5]
  );
}

/** Logit shift of an item in a market and wave: a stable market flavour plus the item's drift. */
function context(def: QuestionDef, dp: DpDef, location: string, wave: number): number {
  return 0.35 * hashUnit(`${location}/${def.code}/${dp.code}`) + dp.drift * wave;
}

export interface OpTables {
  tables: Float64Array[];
  /** Fills the tables' rows of one profile (lazily: small partitions only meet a few of the 360 profiles). */
  fill(profile: number): void;
}

function buffer(op: Op, index: number, length: number): Float64Array {
  if (!op.buffers[index] || op.buffers[index].length !== length) op.buffers[index] = new Float64Array(length);
  return op.buffers[index];
}

export function tablesFor(op: Op, location: string, wave: number): OpTables {
  const def = op.def;
  const m = def.model;
  const rows = op.rows;
  const P = PROFILE_COUNT;
  const dots = op.dots;
  const base = def.datapoints.map((dp) => logit(dp.p) + context(def, dp, location, wave));
  switch (m.type) {
    case 'single': {
      // Cumulative probabilities per profile over datapoints (softmax).
      const t = buffer(op, 0, P * rows);
      const mid = (rows - 1) / 2;
      const ctx = def.datapoints.map((dp) => M.log(dp.p) + context(def, dp, location, wave));
      return {
        tables: [t],
        fill(p) {
          const slope = m.slope ? dot(m.slope, p) : 0;
          let sum = 0;
          for (let r = 0; r < rows; r++) {
            sum += M.exp(dots[r * P + p] + ctx[r] + slope * (r - mid) * 0.6);
            t[p * rows + r] = sum;
          }
          for (let r = 0; r < rows; r++) t[p * rows + r] /= sum;
        },
      };
    }
    case 'favourite': {
      const t = buffer(op, 1, P * rows);
      return {
        tables: [t],
        fill(p) {
          for (let r = 0; r < rows; r++) t[p * rows + r] = M.exp(logit(def.datapoints[r].p) + dots[r * P + p]);
        },
      };
    }
    case 'multi': {
      const t = buffer(op, 2, P * rows);
      return {
        tables: [t],
        fill(p) {
          for (let r = 0; r < rows; r++) t[p * rows + r] = sigmoid(base[r] + dots[r * P + p]);
        },
      };
    }
    case 'funnel': {
      // Consideration and usage depend on the same traits, more softly; premium brands convert the affluent.
      const aware = buffer(op, 3, P * rows);
      const consider = buffer(op, 4, P * rows);
      const use = buffer(op, 5, P * rows);
      const lc = logit(m.consider);
      const lu = logit(m.use);
      return {
        tables: [aware, consider, use],
        fill(p) {
          for (let r = 0; r < rows; r++) {
            const e = dots[r * P + p];
            aware[p * rows + r] = sigmoid(base[r] + e);
            consider[p * rows + r] = sigmoid(lc + 0.6 * e);
            use[p * rows + r] = sigmoid(lu + 0.6 * e + (def.datapoints[r].premium ? 0.5 * PROFILE_Z[p * 6 + 3] : 0));
          }
        },
      };
    }
    case 'scale': {
      const s = op.width;
      const tau = m.tau;
      const t = buffer(op, 6, P * rows * s);
      return {
        tables: [t],
        fill(p) {
          for (let r = 0; r < rows; r++) {
            const eta = base[r] + dots[r * P + p];
            const o = (p * rows + r) * s;
            for (let k = 0; k < s - 1; k++) t[o + k] = sigmoid(eta + tau[k]);
            t[o + s - 1] = 1;
          }
        },
      };
    }
    case 'perception': {
      const s = op.width;
      const nonUser = buffer(op, 7, P * rows * s);
      const user = buffer(op, 8, P * rows * s);
      // Statement 4 is "is a premium brand": premium brands get it far more often.
      const statement = new Float64Array(rows * s);
      def.datapoints.forEach((dp, r) => {
        for (let k = 0; k < s; k++) {
          statement[r * s + k] =
            logit(0.2) +
            0.4 * hashUnit(`${def.code}/${dp.code}/${k}`) +
            (k === 3 ? (dp.premium ? 1.6 : -0.8) : 0) +
            0.15 * hashUnit(`${location}/${def.code}/${dp.code}/${k}`);
        }
      });
      return {
        tables: [nonUser, user],
        fill(p) {
          for (let r = 0; r < rows; r++) {
            const e = 0.4 * dots[r * P + p];
            for (let k = 0; k < s; k++) {
              const eta = statement[r * s + k] + e;
              nonUser[(p * rows + r) * s + k] = sigmoid(eta);
              user[(p * rows + r) * s + k] = sigmoid(eta + 1.7);
            }
          }
        },
      };
    }
    default:
      return { tables: [], fill: () => undefined };
  }
}
