import { createHash } from 'node:crypto';

/** A (question, datapoint, suffix-or-none) triple: one bitset in the engine. */
export interface Attribute {
  question: string;
  datapoint: string;
  /** Suffix code for grid questions; null for single/multi questions. */
  suffix: string | null;
}

/**
 * The attributes a dataset's partitions may carry, with a dense stable id each (the index).
 * Ids follow catalogue order (question order, datapoint order, suffix order), so they are stable for a
 * given catalogue. Grid questions have one attribute per (datapoint, suffix) and NO suffix-less
 * attribute: "any suffix" is derived by OR-ing the suffix bitsets (at most 5 per row, word by word).
 * `hash` fingerprints the list; every blob carries it so a blob is never decoded against another list.
 */
export interface AttributeDictionary {
  dataset: string;
  attributes: readonly Attribute[];
  hash: number;
  /** Id of a triple, or undefined when the dataset has no such attribute. */
  idOf(question: string, datapoint: string, suffix?: string | null): number | undefined;
  /** Ids of every attribute of a question (all datapoints, all suffixes). */
  idsOfQuestion(question: string): readonly number[];
}

/** What a dictionary needs of a catalogue question: its code, the datasets that ask it, its datapoints and suffixes. */
export interface DictionaryQuestion {
  readonly code: string;
  readonly dataset_codes: readonly string[];
  readonly datapoints: readonly { readonly code: string }[];
  readonly suffixes: readonly { readonly code: string }[];
}

/** The dictionary of a dataset from its catalogue's questions, in catalogue order. */
export function buildAttributeDictionary(catalogue: { readonly questions: readonly DictionaryQuestion[] }, dataset: string): AttributeDictionary {
  const attributes: Attribute[] = [];
  for (const question of catalogue.questions) {
    if (!question.dataset_codes.includes(dataset)) continue;
    for (const dp of question.datapoints) {
      const sfx = question.suffixes.length > 0 ? question.suffixes.map((s) => s.code) : [null];
      for (const suffix of sfx) attributes.push({ question: question.code, datapoint: dp.code, suffix });
    }
  }
  return attributeDictionaryFromList(dataset, attributes);
}

/**
 * The dictionary of an attribute list as stored (the service keeps the list in Postgres
 * beside the partitions): ids are positions, the hash is recomputed from the list, so a
 * stored list that drifted from its partitions is caught by the blobs' hash check.
 */
export function attributeDictionaryFromList(dataset: string, list: readonly Attribute[]): AttributeDictionary {
  // Canonical member order: a list read back from jsonb has its keys reordered, and the hash is over JSON text.
  const attributes: Attribute[] = list.map((a) => ({ question: a.question, datapoint: a.datapoint, suffix: a.suffix ?? null }));
  const ids = new Map<string, number>();
  const byQuestion = new Map<string, number[]>();
  attributes.forEach((a, id) => {
    ids.set(key(a.question, a.datapoint, a.suffix), id);
    const list = byQuestion.get(a.question) ?? [];
    list.push(id);
    byQuestion.set(a.question, list);
  });
  const digest = createHash('sha256').update(dataset).update(JSON.stringify(attributes)).digest();
  return {
    dataset,
    attributes,
    hash: digest.readUInt32LE(0),
    idOf: (question, datapoint, suffix = null) => ids.get(key(question, datapoint, suffix ?? null)),
    idsOfQuestion: (question) => byQuestion.get(question) ?? [],
  };
}

function key(question: string, datapoint: string, suffix: string | null): string {
  return suffix === null ? `${question}\u0000${datapoint}` : `${question}\u0000${datapoint}\u0000${suffix}`;
}
