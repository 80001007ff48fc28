import { LEXICON } from '../../lexicon/lexicon';
import { GROUP_NOUNS } from '../synonyms';
import { Span } from './types';

const RELATIVE_HEADS = new Set(LEXICON.grammar.relativeHeads);
/** Words that open a relative clause about people (`grammar.json` `relativeWords`: "who", "that", "whose highest qualification is ..."). */
const RELATIVE = new Set(LEXICON.grammar.relativeWords);
/** The people of a market named without a plural s ("the French who ..."): `grammar.json` `pluralDemonymsWithoutS`. */
const DEMONYMS_WITHOUT_S = new Set(LEXICON.grammar.pluralDemonymsWithoutS);

/**
 * Whether the "who"/"that" at `who` opens a clause about people: after a word for people ("people
 * who ...", "those that ...", "Netflix subscribers who ..."), after an audience ("Millennials who ..."), after a people word and the market they live in ("people in the UK
 * who ..."), or after the people of a market by their demonym ("Germans who travel for work").
 */
export function relativeAboutPeople(words: readonly string[], who: number, spans: readonly Span[]): boolean {
  return who > 0 && RELATIVE.has(words[who]) && peopleBefore(words, who, spans);
}

/**
 * Whether the words just before `who` name people (a word for people, a group noun, an audience,
 * the people of a market): the head a clause ("who ...") or a phrase ("with a car") describes.
 */
export function peopleBefore(words: readonly string[], who: number, spans: readonly Span[]): boolean {
  if (who <= 0) return false;
  if (RELATIVE_HEADS.has(words[who - 1])) return true;
  // "Netflix subscribers who ...", "Millennials who ...": people named by a group noun or an audience.
  if (GROUP_NOUNS.has(words[who - 1]) && /s$/.test(words[who - 1])) return true;
  if (spans.some((s) => s.entry.kind === 'audience' && s.end === who)) return true;
  const market = spans.find((s) => (s.entry.kind === 'market' || s.entry.kind === 'region') && s.end === who);
  if (!market) return false;
  const k = words[market.start - 1] === 'the' ? market.start - 1 : market.start;
  // "people in the UK who": the people before the market; "Germans who": the market's people.
  if (words[k - 1] === 'in') return placedPeopleBefore(words, who, spans);
  return /s$/.test(words[who - 1]) || DEMONYMS_WITHOUT_S.has(words[who - 1]);
}

/**
 * Whether a word for people (with the audience that qualifies it: "adults 45-54") and the market
 * they live in end right before `at` ("people in the UK | who ...", "respondents in India | with
 * a postgraduate degree").
 */
export function placedPeopleBefore(words: readonly string[], at: number, spans: readonly Span[]): boolean {
  const market = spans.find((s) => (s.entry.kind === 'market' || s.entry.kind === 'region') && s.end === at);
  if (!market) return false;
  let k = market.start;
  if (words[k - 1] === 'the') k--;
  if (words[k - 1] !== 'in') return false;
  // "adults 45-54 in the UK who ...", "people aged 25-34 in Spain with ...": a word for people with its ages.
  const ages = spans.find((s) => s.entry.kind === 'audience' && s.end === k - 1);
  return RELATIVE_HEADS.has(words[(ages?.start ?? k - 1) - 1] ?? '');
}

/** The clause-opening "who"/"that" about people before `at` within its clause (up to `reach` words back), or -1. */
export function peopleClauseBefore(words: readonly string[], at: number, spans: readonly Span[], reach = 8): number {
  const clauseStart = words.lastIndexOf('|', at - 1) + 1;
  for (let i = at - 1; i >= Math.max(clauseStart, at - reach); i--) if (relativeAboutPeople(words, i, spans)) return i;
  return -1;
}

/** Words of combining that name an answer ("Both" of smoking) but, after "who own", join the things owned. */
const COMBINING = new Set(['both', 'either', 'neither', 'none', 'all']);
const PLACE_PREPOSITIONS = new Set(['on', 'in', 'at', 'via', 'through', 'with', 'for', 'of']);

/**
 * An answer in a clause about people ("Germans who travel for work stay at Marriott hotels") is
 * the group when the clause ends before another thing measured: a verb stands between them. An
 * answer joined to the next one by a preposition alone ("who follow influencers on Instagram") is
 * one thing asked about, and a word of combining ("who own both ...") is no group.
 */
export function clauseGroup(words: readonly string[], span: Span, datapointSpans: readonly Span[], spans: readonly Span[], askedBefore = false): boolean {
  if (span.end - span.start === 1 && COMBINING.has(words[span.start])) return false;
  if (peopleClauseBefore(words, span.start, spans) < 0) return false;
  const next = datapointSpans.filter((o) => o.start >= span.end).sort((a, b) => a.start - b.start)[0];
  if (!next) return askedBefore;
  const gap = words.slice(span.end, next.start).filter((w) => w !== 'the' && w !== 'a' && w !== 'an');
  // "(use) LinkedIn to look for jobs", "their finances to get better": the first names what the second is about.
  return !(gap.length <= 1 && gap.every((w) => PLACE_PREPOSITIONS.has(w) || w === 'to'));
}

/**
 * Whether word `i` belongs to what names the people rather than the topic: a name not measured, or
 * the words of a group's own clause before its name ("subscribers who also shop on Amazon: ... use
 * Disney+": "shop" is the group's act, not the topic's).
 */
export function groupWordAt(reading: { words: readonly string[]; spans: readonly Span[] }, topicSpans: readonly Span[], groupSpans: readonly Span[]) {
  const { words, spans } = reading;
  const clauses = groupSpans.map((g) => ({ from: peopleClauseBefore(words, g.start, spans), to: g.start })).filter((c) => c.from >= 0);
  return (i: number) => spans.some((s) => !topicSpans.includes(s) && i >= s.start && i < s.end) || clauses.some((c) => i > c.from && i < c.to);
}
