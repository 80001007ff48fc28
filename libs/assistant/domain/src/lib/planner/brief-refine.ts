import { PlannerCatalogue } from '../assistant.types';
import { detectLanguage, Language, translateWords } from '../languages';
import lexicon from './context-lexicon.json';
import { readLimit } from './limit';
import { mentionsIn, wordsOf } from './mentions';

/** A refinement is a short sentence: at most this many words. */
const MAX_REFINEMENT_WORDS = 10;

const RESTRICTS = lexicon.briefScope.restrictWords;
const STATEMENT_SUBJECTS = lexicon.briefScope.statementSubjects.map((s) => s.split(' '));

const hasPhrase = (words: readonly string[], phrase: string) => {
  const p = phrase.split(' ');
  return words.some((_, i) => p.every((x, k) => words[i + k] === x));
};

/**
 * "Which sports do Germans follow most? Just the top 3 is fine.", "What share use Revolut? UK only,
 * please.": a short sentence after the question that narrows it (a number of answers, or "only" a
 * market or audience) and names nothing to measure of its own is part of the question, not
 * background. A sign-off or a remark ("Thanks!", "Deadline is Friday."), or a statement about the client
 * or others ("Their own panel only covers Canada.", `briefScope.statementSubjects`), is not.
 */
export function refinesAsk(sentence: string, catalogue: PlannerCatalogue, lang: Language = detectLanguage(sentence)): boolean {
  if (/[?？]\s*$/.test(sentence)) return false;
  const english = lang === 'en' || lang === 'ja' ? wordsOf(sentence) : translateWords(wordsOf(sentence), lang);
  if (english.length === 0 || english.length > MAX_REFINEMENT_WORDS) return false;
  // "Their own panel only covers Canada.": a statement about the client or others, not a narrowing of the ask.
  if (STATEMENT_SUBJECTS.some((s) => s.every((w, k) => wordsOf(sentence)[k] === w))) return false;
  const mentions = mentionsIn(english.join(' '), catalogue);
  if (mentions.some((m) => m.entry.kind === 'datapoint')) return false;
  const scoped = mentions.some((m) => m.entry.kind !== 'datapoint') && RESTRICTS.some((r) => hasPhrase(english, r));
  return scoped || readLimit([...english], new Set()) !== undefined;
}
