import { AnalysisKind } from '../assistant.types';
import { escapeRegExp, stem, STOPWORDS } from '../text';
import { FUTURE } from '../time';
import { BASE_CONTRAST, COMPARISON, DIFFERENCE, INDEX, NUMBER_OF_GROUP, RANKING, SHARE, TREND } from './cues';
import { CUSTOMER_STEMS } from './topic-words';
import { KindCues, PromptContext, Roles } from './types';
import { LEXICON } from '../../lexicon/lexicon';

/** The words of the planner's grammar (`lexicon/grammar.json`). */
const G = LEXICON.grammar;

export function isForecast(text: string): boolean {
  if (/\b(plan|plans|planning|intend|intends|intention|intentions|expect to buy|planning to buy)\b/.test(text)) return false;
  if (FUTURE.test(text)) return true;
  if (/\bwill\b.*\bbe\b/.test(text) || /\bin (\d+|two|three|four|five|ten) years\b/.test(text)) return true;
  // "likely to keep growing", "where is TikTok heading?", "what will happen to...": what is to come.
  if (
    /\b(keep|keeps|continue to|continues to|carry on) (grow|growing|rising|rise|falling|fall|declining|decline|increasing|increase|shrinking|dropping)\b|\bwill happen\b|\bhead(ing|ed)\b|\bgoing forward\b|\bin the coming (months|years|quarters|waves)\b/.test(
      text,
    )
  )
    return true;
  // "Will Threads keep growing?", "will TikTok grow in Spain?": a change yet to come.
  if (/\b(will|going to|gonna) (keep|continue|carry on|still)\b/.test(text)) return true;
  const future = text.search(/\b(will|going to|gonna)\b/);
  if (future >= 0 && !/\b(will|would|could|can) you\b/.test(text) && TREND.test(text.slice(future))) return true;
  return /\b(preve|prevision|prognose)\b/.test(text);
}

/** "A typical Gen Z woman", "the average boomer": one person standing for the group (`grammar.json` `onePersonOf`). */
const ONE_PERSON_OF = new RegExp(`\\b(${G.onePersonOf.join('|')})\\b`, 'g');

const HC = G.hypotheticalChange;
/** "What would most increase their likelihood to buy": a modal of what would happen, an adverb, then a word. */
const HYPOTHETICAL = new RegExp(`\\b(?:${HC.modals.join('|')})(?: (?:${HC.adverbs.join('|')}))? (\\S+)`, 'g');

/** The text without change verbs that only imagine an effect ("would most increase", "could drop"): no trend is asked by them. */
function withoutHypotheticalChange(text: string): string {
  return text.replace(HYPOTHETICAL, (whole: string, verb: string) => (TREND.test(verb) ? whole.slice(0, -verb.length) : whole));
}

export function readKind(text: string): KindCues {
  const trend = TREND.test(withoutHypotheticalChange(text));
  const index = INDEX.test(text);
  // "Which platforms does a typical Gen Z woman use?" asks what she does, not what is typical of her.
  const open = DIFFERENCE.test(text.replace(ONE_PERSON_OF, ' '));
  return {
    trend,
    indexing: index || (open && !trend),
    explicitIndex: index,
    openIndexing: open || index,
    comparison: COMPARISON.test(text),
    // "What's the number one streaming service?", "the preferred bank": a superlative of one answer asks for a ranking as "top" does.
    ranking: RANKING.test(text) || ONE_ANSWER_SUPERLATIVE.test(text),
    share: SHARE.test(text),
  };
}

/** Nouns ending in s that are singular or stand before another noun ("news source", "sports brand"). */
export const ATTRIBUTIVE_S = new Set(G.attributiveS);

const alternatives = (list: readonly string[]) =>
  [...list]
    .sort((a, b) => b.length - a.length)
    .map((p) => escapeRegExp(p))
    .join('|');
/** A superlative of `grammar.json` after "the", a possessive or a clause start, and what follows it. */
const ONE_ANSWER_SUPERLATIVE = new RegExp(`(?:\\b(?:the|s)|^|\\|) (?:single )?(?:${alternatives(G.oneAnswerSuperlatives)})\\b(.*)$`);
/** The first words of the verbs of coming first ("leads", "comes" of "comes top"): the noun asked about ends before them. */
const LEAD_VERBS = new Set(G.leadVerbs.map((v) => v.split(' ')[0]));
const SINGLE_SUPERLATIVE = new RegExp(`\\bsingle (?:${alternatives(G.oneAnswerSuperlatives)})\\b`);
/** After "which": a superlative ("which platform ... most"), a verb of coming first ("which brand leads") or of preferring ("which bank do they prefer"). */
const WHICH_SUPERLATIVE = new RegExp(` (best|${alternatives([...G.oneAnswerSuperlatives, ...G.leadVerbs, ...G.preferenceVerbs])}) `);

