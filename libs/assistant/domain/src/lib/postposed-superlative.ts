import { numberWord } from './text';

/** Words that end a noun phrase: no noun a superlative after them could follow. */
const NOT_NOUN = new Set([
  'the',
  'a',
  'of',
  'in',
  'and',
  'or',
  'is',
  'are',
  'which',
  'what',
  'who',
  'most',
  'least',
  'more',
  'less',
  'by',
  'for',
  'among',
  '|',
]);

/** The words of a superlative that may follow its noun in a Romance language, and how many words each takes. */
function superlativeAt(words: readonly string[], k: number): number {
  if (words[k] === 'favourite') return 1;
  // "most used", "least popular": the superlative and its adjective or participle.
  if ((words[k] === 'most' || words[k] === 'least') && words[k + 1] !== undefined && !NOT_NOUN.has(words[k + 1])) return 2;
  return 0;
}

/**
 * Romance languages put a superlative after its noun ("il servizio di streaming più usato", "la
 * marca de coches favorita"): translated, "the streaming service most used". The superlative is
 * put before the noun phrase after "the" (one to three words), in English order ("the most used
 * streaming service"), so the noun reads as the one asked for and a singular noun asks for one.
 */
export function superlativesBeforeNouns(words: readonly string[]): string[] {
  const out = [...words];
  for (let k = 2; k < out.length; k++) {
    const n = superlativeAt(out, k);
    if (n === 0) continue;
    let start = k;
    // "the three airlines favourite": a count before the noun stays first, and the words keep their order.
    while (start > 0 && k - start < 3 && !NOT_NOUN.has(out[start - 1]) && numberWord(out[start - 1]) === undefined) start--;
    if (start === k || out[start - 1] !== 'the') continue;
    const superlative = out.slice(k, k + n);
    out.splice(k, n);
    out.splice(start, 0, ...superlative);
    k += n - 1;
  }
  return out;
}
