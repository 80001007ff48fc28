import { CatalogueIndex, mayBeTypo } from '../catalogue-index';
import { FUNCTION_WORDS, normalize, stem } from '../text';
import { LEXICON } from '../../lexicon/lexicon';

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

/** Words after which a bare verb is what people do ("who run", "neither run nor cycle", "likely to garden", "they often knit"). */
const ACTIVITY_VERB_BEFORE = new Set(LEXICON.grammar.activityVerbBefore);
/** Joins after which a bare verb continues the activities of the verb before ("who both cycle and run"). */
const ACTIVITY_VERB_JOINS = new Set(LEXICON.grammar.activityVerbJoins);
/** Words that join a clause's verbs or answers ("and", "nor", "also"): a verb before one has no object. */
const ANSWER_JOINERS = new Set([...LEXICON.grammar.answerJoiners, ...LEXICON.grammar.connectors]);

/** The -ing forms a bare verb may take: "cycle" "cycling", "run" "running", "swim" "swimming", "walk" "walking". */
export function ingForms(verb: string): string[] {
  if (!/^[a-z]{2,}$/.test(verb) || verb.endsWith('ing')) return [];
  const forms = [`${verb}ing`];
  if (verb.endsWith('e') && !verb.endsWith('ee')) forms.push(`${verb.slice(0, -1)}ing`);
  if (!/[wxy]$/.test(verb)) forms.push(`${verb}${verb.slice(-1)}ing`);
  return forms;
}

/**
 * A bare verb said as what people do, after a clause word (`activityVerbBefore`: "who run", "both
 * swim", "neither run nor cycle", "don't run", "likely to garden", "they often knit"), that names no
 * answer whole (only, if at all, as the short form of a longer one: "garden" of "Home and garden")
 * and has no object named after it: the one-word activity answer of its -ing form ("Running",
 * "Swimming", "Gardening"; a doubled consonant, "jog" for "Jogging"; a dropped "e", "bake" for
 * "Baking"), when exactly one is.
 */
export function activityVerbWord(words: readonly string[], i: number, index: CatalogueIndex): string | undefined {
  // "who both cycle and run": a bare verb joined to an activity said by a bare verb is one too.
  const joined = ACTIVITY_VERB_JOINS.has(words[i - 1] ?? '') && i >= 2 && activityVerbWord(words, i - 2, index) !== undefined;
  if (!(ACTIVITY_VERB_BEFORE.has(words[i - 1] ?? '') || joined) || namesWhole(words[i], index) || objectAfter(words, i, index)) return undefined;
  const names = ingForms(words[i]).filter((form) => (index.byFirst.get(form) ?? []).some((e) => e.kind === 'datapoint' && e.words.length === 1));
  return names.length === 1 ? names[0] : undefined;
}

/** Whether a catalogue name follows the verb at `i` as its object ("shop on Amazon"), before the clause goes on to another verb ("run and also go"). */
function objectAfter(words: readonly string[], i: number, index: CatalogueIndex): boolean {
  for (let k = i + 1; k < words.length; k++) {
    const w = words[k];
    if (w === '|' || ANSWER_JOINERS.has(w)) return false;
    if (!FUNCTION_WORDS.has(w)) return index.byFirst.has(w);
  }
  return false;
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

/** Whether a word starts a name of the catalogue other than as a short form of a longer answer ("garden" of "Home and garden"). */
export function namesWhole(word: string, index: CatalogueIndex): boolean {
  return (index.byFirst.get(word) ?? []).some(
    (e) => e.kind !== 'datapoint' || e.words.length > 1 || (e.refs ?? []).some((r) => normalize(r.datapoint.name).trim() === word),
  );
}
