/*
 * A brief's sentences: where a prompt's sentences end (full stops, question marks, line breaks,
 * Japanese ends), abbreviations kept whole.
 */
import lexicon from './context-lexicon.json';
import { wordsOf } from './mentions';
import { claimThenCheck } from './brief-claims';
import { sentencesByCapitals } from './sentence-capitals';

/** Sentence ends that are not ends: "U.S.", "e.g.", "vs.". */
const ABBREVIATION = /\b(u\.s|u\.k|e\.g|i\.e|vs|etc|approx|dr|mr|mrs|ms|st|inc|ltd|no)\.$/i;
/** Japanese sentence ends: a sentence ends after them whatever follows. */
const CJK_END = /[。！？]$/;
/**
 * A Japanese question's second alternative after its question mark ("増えた？減った？": up or down?),
 * one question with it:
 * a short run of kanji and hiragana only, no name (katakana, Latin letters), ending in "？".
 */
const CJK_ALTERNATIVE = /^[\p{Script=Han}\p{Script=Hiragana}]{1,6}[？?]$/u;
/** A short capitalised token before a full stop ("EE.", "UU."): with another after it, an abbreviation. */
const SHORT_CAPITAL = /(^|\s)[A-Z][A-Za-z]{0,2}\.$/;
const SHORT_CAPITAL_START = /^[A-Z][A-Za-z]{0,2}\.(\s|$)/;
/** Whether a sentence's last full stop is an abbreviation's ("U.S.", "vs.", "EE." before "UU."), not its end. */
export const endsInAbbreviation = (sentence: string, next = '') =>
  ABBREVIATION.test(sentence) || (SHORT_CAPITAL.test(sentence) && SHORT_CAPITAL_START.test(next));

/** A chat export's line header: a time ("[10:06]", "10:06 AM", "[Mon 10:06]"), then a speaker's name and a colon. */
const CHAT_HEADER =
  /^\[?(?:\p{L}{2,4}\.?\s+)?\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?\]?\s*(?:[-–—]\s*)?(?:[\p{L}][\p{L}.'’-]*(?:\s+[\p{L}][\p{L}.'’-]*)?\s*:\s+)?/iu;
/** "% of UK Millennials", "# of parents": a sign that opens what is asked for (never after a number: "62% of"), read as its word. */
const SIGN_WORDS = new Map(lexicon.briefLines.signs.map(([sign, word]) => [sign, word]));
const SIGN_AT_START = /(^|[:\s])([%#])(?=\s*of\b)/gi;
/** The first words of an ask: after a full stop, a lower-case word that opens a question or a command starts a sentence ("... tourism. can you get me ..."). */
const ASK_FIRST_WORDS = new Set(lexicon.askStarts.map((s) => s.split(' ')[0]));

/** A line read as words: without a chat export's header, signs before "of" as words. */
function lineOf(line: string): string {
  return line.replace(CHAT_HEADER, '').replace(SIGN_AT_START, (_, before: string, sign: string) => `${before}${SIGN_WORDS.get(sign) ?? sign}`);
}

/** The words that announce a question before a colon ("q from strategy:", "question for you:", "a pergunta deles:"). */
const LEAD_INS = lexicon.askLeadIns.map((l) => l.split(' '));
/** A label before a colon: a few words, no sentence end among them. */
const LABEL = /^([^:.?!]{1,40}):\s/;

/** Whether a sentence opens with a label that announces the question ("q for you: what share ..."). */
export function opensWithAskLabel(sentence: string): boolean {
  const label = LABEL.exec(sentence);
  if (!label) return false;
  const words = wordsOf(label[1]);
  return LEAD_INS.some((l) => l.every((w, k) => words[k] === w));
}

/**
 * After a full stop (not a question mark), a lower-case word that starts asking, or a label that
 * announces the question ("... last week. q for you: what share ..."), in a prompt written with capitals.
 */
const asksInLowerCase = (previous: string, next: string) =>
  /\.$/.test(previous) && /^\p{Ll}/u.test(next) && (ASK_FIRST_WORDS.has(wordsOf(next.split(/\s/)[0])[0] ?? '') || opensWithAskLabel(next));

/** Quotation marks around a quoted message's sentences ("\"We're relaunching ... could you tell us ...?\""): not part of them. */
const QUOTE_AT_START = /^["“”„«»]+\s*/;
const QUOTE_AT_END = /\s*["“”„«»]+$/;
const unquoted = (sentence: string) => sentence.replace(QUOTE_AT_START, '').replace(QUOTE_AT_END, '');

/**
 * Splits a prompt into sentences at `.`, `!` and `?` followed by a space and a capital (or an
 * opening quote or question mark); abbreviations ("U.S.", "EE. UU.", "vs.") stay whole. A line
 * typed without sentence marks is split before the words that only open a sentence
 * (`sentence-capitals.ts`), unless `isName` says a name starts there.
 */
export function sentencesOf(prompt: string, isName?: (rest: string) => boolean, namesWho?: (text: string) => boolean): string[] {
  // A prompt written all in lower case starts no sentence with a capital: any full stop ends one.
  const lowerCase = !/\p{Lu}/u.test(prompt);
  // A line break ends a sentence (an email, a list of notes); a bullet is not part of its line.
  return (
    prompt
      .split(/\n+/)
      .map((line) => lineOf(line.replace(/^\s*(?:[-*•·–—]+|\d+[.)])\s+/, '').trim()).trim())
      .filter((line) => line.length > 0)
      // "... said it's more like 70% - does that square with the data?": the claim and its check.
      .flatMap((line) => claimThenCheck(line))
      .flatMap((line) => sentencesByCapitals(line, isName, namesWho))
      .flatMap((line) => sentencesOfLine(line, lowerCase))
      .map(unquoted)
      .filter((s) => s.length > 0)
  );
}

function sentencesOfLine(prompt: string, lowerCase: boolean): string[] {
  const out: string[] = [];
  let current = '';
  const parts = prompt.split(/(?<=[.!?])\s+|(?<=[。！？])\s*/);
  parts.forEach((part, i) => {
    current = current ? `${current} ${part}` : part;
    const next = parts[i + 1];
    const alternative = next !== undefined && /[？?]$/.test(current) && CJK_ALTERNATIVE.test(next.trim()) && i + 2 >= parts.length;
    const startsSentence =
      !alternative && (next === undefined || lowerCase || CJK_END.test(current) || /^["“'‘¿¡(\p{Lu}\d]/u.test(next) || asksInLowerCase(current, next));
    // "EE. UU.": a short capital before a full stop, then another, is one abbreviation.
    const abbreviated = endsInAbbreviation(current, next);
    if (startsSentence && !abbreviated) {
      out.push(current.trim());
      current = '';
    }
  });
  if (current.trim()) out.push(current.trim());
  return out.filter((s) => s.length > 0);
}
