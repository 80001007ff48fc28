import { PlannerCatalogue } from '../assistant.types';
import { FUNCTION_WORDS, stem, STOPWORDS } from '../text';
import lexicon from './context-lexicon.json';
import { mentionsIn, startsWithPhrase, wordsOf } from './mentions';

const L = lexicon.secondaryAsks;
const has = (text: string, phrase: string) => ` ${text} `.includes(` ${phrase} `);

/**
 * "Second, less urgent, how often do they drink?", "Also, if you can: which brands?": a question
 * of a brief marked as the lesser one. A brief of two questions plans its main one and notes this.
 */
export function isSecondaryAsk(sentence: string): boolean {
  const words = wordsOf(sentence);
  const text = words.join(' ');
  return L.openers.some((o) => startsWithPhrase(words, o)) || L.marks.some((m) => has(text, wordsOf(m).join(' ')));
}

/** "First, what share ...": the ordinal that numbers a brief's questions is not part of the question. */
export function withoutOrdinal(sentence: string): string {
  const ordinal = [...L.ordinals].sort((a, b) => b.length - a.length).find((o) => new RegExp(`^${o.replace(/ /g, '\\s+')}\\s*[,:]\\s*`, 'i').test(sentence));
  if (!ordinal) return sentence;
  const rest = sentence.replace(new RegExp(`^${ordinal.replace(/ /g, '\\s+')}\\s*[,:]\\s*`, 'i'), '');
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

const S = lexicon.severalAsks;
const GENERIC = new Set(S.generic.map(stem));
const content = (w: string) => w.length > 2 && !STOPWORDS.has(w) && !FUNCTION_WORDS.has(w);
const topicStems = new WeakMap<PlannerCatalogue, Set<string>>();

/** The content stems of the catalogue's question names, less the generic ones ("used", "brands"). */
function questionStems(catalogue: PlannerCatalogue): Set<string> {
  let stems = topicStems.get(catalogue);
  if (!stems) {
    stems = new Set(catalogue.questions.flatMap((q) => wordsOf(q.name).filter(content).map(stem)));
    for (const g of GENERIC) stems.delete(g);
    topicStems.set(catalogue, stems);
  }
  return stems;
}

/**
 * A question asked as a question: a question mark, and a question word or auxiliary among its first
 * words ("And, more importantly, what share ...?"). A command ("Top five please", "Show the top
 * 15") refines the question before it rather than asking another.
 */
function interrogative(sentence: string): boolean {
  if (!/[?？]\s*$/.test(sentence)) return false;
  const words = wordsOf(sentence.replace(/^[^:?]*:\s*/, ''));
  return words.slice(0, S.interrogativeWithin).some((w) => S.joinedStarts.includes(w) || S.auxiliaries.includes(w));
}

/** "More importantly, what share ...": a question of a brief marked as the main one. */
export function isPrimaryAsk(sentence: string): boolean {
  const text = wordsOf(sentence).join(' ');
  return S.primaryMarks.some((m) => has(text, wordsOf(m).join(' ')));
}

/**
 * Whether a question names what it asks about on its own: an answer of the catalogue ("Nike",
 * "Snapchat") or a word of a question's name ("streaming services", "sportswear brands"). "What
 * about the French?" and "Give me the top three" do not: they are parts of another question.
 */
export function namesItsTopic(sentence: string, catalogue: PlannerCatalogue): boolean {
  if (mentionsIn(sentence, catalogue).some((m) => m.entry.kind === 'datapoint')) return true;
  const stems = questionStems(catalogue);
  return wordsOf(sentence).some((w) => content(w) && stems.has(stem(w)));
}

/**
 * The question a brief of several questions plans: the one marked as the main one, else the first
 * of two or more that each name their topic ("What share use Snapchat? And which streaming
 * services ...?"). `null` when the brief has no such pair (its last question is planned as before).
 */
export function mainOfSeveral(sentences: readonly string[], asking: readonly number[], catalogue: PlannerCatalogue): number | null {
  const primary = asking.filter((i) => isPrimaryAsk(sentences[i]));
  if (primary.length === 1) return primary[0];
  const complete = asking.filter((i) => !isSecondaryAsk(sentences[i]) && interrogative(sentences[i]) && namesItsTopic(sentences[i], catalogue));
  if (complete.length >= 2) return complete[0];
  // "What share use BeReal? Is it still growing?": a last question that names nothing of the
  // catalogue follows on from the one before it, which is planned (the follow-on is noted).
  const last = asking[asking.length - 1];
  const namesNothing = (i: number) => mentionsIn(sentences[i], catalogue).length === 0 && !namesItsTopic(sentences[i], catalogue);
  if (last !== undefined && complete.length === 1 && complete[0] < last && /[?？]\s*$/.test(sentences[last]) && namesNothing(last)) return complete[0];
  return null;
}

/** "Which brands are they aware of, and how many have bought Nike?": two questions joined in one sentence. */
export function coordinatedQuestions(sentence: string): string[] {
  const parts = sentence.split(new RegExp(`,?\\s+and\\s+(?=(?:${S.joinedStarts.join('|')})\\b)`, 'i'));
  if (parts.length < 2) return [sentence];
  return parts.map((p, k) => {
    const t = p.trim();
    const capital = t.charAt(0).toUpperCase() + t.slice(1);
    return k < parts.length - 1 && !/[?.!]$/.test(capital) && /[?]\s*$/.test(sentence) ? `${capital}?` : capital;
  });
}

const R = lexicon.rhetorical;
const TAG = new RegExp(`,\\s*(?:${R.tags.map((t) => t.replace(/ /g, "[\\s']+")).join('|')})\\s*\\?\\s*$`, 'i');

/** "Our client wants to move budget to streaming, does that make sense?": a statement with a tag question is a statement. */
export function withoutTag(sentence: string): string {
  return TAG.test(sentence) ? sentence.replace(TAG, '.') : sentence;
}

/** "Why does this matter?", "Makes sense?": a question that names nothing of the catalogue and asks nothing of the data. */
export function isRhetorical(sentence: string, catalogue: PlannerCatalogue): boolean {
  const words = wordsOf(sentence);
  if (!R.starts.some((r) => startsWithPhrase(words, wordsOf(r).join(' ')))) return false;
  return mentionsIn(sentence, catalogue).length === 0 && !namesItsTopic(sentence, catalogue);
}
