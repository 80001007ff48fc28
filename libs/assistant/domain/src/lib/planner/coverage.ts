import { AnalysisPlan, PlannerCatalogue } from '../assistant.types';
import { CatalogueIndex, Entry, indexOf } from '../catalogue-index';
import { isFiller, QUERY_WORDS } from '../intents';
import { ALL_MARKETS, GROUP_NOUNS, SUFFIX_ALIASES } from '../synonyms';
import { agentNounForms } from './derived-forms';
import { FUNCTION_WORDS, numberWord, stem, STOPWORDS, typoMatch } from '../text';
import lexicon from './context-lexicon.json';
import { wordsOf } from './mentions';
import { ISO3 } from './spans';
import { HIGHEST_WORDS, LOWEST_WORDS } from './dimension-words';
import { MILLIONS, SIZE_WORDS } from './size';
import { LEXICON } from '../../lexicon/lexicon';

const SHORTHAND: Record<string, string> = LEXICON.grammar.shorthand;
const IGNORED = new Set([...lexicon.coverageIgnore, ...lexicon.coverageNoEffect.words, ...LEXICON.grammar.interjections]);
/** Verbs of use ("play", "order from", "read"): the plan's topic is their object, so they are used with it. */
const USAGE_VERBS = new Set(lexicon.usageVerbs);

/** The question codes an audience expression uses. */
function questionsOf(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => questionsOf(n, out));
  else if (node && typeof node === 'object') {
    const n = node as Record<string, unknown>;
    if (typeof n['question'] === 'string') out.add(n['question']);
    Object.values(n).forEach((v) => questionsOf(v, out));
  }
  return out;
}

/** Every word (and its stem) the plan stands on: its topic, audiences, markets and waves, with their catalogue names and aliases. */
function planWords(plan: AnalysisPlan, catalogue: PlannerCatalogue): Set<string> {
  const index = indexOf(catalogue);
  const out = new Set<string>();
  const add = (text: string) => wordsOf(text).forEach((w) => (out.add(w), out.add(stem(w))));
  const questions = new Set<string>();
  plan.audiences.forEach((a) => (add(a.name), questionsOf(a.expression, questions)));
  if (plan.topic) {
    questions.add(plan.topic.question);
    USAGE_VERBS.forEach((w) => out.add(w));
    // A ranking measures every answer of its question: all their names are used.
    const measured =
      plan.topic.datapoints.length > 0 ? plan.topic.datapoints : (catalogue.questions.find((q) => q.code === plan.topic?.question)?.datapoints ?? []);
    measured.forEach((d) => add(d.name));
    if (plan.topic.suffix) add(plan.topic.suffix.name);
    // A negated or combined subject stands on the words that say so ("neither ... nor", "both").
    const S = lexicon.subjectWords;
    if (plan.topic.negate || (plan.topic.combine && plan.topic.combine !== 'each')) [...S.excludeNegations, ...S.bothWords, ...S.eitherWords].forEach(add);
    // "Every day" for Daily, "aware of" for Aware of: the scale's words name its answers.
    for (const name of [plan.topic.suffix?.name, ...plan.topic.datapoints.map((d) => d.name)]) {
      const key = name ? wordsOf(name).join(' ') : '';
      (SUFFIX_ALIASES[key] ?? []).forEach(add);
    }
  }
  if (plan.locations.length === 0) ALL_MARKETS.forEach(add);
  if (plan.groupQuestion) questions.add(plan.groupQuestion.code);
  // A verdict stands on its words: "lowest", "the most" name what the answer states.
  if (plan.verdict === 'highest') HIGHEST_WORDS.forEach((w) => out.add(w));
  if (plan.verdict === 'lowest') LOWEST_WORDS.forEach((w) => out.add(w));
  // One answer of a ranking stands on the words that ask for it ("which brand leads").
  if (plan.kind === 'ranking' && plan.limit === 1) LEXICON.grammar.leadVerbs.forEach(add);
  // A size in people stands on its unit ("now in millions").
  if (plan.count) [...MILLIONS, ...SIZE_WORDS].forEach((w) => out.add(w));
  for (const code of questions) {
    const q = catalogue.questions.find((x) => x.code === code);
    if (q) add(`${q.name} ${q.description}`);
    const words = index.questionWords.get(code);
    words?.name.forEach((s) => out.add(s));
    words?.description.forEach((s) => out.add(s));
  }
  // A market written as its code ("US", "USA") is the market the plan uses.
  plan.locations.forEach((l) => (add(`${l.name} ${l.code}`), Object.entries(ISO3).forEach(([iso3, code]) => code === l.code && out.add(iso3))));
  plan.waves.forEach((w) => add(`${w.name} ${w.code.replace(/_/g, ' ')}`));
  const located = new Set(plan.locations.map((l) => l.code));
  const { places, byQuestion } = entriesOf(index);
  const used = new Set<Entry>();
  for (const entry of places)
    if ((entry.kind === 'market' && located.has(entry.location.code)) || (entry.kind === 'region' && entry.locations.some((l) => located.has(l.code))))
      used.add(entry);
  for (const code of questions) byQuestion.get(code)?.forEach((entry) => used.add(entry));
  for (const entry of used) entry.words.forEach((w) => (out.add(w), out.add(stem(w))));
  return out;
}

