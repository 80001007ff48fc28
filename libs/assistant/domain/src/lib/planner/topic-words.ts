import { CatalogueIndex } from '../catalogue-index';
import { PlannerCatalogue } from '../assistant.types';
import { GROUP_NOUNS, SUFFIX_ALIASES, TOPIC_SYNONYMS, WEAK_SUFFIX_WORDS } from '../synonyms';
import { stem, STOPWORDS } from '../text';
import { isAnswerFrequency } from '../quantities';
import { CONNECTORS } from './cues';
import { Reading } from './types';
import { LEXICON } from '../../lexicon/lexicon';

/** The words of the planner's grammar (`lexicon/grammar.json`). */
const G = LEXICON.grammar;

export const USAGE_NAME = /\b(used|usage|use|owned|ownership|held|played|watched|followed|bought|done|read|consumed|listened)\b/i;

export const GENERIC_VERB_STEMS = new Set(G.genericVerbStems);

/** Frequency and scale words that name datapoints of frequency questions. */
export const VALUE_WORDS = G.valueWords;

/**
 * Stems of the frequency adverbs said that no other word of the prompt has: "weekly" names an
 * answer of a scale of frequencies, never the period in a question's name ("Drinks consumed in
 * the last week"), so it only counts for a question of frequencies (`asksFrequencies`).
 */
export function frequencyStems(words: readonly string[], free: readonly string[]): Set<string> {
  // Only the adverbs of one word: "each day", "once a week" say the period as a name does ("per day").
  const said = new Set(
    Object.values(VALUE_WORDS)
      .flat()
      .filter((a) => !a.includes(' ') && words.includes(a)),
  );
  return new Set([...said].map(stem).filter((s) => !free.some((f) => !said.has(f) && stem(f) === s)));
}

/** Per catalogue index, whether each question asks frequencies: read once, not at every prompt. */
const FREQUENCY_QUESTIONS = new WeakMap<CatalogueIndex, Map<string, boolean>>();

/** Whether a question's answers or scale are frequencies ("Daily", "Weekly", "Several times a week"). */
export function asksFrequencies(index: CatalogueIndex, code: string): boolean {
  let known = FREQUENCY_QUESTIONS.get(index);
  if (!known) FREQUENCY_QUESTIONS.set(index, (known = new Map()));
  let asks = known.get(code);
  if (asks === undefined) {
    const names = index.normalisedNames.get(code);
    asks = [...(names?.suffixes ?? []), ...(names?.datapoints ?? [])].some((n) => isAnswerFrequency(n.trim()));
    known.set(code, asks);
  }
  return asks;
}

/** The one-word synonym keys by their stems: "sneaker" finds what "sneakers" is listed for. */
const SYNONYMS_BY_STEM = new Map(
  Object.entries(TOPIC_SYNONYMS)
    .filter(([k]) => !k.includes(' '))
    .map(([k, v]) => [stem(k), v]),
);

/**
 * What the catalogue calls a topic word: the word's synonyms, or for a word the catalogue does
 * not use itself (`known`), those of another form of it ("sneaker" as "sneakers").
 */
export function synonymsOf(word: string, known: (w: string) => boolean = () => true): string[] {
  return TOPIC_SYNONYMS[word] ?? (known(word) ? undefined : SYNONYMS_BY_STEM.get(stem(word))) ?? [];
}

