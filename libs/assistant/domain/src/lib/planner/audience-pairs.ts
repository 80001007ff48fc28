/*
 * Two groups of people said as a pair are one audience, not two sides: "people who use both TikTok
 * and Instagram" are those with both answers, "Brazilians who use either Nubank or Revolut" those
 * with at least one. The words of pairing are the subject's (`context-lexicon.json` `bothWords`,
 * `eitherWords`); without them, groups joined by "and"/"or" stay sides of a comparison (roles.ts).
 */
import { PlanAudience } from '../assistant.types';
import { GROUP_NOUNS } from '../synonyms';
import { phraseAudience } from './audiences';
import { BOTH, EITHER } from './combine';
import { Span } from './types';
import { LEXICON } from '../../lexicon/lexicon';

/** Words that may stand between a word of pairing and its first group, or between the two groups. */
const ARTICLES = new Set(LEXICON.grammar.articles);

/** Light verbs that may open the second group of a pair ("both swim and do yoga"). */
const PAIR_VERBS = new Set(LEXICON.grammar.pairVerbs);
/** Links in a clause that add a second answer to the same people ("who run and also go to the gym"). */
const ALSO_LINKS = new Set(LEXICON.grammar.clauseAlsoLinks);
/** Words that open a relative clause about people (`grammar.json` `relativeWords`). */
const RELATIVE = new Set(LEXICON.grammar.relativeWords);
/** Words that negate what people have ("no children", "without a car"): `grammar.json` `clauseNegations`. */
const NEGATIONS = new Set(LEXICON.grammar.clauseNegations);

export type PairJoin = 'all' | 'any';

/** The word of pairing said just before a group ("both", "either"), past articles: how a pair after it joins. */
export function pairHead(words: readonly string[], span: Span): PairJoin | null {
  let i = span.start - 1;
  while (i >= 0 && ARTICLES.has(words[i])) i--;
  if (BOTH.has(words[i] ?? '')) return 'all';
  if (EITHER.has(words[i] ?? '')) return 'any';
  return null;
}

/**
 * How group `b` joins the pair opened before `first` and last continued by `previous`: "both X and
 * Y" (also "both X, Y and Z") every one, "either X or Y" at least one; null when they are not said
 * as a pair.
 */
export function pairJoin(words: readonly string[], first: Span, previous: Span, b: Span): PairJoin | null {
  if (b.start < previous.end) return null;
  const head = pairHead(words, first);
  const gap = words.slice(previous.end, b.start).filter((w) => !GROUP_NOUNS.has(w) && !ARTICLES.has(w));
  const linked = linkWords(gap);
  if (!head) return (inClause(words, first) && ALSO_LINKS.has(linked.join(' '))) || withAndWithout(words, first, previous, b, linked) ? 'all' : null;
  const join = head === 'all' ? 'and' : 'or';
  if (linked.length === 1 && (linked[0] === join || linked[0] === '|')) return head;
  return null;
}

/**
 * "People with a dog and no children", "with a car and without a garden": what the people have
 * and, after "and", what they have not are two conditions on the same people, not two sides.
 */
function withAndWithout(words: readonly string[], first: Span, previous: Span, b: Span, linked: readonly string[]): boolean {
  if (previous !== first || linked.length !== 1 || linked[0] !== 'and' || !NEGATIONS.has(words[b.start])) return false;
  let i = first.start - 1;
  while (i >= 0 && ARTICLES.has(words[i])) i--;
  return words[i] === 'with';
}

/** The words linking two groups without the light verbs that may open the second ("both swim and do yoga", "who run and also go to the gym"). */
const linkWords = (gap: readonly string[]) => gap.filter((w, k) => k === 0 || !PAIR_VERBS.has(w));

/** Whether a group is said in a clause about people ("who run ..."): a relative word before it in its sentence. */
function inClause(words: readonly string[], span: Span): boolean {
  for (let k = span.start - 1; k >= 0 && k >= span.start - 4; k--) {
    if (words[k] === '|') return false;
    if (RELATIVE.has(words[k])) return true;
  }
  return false;
}

/**
 * A word of pairing that the catalogue also holds as an answer ("Both" of smoking and vaping) read
 * as the word, when a pair of groups follows it ("people who both cycle and run"); never when the
 * pair is of that answer's own question ("who both smoke and vape" is its "Both").
 */
export function pairingWordSpans(words: readonly string[], spans: readonly Span[]): Set<Span> {
  const out = new Set<Span>();
  for (const s of spans) {
    if (s.entry.kind !== 'datapoint' || s.end - s.start !== 1) continue;
    const w = words[s.start];
    if (!BOTH.has(w) && !EITHER.has(w)) continue;
    const after = spans.filter((o) => o !== s && o.start >= s.end).sort((x, y) => x.start - y.start);
    const [a, b] = after;
    if (!a || !b || words.slice(s.end, a.start).some((x) => !ARTICLES.has(x))) continue;
    const own = new Set(s.entry.refs.map((r) => r.question.code));
    const ofOwn = (o: Span) => o.entry.kind === 'datapoint' && o.entry.refs.some((r) => own.has(r.question.code));
    if (ofOwn(a) && ofOwn(b)) continue;
    const gap = linkWords(words.slice(a.end, b.start).filter((x) => !ARTICLES.has(x)));
    if (gap.length === 1 && (gap[0] === 'and' || gap[0] === 'or')) out.add(s);
  }
  return out;
}

/** Several groups of which people need only one: one leaf of their answers when they share a question and its suffixes, else an OR. */
export function unionAudience(parts: PlanAudience[]): PlanAudience {
  if (parts.length === 1) return parts[0];
  const leaves = parts.map((p) => p.expression);
  const first = leaves[0];
  const same =
    leaves.every((l) => typeof l['question'] === 'string' && l['question'] === first['question'] && Array.isArray(l['datapoints']) && l['not'] !== true) &&
    leaves.every((l) => JSON.stringify(l['suffixes'] ?? null) === JSON.stringify(first['suffixes'] ?? null));
  const name = parts.map((p) => p.name).join(' or ');
  const description = `Respondents in at least one of: ${parts.map((p) => p.name).join(', ')}.`;
  if (same) {
    const datapoints = [...new Set(leaves.flatMap((l) => l['datapoints'] as string[]))];
    return phraseAudience(name, description, { ...first, datapoints });
  }
  return phraseAudience(name, description, { or: leaves });
}
