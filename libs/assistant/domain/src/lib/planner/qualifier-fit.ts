import { PlannerCatalogue, PlannerQuestion } from '../assistant.types';
import { VERB_FRAMES } from '../synonyms';
import { GENERIC_VERB_STEMS } from './topic-words';
import { FUNCTION_WORDS, normalize, stem, STOPWORDS } from '../text';
import { Reading, Span } from './types';

/** Two words side by side in the catalogue's text: a qualifier and the noun it qualifies ("music streaming"). */
interface Pairs {
  /** "music stream" -> the questions whose name or description says the pair. */
  said: Map<string, Set<string>>;
  /** Per question: the stems of every content word of its name and description. */
  stems: Map<string, Set<string>>;
  /** "stream" -> per question, the qualifiers its name puts before that noun ("video"). */
  qualifiersOf: Map<string, Map<string, Set<string>>>;
}

/** Verbs of the lexicon, as stems: "play games" is an act on the noun, not a kind of it. */
const VERBS = new Set([...Object.keys(VERB_FRAMES), ...GENERIC_VERB_STEMS].map(stem));

const content = (w: string) => /^[a-z]{3,}$/.test(w) && !FUNCTION_WORDS.has(w) && !STOPWORDS.has(w);

/** The stems of a text's content words, side by side, clause by clause (a comma or colon ends a run). */
function runs(text: string): string[][] {
  return text.split(/[,.:;()]+/).map((part) =>
    normalize(part)
      .split(' ')
      .map((w) => (content(w) ? stem(w) : '')),
  );
}

function pairsOf(catalogue: PlannerCatalogue): Pairs {
  const cached = PAIRS.get(catalogue.questions);
  if (cached) return cached;
  const said = new Map<string, Set<string>>();
  const qualifiersOf = new Map<string, Map<string, Set<string>>>();
  const stems = new Map<string, Set<string>>();
  for (const q of catalogue.questions)
    for (const [k, text] of [q.name, q.description].entries())
      for (const run of runs(text)) {
        for (const w of run) if (w) stems.set(q.code, (stems.get(q.code) ?? new Set()).add(w));
        for (let i = 0; i + 1 < run.length; i++) {
          // A word may stand between ("social media platforms" says "social platforms").
          for (const c of [run[i + 1], run[i + 2]]) if (run[i] && c) said.set(`${run[i]} ${c}`, (said.get(`${run[i]} ${c}`) ?? new Set()).add(q.code));
          const [a, b] = [run[i], run[i + 1]];
          if (!a || !b || k !== 0 || VERBS.has(a)) continue;
          const byQuestion = qualifiersOf.get(b) ?? new Map<string, Set<string>>();
          byQuestion.set(q.code, (byQuestion.get(q.code) ?? new Set()).add(a));
          qualifiersOf.set(b, byQuestion);
        }
      }
  const pairs = { said, qualifiersOf, stems };
  PAIRS.set(catalogue.questions, pairs);
  return pairs;
}
const PAIRS = new WeakMap<readonly PlannerQuestion[], Pairs>();

/**
 * A qualifier said before a noun ("music streaming services", "video streaming", "food delivery
 * apps") says which kind of the thing is meant, when the catalogue tells kinds apart: a question
 * whose name or description says the same pair gains; a question whose name puts another
 * qualifier before that noun ("Video streaming services used" for "music streaming") is the
 * other kind and loses, heavily, when some question says the pair the prompt said and this one
 * never says the prompt's qualifier at all.
 */
export function qualifierFit(words: readonly string[], q: PlannerQuestion, catalogue: PlannerCatalogue): number {
  const { said, qualifiersOf, stems } = pairsOf(catalogue);
  let fit = 0;
  let agreed = false;
  for (let i = 0; i + 1 < words.length; i++) {
    if (!content(words[i]) || !content(words[i + 1])) continue;
    const [a, b] = [stem(words[i]), stem(words[i + 1])];
    const sayers = said.get(`${a} ${b}`);
    // A participle before the noun is a verb and its object ("most watched streaming service"), not a kind of it.
    if (!sayers || /(ed|ing)$/.test(words[i])) continue;
    // The other kind: a question naming the noun with another qualifier and never the prompt's.
    const otherKind = (code: string) => !sayers.has(code) && !stems.get(code)?.has(a) && [...(qualifiersOf.get(b)?.get(code) ?? [])].some((x) => x !== a);
    if (![...(qualifiersOf.get(b)?.keys() ?? [])].some(otherKind)) continue;
    if (sayers.has(q.code)) agreed = true;
    else if (otherKind(q.code)) fit -= 20;
  }
  return fit + (agreed ? 8 : 0);
}

/**
 * The words a qualifier is read in, with a group's name set apart from the verb after it: "people
 * without a pet own a robot vacuum" says no kind of ownership ("pet own"), the group's last word
 * and the topic's verb only stand side by side.
 */
export function withoutGroupNames(reading: Pick<Reading, 'words' | 'spans'>, mentions: readonly Span[]): string[] {
  const out = [...reading.words];
  for (const s of reading.spans)
    if ((s.entry.kind === 'audience' || s.entry.kind === 'datapoint') && !mentions.includes(s) && VERBS.has(stem(out[s.end] ?? ''))) out[s.end - 1] = '|';
  return out;
}
