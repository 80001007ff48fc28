import type { Expression, RespondentRecord } from '@aas/audience-expression-domain';
import type { AttributeDictionary, DecodedPartition, PartitionKey, WeightClass } from '@aas/respondent-store-domain';

/** A tiny catalogue for the engine's tests: every question kind, two datasets, routing. */
export interface TestQuestion {
  readonly code: string;
  readonly kind: 'single' | 'multi' | 'grid_single' | 'grid_multi';
  readonly datapoints: readonly string[];
  readonly suffixes: readonly string[];
  readonly datasets: readonly string[];
}

export const TEST_QUESTIONS: readonly TestQuestion[] = [
  { code: 'gender', kind: 'single', datapoints: ['m', 'f'], suffixes: [], datasets: ['core', 'gaming'] },
  { code: 'age', kind: 'single', datapoints: ['a1', 'a2', 'a3', 'a4'], suffixes: [], datasets: ['core'] },
  { code: 'platforms', kind: 'multi', datapoints: ['fb', 'tt', 'ig', 'yt', 'sc'], suffixes: [], datasets: ['core'] },
  { code: 'freq', kind: 'grid_single', datapoints: ['fb', 'tt', 'ig'], suffixes: ['1', '2', '3', '4'], datasets: ['core'] },
  { code: 'brand', kind: 'grid_multi', datapoints: ['b1', 'b2', 'b3'], suffixes: ['1', '2', '3'], datasets: ['core', 'gaming'] },
  { code: 'games', kind: 'multi', datapoints: ['g1', 'g2', 'g3'], suffixes: [], datasets: ['gaming'] },
];

export const TEST_DATASETS = ['core', 'gaming'] as const;
export const TEST_WAVES = ['w1', 'w2', 'w3'] as const;
export const TEST_LOCATIONS = ['l1', 'l2'] as const;

/** An AttributeDictionary over TEST_QUESTIONS for one dataset (grids: suffixed attributes only). */
export function testDictionary(dataset: string): AttributeDictionary {
  const attributes: { question: string; datapoint: string; suffix: string | null }[] = [];
  const ids = new Map<string, number>();
  const byQuestion = new Map<string, number[]>();
  for (const q of TEST_QUESTIONS) {
    if (!q.datasets.includes(dataset)) continue;
    const list: number[] = [];
    for (const dp of q.datapoints) {
      for (const suffix of q.suffixes.length > 0 ? q.suffixes : [null]) {
        ids.set(`${q.code}|${dp}|${suffix ?? ''}`, attributes.length);
        list.push(attributes.length);
        attributes.push({ question: q.code, datapoint: dp, suffix });
      }
    }
    byQuestion.set(q.code, list);
  }
  return {
    dataset,
    attributes,
    hash: dataset === 'core' ? 1 : 2,
    idOf: (question, datapoint, suffix) => ids.get(`${question}|${datapoint}|${suffix ?? ''}`),
    idsOfQuestion: (question) => byQuestion.get(question) ?? [],
  };
}

/** Deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface TestRecord extends RespondentRecord {
  readonly dataset: string;
}

/**
 * Random respondents: weights from a few shared classes and some one-off values, every question
 * kind, routing (platform frequency only for the platform's users), questions some were not asked,
 * and some asked without an answer the store keeps (nothing chosen, an age declared missing).
 */
export function randomRecords(seed: number, count: number): TestRecord[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const classWeights = [1.5, 2.25, 1000.125, 0.3];
  const records: TestRecord[] = [];
  for (let id = 0; id < count; id++) {
    const dataset = random() < 0.7 ? 'core' : 'gaming';
    const weight = random() < 0.8 ? pick(classWeights) : 0.01 + random() * 500;
    const answers: { question: string; datapoint: string; suffix?: string }[] = [];
    const asked: string[] = [];
    for (const q of TEST_QUESTIONS) {
      if (!q.datasets.includes(dataset) || random() < 0.15) continue;
      const before = answers.length;
      if (q.kind === 'single') {
        const datapoint = pick(q.datapoints);
        if (q.code !== 'age' || random() >= 0.1) answers.push({ question: q.code, datapoint });
      } else if (q.kind === 'multi') {
        for (const dp of q.datapoints) if (random() < 0.4) answers.push({ question: q.code, datapoint: dp });
      } else {
        let rows = 0;
        for (const dp of q.datapoints) {
          if (q.code === 'freq' && !answers.some((a) => a.question === 'platforms' && a.datapoint === dp)) continue;
          rows++;
          if (q.kind === 'grid_single') {
            if (random() < 0.8) answers.push({ question: q.code, datapoint: dp, suffix: pick(q.suffixes) });
          } else {
            for (const suffix of q.suffixes) if (random() < 0.4) answers.push({ question: q.code, datapoint: dp, suffix });
          }
        }
        // A grid none of whose rows was asked was not asked.
        if (rows === 0) continue;
      }
      if (answers.length === before) asked.push(q.code);
    }
    records.push({ id, dataset, wave: pick(TEST_WAVES), location: pick(TEST_LOCATIONS), weight, answers, ...(asked.length > 0 ? { asked } : {}) });
  }
  return records;
}