/**
 * Per catalogue index, its market and region entries, and its audience and datapoint entries by
 * the questions they use: a plan's words are read from the entries of its questions, not from a
 * walk over every entry (and every audience's expression) at every prompt.
 */
const ENTRIES = new WeakMap<CatalogueIndex, { places: Entry[]; byQuestion: Map<string, Entry[]> }>();

function entriesOf(index: CatalogueIndex): { places: Entry[]; byQuestion: Map<string, Entry[]> } {
  let known = ENTRIES.get(index);
  if (!known) {
    const places: Entry[] = [];
    const byQuestion = new Map<string, Entry[]>();
    const file = (code: string, entry: Entry) => {
      const list = byQuestion.get(code);
      if (list) list.push(entry);
      else byQuestion.set(code, [entry]);
    };
    for (const entry of index.entries) {
      if (entry.kind === 'market' || entry.kind === 'region') places.push(entry);
      else if (entry.kind === 'audience') questionsOf(entry.expression, new Set()).forEach((code) => file(code, entry));
      else if (entry.kind === 'datapoint') new Set(entry.refs.map((r) => r.question.code)).forEach((code) => file(code, entry));
    }
    ENTRIES.set(index, (known = { places, byQuestion }));
  }
  return known;
}

/**
 * Coverage accounting: the content words of the prompt the plan does not stand on (not a name,
 * alias or word of its topic, audiences, markets or waves, and not a word of asking, time or
 * politeness). The answer reports them back, so a word the planner passed over is never silent.
 */
export function unusedWords(prompt: string, plan: AnalysisPlan, catalogue: PlannerCatalogue): string[] {
  const used = planWords(plan, catalogue);
  const out: string[] = [];
  for (const w of wordsOf(prompt)) {
    if (w.length < 3 || /\d/.test(w) || numberWord(w) !== undefined || STOPWORDS.has(w) || FUNCTION_WORDS.has(w) || QUERY_WORDS.has(w)) continue;
    if (IGNORED.has(w) || GROUP_NOUNS.has(w) || isFiller(w)) continue;
    // Shorthand for words of asking ("wut", "whos") is those words, and for a word the plan
    // stands on ("terciles" for the thirds of income) is used with it.
    if (SHORTHAND[w]?.split(' ').every((x) => STOPWORDS.has(x) || FUNCTION_WORDS.has(x) || QUERY_WORDS.has(x) || used.has(x) || used.has(stem(x)))) continue;
    // A misspelt name the planner read ("spotfy" for Spotify) is used too.
    if (used.has(w) || used.has(stem(w)) || (w.length > 3 && [...used].some((u) => typoMatch(w, u)))) continue;
    // A person named by a used answer ("runners" for Running) is used too.
    if (agentNounForms(w).some((form) => used.has(form))) continue;
    if (!out.includes(w)) out.push(w);
  }
  return out;
}

/** The note that reports unused words back, or null when every word was used. */
export function unusedNote(unused: readonly string[]): string | null {
  if (unused.length === 0) return null;
  const shown = unused.slice(0, 6).map((w) => `“${w}”`);
  const more = unused.length > 6 ? ` and ${unused.length - 6} more` : '';
  return `Not used in this answer: ${shown.join(', ')}${more}. Ask again with them if they matter.`;
}
