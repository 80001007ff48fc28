import { CatalogueIndex, mayBeTypo } from '../catalogue-index';
import { normalize, stem } from '../text';
import lexicon from './context-lexicon.json';

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
export function derivedNameWord(word: string, index: CatalogueIndex, objectNamed = false): string | undefined {
  if (!/^[a-z]+$/.test(word)) return undefined;
  const keys = firstWordsByStem(index).get(stem(word));
  if (mayBeTypo(word, index)) return keys && keys.size === 1 ? [...keys][0] : undefined;
  // "Who hikes", "she cycles": a verb's -s form of an activity named by its -ing form ("Hiking",
  // "Cycling"), which the catalogue's words already know by the shared lemma, so it is no typo.
  // A verb with a named object ("reads the newspapers") does that to the object: no activity.
  const activities = [...(keys ?? [])].filter((k) => k.endsWith('ing'));
  return !objectNamed && /[^s]s$/.test(word) && !index.vocabulary.has(word) && activities.length === 1 ? activities[0] : undefined;
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

/** Words after which a bare word is a verb (`bareVerbs.leads`: "to", "who"). */
const VERB_LEADS = new Set(lexicon.bareVerbs.leads);

/** Whether a word starts a name of the catalogue other than as a short form of a longer answer ("garden" of "Home and garden"). */
function namesWhole(word: string, index: CatalogueIndex): boolean {
  return (index.byFirst.get(word) ?? []).some(
    (e) => e.kind !== 'datapoint' || e.words.length > 1 || (e.refs ?? []).some((r) => normalize(r.datapoint.name).trim() === word),
  );
}

/**
 * "Most likely to garden", "people who knit": a bare verb that names no answer whole (only, if at all, as the short form of a longer one), after a
 * word that leads a verb, names the activity of the one one-word answer of its -ing form
 * ("Gardening", "Knitting"; a doubled consonant, "jog" for "Jogging"; a dropped "e", "bake" for
 * "Baking"), in place of the longer answer its word is short for. A verb with a named object ("who garden vegetables" if it were a name) is left alone.
 */
export function bareVerbActivity(words: readonly string[], i: number, index: CatalogueIndex): string | undefined {
  const w = words[i];
  if (!/^[a-z]{3,}$/.test(w) || !VERB_LEADS.has(words[i - 1] ?? '') || namesWhole(w, index)) return undefined;
  const next = words[i + 1];
  if (next !== undefined && index.byFirst.has(next)) return undefined;
  const forms = new Set([`${w}ing`, `${w}${w[w.length - 1]}ing`, ...(w.endsWith('e') ? [`${w.slice(0, -1)}ing`] : [])]);
  const hits = [...forms].filter((f) => (index.byFirst.get(f) ?? []).some((e) => e.kind === 'datapoint' && e.words.length === 1));
  return hits.length === 1 ? hits[0] : undefined;
}
