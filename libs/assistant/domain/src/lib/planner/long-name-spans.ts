import { CatalogueIndex } from '../catalogue-index';
import { CANONICAL, FUNCTION_WORDS, numberWord, stem, STOPWORDS, writtenStem } from '../text';

/** How many stopwords between a name's words count for nothing. */
const MAX_FILLERS = 3;
import { Span } from './types';

/**
 * Per catalogue index, read once rather than at every prompt: the numbers each long name holds, and
 * for each content word the long names that have it (by position in `longNames`, once for each
 * time the name has the word).
 */
const LOOKUP = new WeakMap<CatalogueIndex, { numbers: number[][]; byWord: Map<string, number[]> }>();

function lookupOf(index: CatalogueIndex): { numbers: number[][]; byWord: Map<string, number[]> } {
  let lookup = LOOKUP.get(index);
  if (!lookup) {
    const byWord = new Map<string, number[]>();
    index.longNames.forEach(({ content }, name) =>
      content.forEach((c) => {
        const names = byWord.get(c);
        if (names) names.push(name);
        else byWord.set(c, [name]);
      }),
    );
    const numbers = index.longNames.map(({ entry }) => entry.words.filter((w) => /^\d+(\.\d+)?$/.test(w)).map(Number));
    LOOKUP.set(index, (lookup = { numbers, byWord }));
  }
  return lookup;
}

/**
 * Long datapoint names said in other words ("buying directly on a social platform" for "Bought a
 * product directly on a social platform"): most of the name's content words, in a short stretch.
 */
export function longNameSpans(words: string[], used: Set<number>, index: CatalogueIndex): Span[] {
  const out: Span[] = [];
  const stems = words.map((w, i) => (used.has(i) || w === '|' || FUNCTION_WORDS.has(w) ? '' : stem(w)));
  const present = new Set(stems);
  const said = new Set(words.map((w) => numberWord(w)).filter((n): n is number => n !== undefined));
  const { numbers, byWord } = lookupOf(index);
  // How many of each long name's content words the prompt says: only names with one of its words are looked at, in their order.
  const hitsOf = new Map<number, number>();
  for (const c of present) for (const name of byWord.get(c) ?? []) hitsOf.set(name, (hitsOf.get(name) ?? 0) + 1);
  for (const [name, hits] of [...hitsOf].sort((a, b) => a[0] - b[0])) {
    const { entry, content } = index.longNames[name];
    // A name holding a number ("5 or more people") is that amount: not said without it ("people do more").
    if (numbers[name].some((n) => !said.has(n))) continue;
    // Cheap test first: short names need every content word, long ones three.
    if (hits < Math.min(3, content.length)) continue;
    // A long name by most of its content words, anywhere in a short stretch; a short one by all
    // of them, in order, with at most one word more.
    const long = entry.words.length >= 4 && new Set(content).size >= 3;
    const at: number[] = [];
    if (long) {
      for (const c of new Set(content)) {
        const i = stems.indexOf(c);
        if (i >= 0) at.push(i);
      }
      if (at.length < 3 || at.length / new Set(content).size < 0.6) continue;
    } else {
      let from = 0;
      for (const c of content) {
        const i = stems.indexOf(c, from);
        if (i < 0) break;
        at.push(i);
        from = i + 1;
      }
      // Two words may come the other way round when nothing but function words stands between
      // them ("track sleep" for "Sleep tracking").
      if (at.length < content.length && content.length === 2) {
        const a = stems.indexOf(content[1]);
        const b = a < 0 ? -1 : stems.indexOf(content[0], a + 1);
        if (a >= 0 && b > a && stems.slice(a + 1, b).every((x) => x === '')) at.splice(0, at.length, a, b);
      }
      // Three or more content words in another order, close together ("bank through a mobile
      // app" for "Mobile banking app"): the name said as a verb phrase.
      if (at.length < content.length && content.length >= 3) {
        const anyOrder = content.map((c) => stems.indexOf(c));
        // A word that ends another name ("employed" of "self employed") is that name's, not this one's.
        const ownsWord = (i: number) => !(index.byFirst.get(words[i - 1] ?? '') ?? []).some((e) => e.words.length === 2 && e.words[1] === words[i]);
        if (anyOrder.every((i) => i >= 0 && ownsWord(i)) && new Set(anyOrder).size === anyOrder.length) {
          at.splice(0, at.length, ...anyOrder);
        }
      }
      if (at.length < content.length) continue;
    }
    const start = Math.min(...at);
    const end = Math.max(...at) + 1;
    // A short name of three content words may have a few words between them; of two, one. Words
    // of quantity between a verb and its object count for none ("read a lot of books"), within a clause.
    const fillers =
      content.length === 2 && !words.slice(start, end).includes('|')
        ? [...Array(end - start).keys()].filter((k) => !at.includes(start + k) && STOPWORDS.has(words[start + k])).length
        : 0;
    if (end - start - Math.min(fillers, MAX_FILLERS) > entry.words.length + (long ? 2 : content.length >= 3 ? 3 : 1)) continue;
    const loose: number[] = [];
    for (let i = start; i < end; i++) if (!at.includes(i) && stems[i] !== '') loose.push(i);
    // A name met only through another word for one of its own ("hold a mortgage" for "Own with a
    // mortgage") does not swallow a name said as it is ("Mortgage", a financial product held).
    // A word that is only an inflection of the name's own ("read" for "Reading books") is no other word.
    const inflected = (i: number) => entry.words.some((n) => writtenStem(n) === writtenStem(words[i]));
    const reworded = at.some((i) => CANONICAL[words[i]] !== undefined && !entry.words.includes(words[i]) && !inflected(i));
    if (
      reworded &&
      at.some((i) => (index.byFirst.get(words[i]) ?? []).some((e) => e.kind === 'datapoint' && e.words.length === 1 && e.refs.some((r) => !r.partial)))
    )
      continue;
    // Every content word of a short name, nothing else: the name itself, inflected.
    const partial = long || loose.length > 0;
    out.push({ start, end, entry: { ...entry, refs: entry.refs.map((r) => ({ ...r, partial: r.partial || partial })) }, typo: false, loose });
  }
  return out;
}