export function leftoverStems(reading: Reading, known?: (w: string) => boolean): { stems: Set<string>; words: string[] } {
  const { words, used, spans } = reading;
  // The group noun of a datapoint ("Tesla drivers", "Netflix subscribers") belongs to that group:
  // not a topic word ("drivers" is not "Purchase drivers").
  const groupNoun = (i: number) => GROUP_NOUNS.has(words[i]) && spans.some((sp) => sp.entry.kind === 'datapoint' && sp.end === i);
  const free = words.filter(
    (w, i) => !used.has(i) && w !== '|' && w.length > 1 && !STOPWORDS.has(w) && !/^\d+$/.test(w) && !CONNECTORS.has(w) && !groupNoun(i),
  );
  const stems = new Set<string>();
  // A verb of buying or using with a brand named after it ("shop at Tesco") says how, not what:
  // it picks the brand's usage row, it is not a topic of its own.
  const brandNamed = spans.some((sp) => sp.entry.kind === 'datapoint' && sp.entry.refs.some((r) => r.question.suffixes.length > 0));
  for (const w of free) {
    if (brandNamed && CUSTOMER_STEMS.has(stem(w))) continue;
    stems.add(stem(w));
    for (const s of synonymsOf(w, known)) stems.add(stem(s));
  }
  // What such a noun says of the measure still counts ("crypto holders": held).
  words.forEach((w, i) => {
    if (!used.has(i) && groupNoun(i)) for (const x of TOPIC_SYNONYMS[w] ?? []) stems.add(stem(x));
  });
  const text = ` ${words.filter((_, i) => !used.has(i)).join(' ')} `;
  for (const [phrase, list] of Object.entries(TOPIC_SYNONYMS))
    if (phrase.includes(' ') && text.includes(` ${phrase} `)) list.forEach((s) => stems.add(stem(s)));
  // A word taken as a shortened datapoint name still hints at what it usually means ("games"
  // played, only a shortened "Play games" of Snapchat: game titles). A full name does not.
  for (const span of spans)
    if (span.entry.kind === 'datapoint' && span.entry.refs.every((r) => r.partial))
      for (const w of words.slice(span.start, span.end)) for (const s of TOPIC_SYNONYMS[w] ?? []) if (s !== w) stems.add(stem(s));
  return { stems, words: free };
}

/** How strongly the free words alone name a question (no datapoint named). */
export function wordsOnlyTopicScore(reading: Reading, index: CatalogueIndex, catalogue: PlannerCatalogue): number {
  const { stems, words: free } = leftoverStems(reading, (w) => index.vocabulary.has(w));
  const often = frequencyStems(reading.words, free);
  let best = 0;
  for (const q of catalogue.questions) {
    const own = index.questionWords.get(q.code);
    if (!own) continue;
    let score = 0;
    let informative = 0;
    const ofFrequencies = asksFrequencies(index, q.code);
    for (const s of stems) {
      if (often.has(s) && !ofFrequencies) continue;
      const idf = Math.log(1 + index.questionCount / (index.df.get(s) ?? index.questionCount));
      if (GENERIC_VERB_STEMS.has(s)) continue;
      if (own.name.has(s)) {
        score += 3 * idf;
        informative++;
      }
    }
    if (informative > 0) best = Math.max(best, score);
  }
  return best;
}

/** Stems of verbs that make someone a brand's customer: a brand funnel's "used or bought" row. */
export const CUSTOMER_STEMS = new Set(G.customerStems);

export function suffixWordsIn(text: string): { strong: string[]; weak: string[]; custom: boolean } {
  const strong: string[] = [];
  const weak: string[] = [];
  // Being a customer in other words than "use", "have" or "own" (bought, ordered from, shopping
  // at, eating at): "have Netflix" is the service used, not a purchase.
  const custom = text
    .trim()
    .split(' ')
    .some((w) => CUSTOMER_STEMS.has(stem(w)) && !['use', 'own', 'have'].includes(stem(w)));
  // Any form of using, buying or being a customer ("flew", "ordered from", "shopping at",
  // "eating at") is the funnel's usage row.
  if (
    text
      .trim()
      .split(' ')
      .some((w) => CUSTOMER_STEMS.has(stem(w)))
  )
    weak.push('used or bought in the last 12 months');
  for (const [name, aliases] of Object.entries(SUFFIX_ALIASES)) {
    const found = aliases.filter((a) => text.includes(` ${a} `));
    if (found.length === 0) continue;
    if (found.every((a) => WEAK_SUFFIX_WORDS.has(a))) weak.push(name);
    else strong.push(name);
  }
  // "strongly agree" is not also "agree", nor "strongly disagree" also "disagree".
  for (const name of [...strong]) {
    const plain = name.startsWith('strongly ') ? name.slice('strongly '.length) : null;
    if (plain !== null && strong.includes(plain)) strong.splice(strong.indexOf(plain), 1);
  }
  return { strong, weak, custom };
}
