import type { AttributeDictionary } from './attribute-dictionary';
import type { DecodedPartition, RespondentRecord } from './partition.types';

/** Global lookups are slow inside jest's vm context (10x on the hot loops); a module-local alias is not. */
const M = Math;

/**
 * Expands a decoded partition into one plain record per respondent (slow path for tests and
 * reference checks: it allocates per answer). Answers come in attribute-id order; `asked` lists
 * the questions of the partition's asked entries that the respondent was asked, in code order.
 */
export function toRespondentRecords(decoded: DecodedPartition, dictionary: AttributeDictionary): RespondentRecord[] {
  if (decoded.dictionaryHash !== dictionary.hash) {
    throw new Error(`partition ${JSON.stringify(decoded.key)} was encoded with another attribute dictionary`);
  }
  const records: RespondentRecord[] = [];
  const recordAt = new Map<number, RespondentRecord>();
  let id = decoded.firstRespondentId;
  for (const c of decoded.weightClasses) {
    for (let j = 0; j < c.count; j++) {
      const record: RespondentRecord = {
        id: id++,
        dataset: decoded.key.dataset,
        wave: decoded.key.wave,
        location: decoded.key.location,
        weight: c.weight,
        answers: [],
      };
      records.push(record);
      recordAt.set(c.startBit + j, record);
    }
  }
  const ids = [...decoded.attributes.keys()].sort((a, b) => a - b);
  for (const attributeId of ids) {
    const attribute = dictionary.attributes[attributeId];
    if (!attribute) throw new Error(`attribute id ${attributeId} is not in the dictionary of ${dictionary.dataset}`);
    forEachBit(decoded.attributes.get(attributeId) as Uint32Array, (bit) => {
      const record = recordAt.get(bit);
      if (!record) throw new Error(`attribute ${attributeId} has a bit on padding position ${bit}`);
      record.answers.push(
        attribute.suffix === null
          ? { question: attribute.question, datapoint: attribute.datapoint }
          : { question: attribute.question, datapoint: attribute.datapoint, suffix: attribute.suffix },
      );
    });
  }
  for (const question of [...(decoded.asked?.keys() ?? [])].sort()) {
    forEachBit(decoded.asked?.get(question) as Uint32Array, (bit) => {
      const record = recordAt.get(bit);
      if (!record) throw new Error(`asked ${question} has a bit on padding position ${bit}`);
      (record.asked ??= []).push(question);
    });
  }
  return records;
}

function forEachBit(words: Uint32Array, visit: (bit: number) => void): void {
  for (let i = 0; i < words.length; i++) {
    let x = words[i];
    while (x !== 0) {
      const t = x & -x;
      visit((i << 5) + (31 - M.clz32(t)));
      x ^= t;
    }
  }
}
