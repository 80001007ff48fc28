/*
 * Sentences of a line typed without sentence marks ("... has gone stale Their agency keeps pushing
 * Pinterest What share of women in the UK use Instagram"): a word that is written with a capital only
 * where a sentence starts, after a word in lower case, starts one.
 */
import lexicon from './context-lexicon.json';
import { normalize } from '../text';

/** Words capitalised only where a sentence starts, with the first words of asking, lead-ins and openers. */
const OPENERS = new Set([
  ...lexicon.sentenceOpeners.words,
  ...[...lexicon.askStarts, ...lexicon.askLeadIns, ...lexicon.askOpeners].map((phrase) => phrase.split(' ')[0]),
]);

/** The small words a title capitalises too (not "pls" or "thx" after it). */
const SMALL_WORDS = new Set(lexicon.sentenceOpeners.words);
/** The first words of a question: a sentence split off that opens with one asks, as its question mark would say. */
const QUESTION_STARTS = new Set(lexicon.sentenceOpeners.questionStarts);

/** A sentence mark that ends a sentence: a full stop, question or exclamation mark before a space or the end. */
const SENTENCE_MARK = /[.!?。！？](\s|$)/u;
/** A word written with a capital and then lower case ("Their", "We're", "¿Qué"); "I", "US" and "TikTok" are not. */
const CAPITALISED = /^[¿¡]?\p{Lu}[\p{Ll}'’]+$/u;
/** More than this share of a line's words capitalised, and none of its small words in lower case: a title, not sentences. */
const TITLE_SHARE = 0.6;

/** A word a sentence may end with: in lower case, a digit or a closing mark ("stale", "2025", "Disney+", "%)"), or a code in capitals ("US", "TV"). */
const ENDS_SENTENCE = /(?:[\p{Ll}\d%+)"”']|^\p{Lu}{2,5})$/u;

/**
 * The sentences of one line with no sentence mark, split before each word that only opens a
 * sentence; a line with a sentence mark, or with no such word, is returned whole. `isName` says
 * whether the words from a position on open a name the planner knows ("The Ordinary", "Target"),
 * which a capital there belongs to; with `namesWho`, a question said in lower case after words of
 * context that name no people or place starts a sentence too.
 */
export function sentencesByCapitals(line: string, isName: (rest: string) => boolean = () => false, namesWho?: (text: string) => boolean): string[] {
  if (SENTENCE_MARK.test(line)) return [line];
  const tokens = [...line.matchAll(/\S+/g)];
  // "Share Of Millennials In Brazil Who Go Running": a line written as a title has capitals almost
  // everywhere, on its small words too (a German sentence capitalises its nouns, never its articles).
  const words = tokens.filter((t) => /^\p{L}/u.test(t[0]));
  const capitalised = words.filter((t) => /^\p{Lu}/u.test(t[0])).length;
  if (capitalised > words.length * TITLE_SHARE && !words.some((t) => /^\p{Ll}/u.test(t[0]) && SMALL_WORDS.has(firstWord(t[0])))) return [line];
  const starts: number[] = [];
  tokens.forEach((t, i) => {
    if (i === 0) return;
    const word = t[0];
    const previous = tokens[i - 1][0];
    if (!CAPITALISED.test(word) || !ENDS_SENTENCE.test(previous) || !OPENERS.has(firstWord(word))) return;
    if (isName(line.slice(t.index))) return;
    starts.push(t.index ?? 0);
  });
  if (namesWho) starts.push(...midQuestionStarts(tokens, starts, namesWho));
  starts.sort((a, b) => a - b);
  if (starts.length === 0) return [line];
  return [0, ...starts]
    .map((from, k) => line.slice(from, starts[k] ?? line.length).trim())
    .filter((s) => s.length > 0)
    .map((s) => (QUESTION_STARTS.has(firstWord(s.split(/\s/)[0])) && !/[?？]$/.test(s) ? `${s}?` : s));
}

const MID_QUESTIONS = lexicon.sentenceOpeners.midQuestions.map((q) => q.split(' '));
/** Words that open an audience clause a question may finish ("among people who run what share ..."): no new sentence there. */
const CLAUSE_OPENERS = [...lexicon.clauseBreaks.openers, 'who', 'that', 'whether', 'if'];
/** Words after which a question word is part of the clause, not a new question ("differ in how much", "know how many"). */
const EMBEDDING = new Set(lexicon.sentenceOpeners.embeddingWords);
/** A question starts a sentence after at least this many words of context. */
const MIN_HEAD_WORDS = 6;

/**
 * "... the CMO wants numbers on Adidas and Puma what share of Gen Z ...": where a question said in
 * lower case starts after a run of context words, not inside a clause that it finishes.
 */
function midQuestionStarts(tokens: RegExpMatchArray[], starts: readonly number[], namesWho: (text: string) => boolean): number[] {
  const out: number[] = [];
  let head = 0;
  tokens.forEach((t, i) => {
    const at = t.index ?? 0;
    if (starts.includes(at)) head = i;
    const said = tokens.slice(i, i + 2).map((x) => firstWord(x[0]));
    if (!/^\p{Ll}/u.test(t[0]) || !MID_QUESTIONS.some((q) => q.every((w, k) => said[k] === w))) return;
    const before = tokens
      .slice(head, i)
      .map((x) => firstWord(x[0]))
      .filter((w) => /\p{L}/u.test(w));
    // "Do ChatGPT users differ in how much ...": a question word after a preposition, or in a question, is part of it;
    // after a dash, the dash is the mark that parts them (`contextBeforeColon`).
    if (/^[-–—]$/.test(tokens[i - 1]?.[0] ?? '') || QUESTION_STARTS.has(before[0] ?? '') || EMBEDDING.has(before[before.length - 1] ?? '')) return;
    if (before.length < MIN_HEAD_WORDS || CLAUSE_OPENERS.some((o) => ` ${before.join(' ')} `.includes(` ${o} `))) return;
    // "Of Netflix subscribers in the US how many ...": words that name who or where are the question's own.
    if (
      namesWho(
        tokens
          .slice(head, i)
          .map((x) => x[0])
          .join(' '),
      )
    )
      return;
    out.push(at);
    head = i;
  });
  return out;
}

/** A written word as the lexicon lists it: lower case, accents folded, without an opening "¿". */
const firstWord = (word: string) => normalize(word.replace(/^[¿¡]/, '')).trim();