/** Decoded partitions of records (one per dataset x wave x location met), respondents ordered by weight class. */
export function partitionsOf(records: readonly TestRecord[]): { partitions: DecodedPartition[]; bitOf: Map<number, number> } {
  const groups = new Map<string, TestRecord[]>();
  for (const r of records) {
    const id = `${r.dataset}|${r.wave}|${r.location}`;
    const list = groups.get(id) ?? [];
    list.push(r);
    groups.set(id, list);
  }
  const bitOf = new Map<number, number>();
  const partitions: DecodedPartition[] = [];
  for (const list of groups.values()) {
    const key: PartitionKey = { dataset: list[0].dataset, wave: list[0].wave, location: list[0].location };
    const dictionary = testDictionary(key.dataset);
    const byWeight = new Map<number, TestRecord[]>();
    for (const r of list) byWeight.set(r.weight, [...(byWeight.get(r.weight) ?? []), r]);
    const weightClasses: WeightClass[] = [];
    let bit = 0;
    for (const [weight, members] of byWeight) {
      weightClasses.push({ weight, startBit: bit, count: members.length });
      members.forEach((m, j) => bitOf.set(m.id, bit + j));
      bit = Math.ceil((bit + members.length) / 64) * 64;
    }
    const bitLength = bit;
    const wordCount = bitLength / 32;
    const universe = new Uint32Array(wordCount);
    const weights = new Float64Array(bitLength);
    const attributes = new Map<number, Uint32Array>();
    const asked = new Map<string, Uint32Array>();
    const askedWithoutAnswer = new Set(list.flatMap((r) => r.asked ?? []));
    for (const r of list) {
      const b = bitOf.get(r.id) as number;
      universe[b >>> 5] |= 1 << (b & 31);
      weights[b] = r.weight;
      // Recorded where someone was asked without an answer, and then for all who answered too, as the import records it.
      for (const question of [...(r.asked ?? []), ...r.answers.map((a) => a.question)]) {
        if (!askedWithoutAnswer.has(question)) continue;
        let words = asked.get(question);
        if (words === undefined) {
          words = new Uint32Array(wordCount);
          asked.set(question, words);
        }
        words[b >>> 5] |= 1 << (b & 31);
      }
      for (const answer of r.answers) {
        const attribute = dictionary.idOf(answer.question, answer.datapoint, answer.suffix ?? null) as number;
        let words = attributes.get(attribute);
        if (words === undefined) {
          words = new Uint32Array(wordCount);
          attributes.set(attribute, words);
        }
        words[b >>> 5] |= 1 << (b & 31);
      }
    }
    partitions.push({
      key,
      dictionaryHash: dictionary.hash,
      firstRespondentId: 0,
      respondentCount: list.length,
      bitLength,
      wordCount,
      weightClasses,
      weights,
      universe,
      attributes,
      asked,
    });
  }
  return { partitions, bitOf };
}

/** Replaces `<namespace>.<code>` question references by the code, as the reference evaluator needs. */
export function withPlainQuestions(expression: Expression): Expression {
  if (expression.kind === 'leaf') {
    const dot = expression.question.indexOf('.');
    return dot > 0 && TEST_QUESTIONS.some((q) => q.code === expression.question.slice(dot + 1))
      ? { ...expression, question: expression.question.slice(dot + 1) }
      : expression;
  }
  if (expression.kind === 'all') return expression;
  return { ...expression, children: expression.children.map(withPlainQuestions) };
}
