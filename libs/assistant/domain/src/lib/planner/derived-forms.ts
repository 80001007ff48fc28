import { CatalogueIndex, mayBeTypo } from '../catalogue-index';
import { stem } from '../text';
import { LEXICON } from '../../lexicon/lexicon';

/** Words a verb's bare form follows in a clause about people ("who cycle", "% that swim"). */
const BARE_VERB_LEADS = new Set(LEXICON.grammar.bareVerbLeads);

/** Whether word `i` stands where a verb's bare form goes ("people who cycle", "don't hike", "% that swim"). */
export function inBareVerbSlot(words: readonly string[], i: number): boolean {
  return BARE_VERB_LEADS.has(words[i - 1] ?? '');
}

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
export function derivedNameWord(word: string, index: CatalogueIndex, objectNamed = false, bareVerb = false): string | undefined {
  if (!/^[a-z]+$/.test(word)) return undefined;
  const keys = firstWordsByStem(index).get(stem(word));
  if (mayBeTypo(word, index)) return keys && keys.size === 1 ? [...keys][0] : undefined;
  // "Who hikes", "she cycles": a verb's -s form of an activity named by its -ing form ("Hiking",
  // "Cycling"), which the catalogue's words already know by the shared lemma, so it is no typo.
  // A verb with a named object ("reads the newspapers") does that to the object: no activity.
  // So is its bare form where a verb goes ("people who cycle", "% that swim", `bareVerb`).
  const activities = [...(keys ?? [])].filter((k) => k.endsWith('ing'));
  const verbForm = /[^s]s$/.test(word) || (bareVerb && !word.endsWith('s') && !word.endsWith('ing'));
  return !objectNamed && verbForm && !index.vocabulary.has(word) && activities.length === 1 ? activities[0] : undefined;
}

/** Endings that make a noun of the person who does something ("runners", "cyclists"). */
const AGENT_ENDING = /^([a-z]{3,}?)(ers|er|ists|ist)$/;

/**
 * The first words of an answer's name a person noun could come from: "runners" from "running",
 * "cyclists" from "cycling", "golfers" from "golf", "photographers" from "photography", "skiers"
 * from "skiing" (the activity with "-ing", the noun itself, or with "-y" or "-e").
 */
export function agentNounForms(word: string): string[] {
  const m = AGENT_ENDING.exec(word);
  if (!m) return [];
  const base = m[1];
  // A doubled last consonant goes back to one ("runn" of "runners": "run"), as the activity keeps it ("running").
  const single = /([b-df-hj-np-tv-z])\1$/.test(base) ? base.slice(0, -1) : base;
  return [...new Set([`${base}ing`, `${single}ing`, base, `${base}y`, `${base}e`])];
}

/**
 * The one-word answer name a person noun the catalogue does not use is formed from ("runners" for
 * "Running", "cyclists" for "Cycling"), when exactly one form is the whole name of an answer. Words
 * that already name people in general (`groupNouns`, "users", "owners") or a kind of person of the
 * lexicon (`personNouns`) are left to those.
 */
export function agentNameWord(word: string, index: CatalogueIndex, reserved: ReadonlySet<string>): string | undefined {
  if (index.vocabulary.has(word) || reserved.has(word) || reserved.has(word.replace(/s$/, ''))) return undefined;
  const names = agentNounForms(word).filter((form) => (index.byFirst.get(form) ?? []).some((e) => e.kind === 'datapoint' && e.words.length === 1));
  // The activity comes first: "gardeners" do "Gardening", not "Garden" (a kind of magazine).
  const activities = names.filter((n) => n.endsWith('ing'));
  const chosen = activities.length > 0 ? activities : names;
  return chosen.length === 1 ? chosen[0] : undefined;
}

/** Whether `word` is a person noun formed from the one-word answer name `name` ("runners", "running"). */
export function isAgentNounOf(word: string, name: string): boolean {
  return word !== name && agentNounForms(word).includes(name);
}