/** "the most used social platform", "the least used app", "the favourite brand": one datapoint, not a list. */
export function singularSuperlative(text: string, kind: AnalysisKind): boolean {
  if (kind !== 'ranking' && kind !== 'comparison') return false;
  // At the start of a clause too: "most used ai chatbot among gen z", "most popular news source for them".
  // "Favourite" needs no article before it ("gen z fav streaming service uk").
  // "The single most used", Japanese "一番" (read as "single most"; its nouns have no plural): one answer.
  if (SINGLE_SUPERLATIVE.test(text)) return true;
  const m = ONE_ANSWER_SUPERLATIVE.exec(text) ?? /\b(?:favourite|favorite)\b(.*)$/.exec(text);
  if (!m) return false;
  const next = m[1]
    .trim()
    .split(' ')
    .filter(
      (w) =>
        !['used', 'popular', 'common', 'trusted', 'watched', 'played', 'liked', 'social', 'media', 'streaming', 'fast', 'food', 'ai', 'music', 'car'].includes(
          w,
        ),
    );
  // The noun phrase after it, up to a function word (at most three words): singular when no word
  // of it is a plural ("most innovative car brands" is a list, "most trusted tech brand" one).
  const at = next.findIndex((w) => w.length > 2 && !STOPWORDS.has(w));
  if (at < 0) return false;
  const run: string[] = [];
  for (const w of next.slice(at)) {
    if (w === '|' || STOPWORDS.has(w) || run.length === 3) break;
    run.push(w);
  }
  return run.every((w, k) => {
    if (w.length <= 3 || !w.endsWith('s') || w.endsWith('ss')) return true;
    // "news source", "sports brand": a noun ending in s before another noun is not the head.
    const after = run[k + 1];
    return ATTRIBUTIVE_S.has(w) && after !== undefined && !/(ed|ing)$/.test(after);
  });
}

/**
 * "Which platform do Gen Z use most?", "what tech brand is the most innovative?": a ranking
 * question about a singular noun asks for one answer (the plural asks for a list).
 */
export function singularWhich(words: string[], kind: AnalysisKind): boolean {
  if (kind !== 'ranking' || !['which', 'what'].includes(words[0] ?? '')) return false;
  const text = ` ${words.join(' ')} `;
  if (!WHICH_SUPERLATIVE.test(text) && !(/ more /.test(text) && !/ than /.test(text))) return false;
  let head: string | undefined;
  // The word right after "which" is the noun it determines, even one that is also a verb of being
  // a customer ("which bank do they prefer", "which shop"); a customer verb after it ends the noun.
  for (const [k, w] of words.slice(1).entries()) {
    if (w === '|' || STOPWORDS.has(w) || (k > 0 && CUSTOMER_STEMS.has(stem(w))) || LEAD_VERBS.has(w) || /^(do|does|did|is|are|was|were|have|has)$/.test(w))
      break;
    head = w;
  }
  return head !== undefined && head.length > 2 && !head.endsWith('s');
}

/** The heads a clause about people starts with ("people", "users") and the words that refer to people ("them"). */
const PEOPLE_HEADS = new Set([...G.relativeHeads, ...G.peopleReferences]);

/**
 * "What do most people in Brazil use to pay online?", "which app do most of them use?": "most"
 * said of the people, not of the thing, in a question of what they do: the one answer most of
 * them give. `named(i)`: the prompt's words from `i` name a market or an audience ("most Germans").
 */
