/*
 * A brief's sentences: where a prompt's sentences end (full stops, question marks, line breaks,
 * Japanese ends), abbreviations kept whole.
 */

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

/**
 * Splits a prompt into sentences at `.`, `!` and `?` followed by a space and a capital (or an
 * opening quote or question mark); abbreviations ("U.S.", "EE. UU.", "vs.") stay whole.
 */
export function sentencesOf(prompt: string): string[] {
  // A prompt written all in lower case starts no sentence with a capital: any full stop ends one.
  const lowerCase = !/\p{Lu}/u.test(prompt);
  // A line break ends a sentence (an email, a list of notes); a bullet is not part of its line.
  return prompt
    .split(/\n+/)
    .map((line) => line.replace(/^\s*(?:[-*•·–—]+|\d+[.)])\s+/, '').trim())
    .filter((line) => line.length > 0)
    .flatMap((line) => sentencesOfLine(line, lowerCase));
}

function sentencesOfLine(prompt: string, lowerCase: boolean): string[] {
  const out: string[] = [];
  let current = '';
  const parts = prompt.split(/(?<=[.!?])\s+|(?<=[。！？])\s*/);
  parts.forEach((part, i) => {
    current = current ? `${current} ${part}` : part;
    const next = parts[i + 1];
    const alternative = next !== undefined && /[？?]$/.test(current) && CJK_ALTERNATIVE.test(next.trim()) && i + 2 >= parts.length;
    const startsSentence = !alternative && (next === undefined || lowerCase || CJK_END.test(current) || /^["“'‘¿¡(\p{Lu}\d]/u.test(next));
    // "EE. UU.": a short capital before a full stop, then another, is one abbreviation.
    const abbreviated = ABBREVIATION.test(current) || (SHORT_CAPITAL.test(current) && SHORT_CAPITAL_START.test(next ?? ''));
    if (startsSentence && !abbreviated) {
      out.push(current.trim());
      current = '';
    }
  });
  if (current.trim()) out.push(current.trim());
  return out.filter((s) => s.length > 0);
}
