import { CatalogueIndex, mayBeTypo } from '../catalogue-index';
import { stem } from '../text';

/** The first words of answer names by their stems ("meditation": "medit"), per catalogue index. */
const BY_STEM = new WeakMap<CatalogueIndex, Map<string, Set<string>>>();

function firstWordsByStem(index: CatalogueIndex): Map<string, Set<string>> {
  let map = BY_STEM.get(index);
  if (!map) {
    map = new Map();
    for (const [key, entries] of index.byFirst) {
      if (key.length < 5 || !entries.some((e) => e.kind === 'datapoint')) continue;
      const s = stem(key);
      if (s.length < 4) continue;
      const set = map.get(s) ?? new Set<string>();
      set.add(key);
      map.set(s, set);
    }
    BY_STEM.set(index, map);
  }
  return map;
}

/**
 * A word the catalogue does not use that is another form of the first word of an answer's name,
 * the verb of a noun ("meditate" for "Meditation"): the one name word of the same stem, when there
 * is exactly one. Not a typo (the letters differ by more than a slip), a derivation.
 */
export function derivedNameWord(word: string, index: CatalogueIndex): string | undefined {
  if (!mayBeTypo(word, index) || !/^[a-z]+$/.test(word)) return undefined;
  const keys = firstWordsByStem(index).get(stem(word));
  return keys && keys.size === 1 ? [...keys][0] : undefined;
}