export function mostOfPeople(words: string[], kind: AnalysisKind, named: (i: number) => boolean): boolean {
  if (kind !== 'ranking' || !['which', 'what'].includes(words[0] ?? '')) return false;
  const clause = words.indexOf('|') < 0 ? words.length : words.indexOf('|');
  for (let i = 1; i < clause - 1; i++) {
    if (words[i] !== 'most' || !/^(do|does|did|what|which)$/.test(words[i - 1])) continue;
    const next = words[i + 1] === 'of' ? i + 2 : i + 1;
    if (PEOPLE_HEADS.has(words[next] ?? '') || named(next)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// The topic

/** The cues of the kind of answer; words inside a name ("Sleep tracking", "Buy now pay later") are not cues. */
export function readKindCues(ctx: PromptContext): KindCues {
  const { words, reading } = ctx;
  // The words of a market ranking ("Spotify's strongest markets") are the dimension's, not an open index.
  // So are those of "where ... most" ("where is Spotify strongest?"): a superlative of the markets, not of an index.
  const ranking = reading.dimension.markets || reading.dimension.where ? new Set(reading.dimension.used) : new Set<number>();
  const inName = (i: number) => reading.spans.some((s) => s.entry.kind === 'datapoint' && i >= s.start && i < s.end);
  return readKind(` ${words.map((w, i) => (inName(i) || ranking.has(i) ? '_' : w)).join(' ')} `);
}

/** "into" ending its clause, or before only a time or degree word: what a group is into, no object named. */
const OPEN_INTO = /\binto(?= *(?:\||$|these days|lately|right now|at the moment|nowadays|most|more|than|compared|vs|versus))/;

/** The cues read again once the sides are known: one group against the base is an index, two groups a comparison. */
export function refineKindCues(ctx: PromptContext, kindCues: KindCues, roles: Roles, marketCount: number, they: number): void {
  const { text, previous, docked } = ctx;
  // "Vs daily Instagram users: who's more likely to ...?" with an audience docked: the docked audience
  // is the other side (`withDocked`), so two sides are compared.
  // "Which of these 2 is more likely to ...?" with two docked and none named: the docked audiences
  // are the sides (`withDocked`), so they are compared, not each indexed (an open profile, "how
  // do my audiences differ?", still profiles each).
  const dockedOnly = roles.sides.length === 0 && previous === null && !kindCues.openIndexing;
  const dockedSides = dockedAgainstNamed(ctx, roles.sides.length) || dockedOnly ? docked.length : 0;
  const sides = roles.sides.length + dockedSides;
  // "Are parents more likely to use X?": one group against everyone else is an index; two groups, a comparison.
  if (/\b(more|less) likely\b/.test(text) && sides <= 1 && marketCount <= 1) {
    kindCues.indexing = true;
    kindCues.openIndexing = true;
  }
  // "What are Gen Z into compared to everyone else?": one group read against the base is an index.
  const previousGroup = previous !== null && previous.audiences.length === 1 && previous.audiences[0].origin !== 'everyone';
  const oneGroup = roles.sides.length === 1 || (roles.sides.length === 0 && (docked.length === 1 || they >= 0 || previousGroup));
  // "What are Luxury fashion buyers into (these days)?": "into" with no object after it asks what the group is into.
  if (OPEN_INTO.test(text) && oneGroup && marketCount <= 1) kindCues.indexing = kindCues.openIndexing = true;
  if (BASE_CONTRAST.test(text) && oneGroup && marketCount <= 1) {
    kindCues.indexing = true;
    kindCues.openIndexing = true;
    // Set against a base in words, it is an index proper: a follow-up keeps its topic.
    kindCues.explicitIndex = true;
  }
  // "Do Gen Z over-index on Snapchat compared with Millennials?": the second side is what the first is set against.
  if (kindCues.explicitIndex && indexAgainstSide(text, roles.sides.length, marketCount)) {
    kindCues.indexing = false;
    kindCues.openIndexing = false;
  }
  // "How do men and women differ on X?": a difference between two named sides is a comparison, not an index.
  if (!kindCues.explicitIndex && (sides > 1 || marketCount > 1)) {
    kindCues.indexing = false;
    kindCues.openIndexing = false;
  }
}

/** A link that sets the side named against another: "vs Millennials", "compared with men" (`grammar.json` `dockedAgainst`). */
const DOCKED_AGAINST = new RegExp(`\\b(?:${alternatives(G.dockedAgainst)})\\b`);

/**
 * "Vs daily insta users - who's more likely ...", "compared with men, do they ...": one audience
 * named against a link in a first turn with audiences docked is set against the docked ones, which
 * are the other sides (`withDocked` in `follow-up.ts` puts them first).
 */
export function dockedAgainstNamed(ctx: Pick<PromptContext, 'text' | 'docked' | 'previous'>, namedSides: number): boolean {
  return namedSides === 1 && ctx.docked.length > 0 && ctx.previous === null && DOCKED_AGAINST.test(ctx.text) && !BASE_CONTRAST.test(ctx.text);
}

/** A link that sets one side against another (`grammar.json` `indexAgainstSide`: "compared with", "than", "vs"). */
const SIDE_AGAINST = new RegExp(`\\b(?:${alternatives(G.indexAgainstSide)})\\b`);

/**
 * "Do Gen Z over-index on Snapchat compared with Millennials?", "does the UK over-index vs
 * Germany on Deliveroo?": a word of indexing with two named sides (audiences or markets), one set
 * against the other, compares the sides (the second is the first's base), rather than indexing
 * each against everyone; "Gen Z and Millennials over-index" (no link of contrast) and a base in
 * words ("than average", "compared with everyone else") stay an index.
 */
export function indexAgainstSide(text: string, sides: number, markets: number): boolean {
  return (sides >= 2 || markets >= 2) && SIDE_AGAINST.test(text) && !BASE_CONTRAST.test(text);
}

/** A headcount: "how many", "the number of Spotify users in Germany" (not "the number of holidays"). */
export function readCount(text: string): boolean {
  return (
    (/\b(how many|number of people|how many people|headcount|how many is that|how many are there)\b/.test(text) || NUMBER_OF_GROUP.test(text)) &&
    !/\bhow many (hours|times|days|minutes|waves|quarters|brands|platforms|devices)\b/.test(text)
  );
}
