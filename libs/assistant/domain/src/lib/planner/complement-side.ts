import { AnalysisKind, PlanAudience, PlannerCatalogue } from '../assistant.types';
import { singleLeaf } from './audiences';
import { LEXICON } from '../../lexicon/lexicon';

/** Phrases naming everyone outside the one audience named as a group (`grammar.json` `complementSides`: "non-users"). */
const GROUP_SIDES = LEXICON.grammar.complementSides.map((p) => p.split(' '));
/** Phrases naming it as the rest of the population (`complementRest`: "everyone else"), which is an index's base. */
const REST_SIDES = LEXICON.grammar.complementRest.map((p) => p.split(' '));

/** The rest named as the other people (`restPeople`: "everyone else"), a side even after "than". */
const PEOPLE_REST = LEXICON.grammar.restPeople.map((p) => p.split(' '));

/** Words that put a phrase on the other side of a comparison ("vs", "and", "compared with"). */
const SIDE_LINKS = new Set(LEXICON.grammar.connectors.filter((w) => w !== 'plus'));

/** Links that set the rest beside the audience as an equal side ("Gen Z vs everyone else"), not as a base ("than", "compared with"). */
const EVEN_LINKS = new Set(LEXICON.grammar.evenSideLinks);

/**
 * Index of the first word of a complement phrase that follows a comparison link, or -1; `rest`:
 * "everyone else" too, or only after an even link ("vs the rest") when `rest` is `'even'`, or also
 * after "compared to/with" (or "than" for the rest named as people) when `'compared'` ("vegans compared to everyone else on plant-based milk",
 * "more likely than everyone else to buy second-hand").
 */
export function complementSideAt(words: readonly string[], rest: boolean | 'even' | 'compared' = true): number {
  for (let i = 1; i < words.length; i++) {
    const before = words[i - 1];
    const compared = (before === 'with' || before === 'to') && words[i - 2] === 'compared';
    const linked = SIDE_LINKS.has(before) || compared;
    if (!linked) continue;
    const even = (rest === 'even' || rest === 'compared') && (EVEN_LINKS.has(before) || (rest === 'compared' && compared));
    // After a comparative's "than", only the rest named as people ("more likely than everyone else to
    // ..."); "than the rest of the population" names the index's base.
    const than = rest === 'compared' && before === 'than';
    const sides = rest === true || even ? [...GROUP_SIDES, ...REST_SIDES] : than ? [...GROUP_SIDES, ...PEOPLE_REST] : GROUP_SIDES;
    if (sides.some((p) => p.every((w, k) => words[i + k] === w))) return i;
  }
  return -1;
}

/**
 * "People who worry about climate change vs those who don't", "ChatGPT users and non-users",
 * "Gen Z compared with everyone else": one audience named and the other side said as everyone
 * outside it. The sides are the audience (unnegated, where the prompt's own negation reached it)
 * and its complement (`"not": true` on the whole expression), and a share, ranking or index of
 * one audience becomes a comparison of the two. An index already compares its audience with the
 * rest, so an index "compared with everyone else" stays one; "X users and non-users" on a topic
 * names two groups and is a comparison, and so is the rest set beside the audience as an equal
 * side ("Gen Z vs everyone else on BeReal", or "compared to everyone else", "more likely than everyone
 * else to ..." with the topic said in the prompt, `topicSaid`) when no word of indexing is said (`indexSaid`: "over-index", "skew", "than average").
 */
export function withComplementSide(
  audiences: PlanAudience[],
  kind: AnalysisKind,
  words: readonly string[],
  hasTopic: boolean,
  indexSaid = true,
  topicSaid = false,
  catalogue?: PlannerCatalogue,
): { audiences: PlanAudience[]; kind: AnalysisKind } {
  if (audiences.length !== 1 || audiences[0].origin === 'everyone') return { audiences, kind };
  // With the topic said in the prompt and no word of indexing, "compared to everyone else" sets the
  // rest beside the audience too; a follow-up naming only the rest ("and compared to everyone else?") indexes.
  const rest = kind !== 'indexing' ? true : indexSaid ? false : topicSaid ? 'compared' : 'even';
  if (complementSideAt(words, rest) < 0 || (kind === 'indexing' && !hasTopic)) return { audiences, kind };
  const named = audiences[0];
  const negated = named.expression['not'] === true;
  const positive = Object.fromEntries(Object.entries(named.expression).filter(([key]) => key !== 'not'));
  const base: PlanAudience = negated ? { ...named, id: named.id.replace(/^not:/, ''), name: named.name.replace(/\bnon-/i, ''), expression: positive } : named;
  const other: PlanAudience = {
    id: `not:${base.id}`,
    name: `Not ${base.name}`,
    description: `Respondents outside ${base.name}.`,
    expression: (catalogue && ownComplement(positive, catalogue)) ?? { ...positive, not: true },
    origin: 'phrase',
  };
  return { audiences: [base, other], kind: kind === 'share' || kind === 'ranking' || kind === 'indexing' ? 'comparison' : kind };
}

/** First words of an answer that is the question's own "none" ("No car", "None", "Never smoked"). */
const NONE_FIRST = new Set([...LEXICON.grammar.clauseNegations, 'none']);

/**
 * The question's own answer for everyone outside a group of its answers ("people with a car and
 * people without one": No car): the one other answer, when its name opens with a negation; else null.
 */
export function ownComplement(positive: Record<string, unknown>, catalogue: PlannerCatalogue): Record<string, unknown> | null {
  const leaf = singleLeaf(positive);
  if (!leaf || positive['suffixes'] !== undefined) return null;
  const question = catalogue.questions.find((q) => q.code === leaf.question);
  const rest = question?.datapoints.filter((d) => !leaf.datapoints.includes(d.code)) ?? [];
  if (rest.length !== 1 || !NONE_FIRST.has(rest[0].name.toLowerCase().split(/[^a-z]+/)[0] ?? '')) return null;
  return { question: leaf.question, datapoints: [rest[0].code] };
}
