import { PlannerCatalogue } from '../assistant.types';
import { LEXICON } from '../../lexicon/lexicon';
import { numberWord } from '../text';
import { GROUP_HEADS, HIGHEST_WORDS, LOWEST_WORDS, MARKET_NOUNS, PREDICATIVE_AFTER, PREDICATIVE_LOWEST_WORDS, RANK_WORDS } from './dimension-words';
import { alongGradient, readGroup } from './group-cues';
import { restatedGroups } from './group-restated';

/*
 * The first half of the dimension stage: what a question ranks or compares along, read from its
 * words before names are looked up (the words it takes are not names). `applyDimensions`
 * (dimensions.ts) reshapes the finished plan from it.
 */

/** What the words of a prompt say about the dimension it ranks or compares along. */
export interface DimensionCue {
  /** "which country", "rank our markets", "country ranking": the markets are ranked. */
  markets: boolean;
  /** "rank", "order", "league": an order is asked for (the markets' when two or more are named and one answer measured). */
  rank: boolean;
  /** "by country", "per market": one measured answer along the markets (not the answers of a question within each). */
  alongMarkets: boolean;
  /** "Germany and France combined", "total ... across Europe": the markets named counted together, not side by side. */
  pooled: boolean;
  /** "where ... most": the markets, unless the prompt names groups side by side. */
  where: boolean;
  /**
   * The demographic question whose groups are ranked; `generations`: its curated generation
   * audiences; `alone`: nothing else is asked ("and by age?"), so it is the previous topic's groups.
   */
  group: { question: string; generations: boolean; alone?: boolean } | null;
  /** The direction a superlative asks for, if any ("most", "least likely"). */
  superlative: 'highest' | 'lowest' | null;
  /** "grew more", "rose faster", "gained more": the change of each side, compared. */
  grewMore: boolean;
  /**
   * Two periods, not a trend: `year` ("vs the same quarter last year", "a year ago", "year on
   * year"), `quarter` ("vs last quarter", "quarter on quarter").
   */
  paired: 'year' | 'quarter' | null;
  /** "The same quarter of 2025": the year the earlier period is in (else the year before the later one). */
  pairedYear: number | null;
  /** "up or down", "higher or lower". */
  upOrDown: boolean;
  /**
   * "The net change since Q3 2025", "by how many percentage points has X changed": the change
   * between the period's two ends, not a trend through every wave.
   */
  netChange: boolean;
  /** "Does X rise with income?": a change across the groups, not over time (no trend). */
  gradient: boolean;
  /** "Does Reddit skew older or younger?": a word of skew leading to the groups, so the groups are compared, not an index profiled. */
  skewAlongGroups: boolean;
  /** Word positions the cue takes, so that they are not read as catalogue names. */
  used: number[];
}

/** A verb of taking something up said with its pace (`cues.json` `adoption`, `adoptionPace`): "took up Claude faster" is growth compared. */
const ADOPTED = new RegExp(`\\b(${LEXICON.cues.adoption.join('|')})\\b`);
const ADOPTION_PACE = new RegExp(`\\b(${LEXICON.cues.adoptionPace.join('|')})\\b`);
/** Taken up "the most" or "more" since a start point (`adoptionDegree`, `adoptionSince`): "who adopted Perplexity the most since Q1 2026" asks which side grew more, not which uses it most. */
const ADOPTION_DEGREE = new RegExp(`\\b(${LEXICON.cues.adoptionDegree.join('|')})\\b`);
const ADOPTION_SINCE = new RegExp(`\\b(${LEXICON.cues.adoptionSince.join('|')})\\b`);
const GREW = new RegExp(
  String.raw`\b(grow|grows|grew|grown|growing|growth|gain\w*|rise|rises|rose|risen|rising|increas\w*|climb\w*|expand\w*|(fall|falls|fell|fallen|falling)(?! (into|in|under|within|between|on)\b)|declin\w*|drop\w*|shrink\w*|shrank|shrunk|decreas\w*|momentum|jump(s|ed|ing)?|surg(e|es|ed|ing)|soar(s|ed|ing)?|boom(s|ed|ing)?|leap(s|t|ed|ing)?|spik(e|es|ed|ing)|uptick|(lose|loses|losing|lost|shed|sheds|shedding) (more|most|fewer|less|the most)|(catch|catches|catching|caught) on|(take|takes|taking|took|taken) off)\b`,
);
/** Words of change without a direction, read as change compared only along a dimension ("change in X by age group"). */
const CHANGE = /\b(change|changes|changed|changing|shift|shifts|shifted|movement|moved)\b/;
/** Change of one side relative to another: "did Disney+ gain on Netflix", "is Lidl catching up with Aldi", "closing the gap". */
const RELATIVE_CHANGE =
  /\b(gain(s|ed|ing)? (on|ground on)|catch(es|ing)? up (with|on|to)|caught up (with|on|to)|clos(e|es|ed|ing) the gap (on|with|to)|overt(ake|akes|ook|aken|aking))\b/;
/** The change between two ends of a period asked as one number: "net change", "percentage points". */
const NET_CHANGE = /\b(net (change|gain|loss|growth|decline)|percentage points?|pp change|how many points|by how much)\b/;
const MORE_CHANGE = /\b(more|most|faster|fastest|quicker|quickest|bigger|biggest|larger|largest|further|stronger|strongest|greater|greatest|higher|highest)\b/;
// "Compare the growth of TikTok in Brazil and Japan": change asked side by side is change compared.
const COMPARED = /\b(compare|compared|comparing|comparison|vs|versus)\b/;
// A point a year earlier, never "last year" alone: that is a period (the last four waves), read as a trend.
const PAIRED_YEAR = new RegExp(
  [
    '\\bsame (quarter|period|wave|time|point) (of |in )?(last|a|one|the previous|the prior) year\\b',
    '\\bsame (quarter|period|wave|time|point) (of |in )?(19|20)\\d\\d\\b',
    '\\b(this|that) (time|quarter|point|period) last year\\b',
    '\\b(a|one) year (ago|earlier|before|prior)\\b',
    '\\b(12|twelve) months (ago|earlier|before)\\b',
    '\\b(4|four) quarters (ago|earlier|before)\\b',
    '\\b(up|down) on (last|a|the previous|the prior) year\\b',
    '\\bthis year (than|vs|versus|against|compared to|compared with) (the )?(last|previous|prior)\\b',
    '\\byear (on|over) year\\b',
    '\\byoy\\b',
  ].join('|'),
);
// "Vs last quarter": one wave against the one before ("quarter on quarter" is a cadence: a trend).
const PAIRED_QUARTER =
  /\b(than|vs|versus|against|compared to|compared with) (the )?(last|previous|prior) (quarter|wave)\b|\bthis (quarter|wave) (than|vs|versus|against|compared to|compared with) (the )?(last|previous|prior)\b/;
// "Up or down quarter on quarter", "QoQ, which grew more": the latest change asked with a verdict, not the cadence of a trend.
const QUARTER_ON_QUARTER = /\bquarter (on|over) quarter\b|\bwave (on|over) wave\b|\bqoq\b/;
const SINCE_YEAR =
  /\b(since|from|over|across|through) ((a|one) year (ago|earlier|before)|(the )?(this|that|same) (time|quarter|point|period) (of )?last year)\b/;
// "Up or down", "rising or falling", "grown or shrunk": a word of rising set against one of falling, either way round.
const RISE = '(up|higher|rise|rises|rising|risen|rose|increase|increased|increasing|grow|grows|growing|grown|grew|gain|gained|gaining|climb|climbed|climbing)';
const FALL =
  '(down|lower|fall|falls|falling|fallen|fell|decrease|decreased|decreasing|shrink|shrinking|shrunk|shrank|decline|declined|declining|drop|dropped|dropping)';
const UP_OR_DOWN = new RegExp(`\\b${RISE} (or|vs|versus) ${FALL}\\b|\\b${FALL} (or|vs|versus) ${RISE}\\b`);

/** Superlatives said in several words or as a verb (`dimensions.json` `superlatives`), as word lists, by the side they ask for. */
const SUPERLATIVE_PHRASES = (['highest', 'lowest'] as const).flatMap((side) =>
  LEXICON.dimensions.superlatives[side].map((p) => ({ side, words: p.toLowerCase().split(' ') })),
);

/**
 * The superlatives of a prompt said in several words or as a verb ("which country is number one
 * for ...", "which market comes top", "which age group trails"): the side each asks for and the
 * positions of its words.
 */
export function superlativePhrases(words: string[]): { side: 'highest' | 'lowest'; at: number[] }[] {
  const out: { side: 'highest' | 'lowest'; at: number[] }[] = [];
  for (let i = 0; i < words.length; i++)
    for (const p of SUPERLATIVE_PHRASES)
      if (p.words.every((w, k) => words[i + k] === w) && !out.some((o) => o.at.includes(i))) out.push({ side: p.side, at: p.words.map((_, k) => i + k) });
  return out;
}

/** Words that may close a verdict named alone ("the lowest one", "the top one then"); '' is the end of the prompt. */
const VERDICT_TAIL = new Set(['', 'one', 'ones', 'then', 'instead', 'please', 'first']);

/**
 * Reads the dimension cues of a prompt's words (lower case, clauses split by "|"); `afterTopic`:
 * the chat's last answer has a topic, which a group named alone ("and by age?") is measured along.
 */
export function readDimensions(words: string[], catalogue: PlannerCatalogue, afterTopic = false): DimensionCue {
  const text = ` ${words.join(' ')} `;
  const used: number[] = [];
  // "Which group is lower?": a comparative said of the sides, not of the word after it ("lower earners").
  const predicative = (i: number) => PREDICATIVE_LOWEST_WORDS.has(words[i]) && PREDICATIVE_AFTER.has(words[i + 1] ?? '');
  const wordAt = words.findIndex((w, i) => HIGHEST_WORDS.has(w) || LOWEST_WORDS.has(w) || predicative(i));
  // "Number one", "comes top", "ranks last", "wins": a superlative of several words or a verb, where no single word says one first.
  const phrases = superlativePhrases(words);
  const phrase = phrases.find((p) => wordAt < 0 || p.at[0] < wordAt);
  const superlativeAt = phrase ? phrase.at[0] : wordAt;
  const superlative = phrase ? phrase.side : wordAt < 0 ? null : HIGHEST_WORDS.has(words[wordAt]) ? 'highest' : 'lowest';

  // "which country", "in which of our markets", "what market"; "rank our markets", "country ranking".
  let markets = false;
  let alongMarkets = false;
  for (let i = 0; i < words.length; i++) {
    if (!MARKET_NOUNS.has(words[i])) continue;
    const before = words.slice(Math.max(0, i - 4), i);
    // "The country with the lowest share of ...", "market where X is used most": a superlative on the market.
    const described = ['with', 'where'].includes(words[i + 1] ?? '') && words.slice(i + 2, i + 5).some((w) => HIGHEST_WORDS.has(w) || LOWEST_WORDS.has(w));
    // "Which European market", "what Asian country": one word describing the market between the question word and it.
    const describedBy = !/^(of|the|is|are|do|does|has|have)$/.test(words[i - 1] ?? '') && ['which', 'what'].includes(words[i - 2] ?? '');
    const asked = ['which', 'what'].includes(words[i - 1] ?? '') || describedBy || (before.includes('which') && before.includes('of')) || described;
    // "top market for X", "the biggest country for Y": a superlative on the market itself.
    // "Top 3 countries for Netflix": the word before a count of markets.
    // "The most popular market", "the least saturated country": a superlative before the adjective.
    const lead = numberWord(words[i - 1] ?? '') !== undefined || ['most', 'least'].includes(words[i - 2] ?? '') ? (words[i - 2] ?? '') : (words[i - 1] ?? '');
    // "List markets by ...", "countries by smart TV ownership": markets ordered by a measure.
    const ranked =
      words[i + 1] === 'by' || RANK_WORDS.has(words[i + 1] ?? '') || before.some((w) => RANK_WORDS.has(w)) || HIGHEST_WORDS.has(lead) || LOWEST_WORDS.has(lead);
    // "Netflix usage by country", "per market", "country by country": the measure along the markets;
    // "across markets" with a superlative ("across markets, highest first").
    // "across (all|our) markets" with a superlative or a word of comparing ("how does X compare across our markets").
    const across = words[i - 1] === 'across' || (['our', 'all', 'the'].includes(words[i - 1] ?? '') && words[i - 2] === 'across');
    const along =
      ['by', 'per'].includes(words[i - 1] ?? '') ||
      (words[i + 1] === 'by' && MARKET_NOUNS.has(words[i + 2] ?? '')) ||
      (across && (superlative !== null || COMPARED.test(text)));
    // "Which markets grew and which declined": the markets' change compared.
    if ((asked && (superlative || GREW.test(text))) || ranked) {
      markets = true;
      used.push(i);
    } else if (along) {
      alongMarkets = true;
      used.push(i);
    }
  }
  const where = words.includes('where') && superlative !== null;
  const before = used.length;
  const group = readGroup(words, catalogue, used, afterTopic);
  const groupStart = Math.min(...used.slice(before));
  const skewAlongGroups = group !== null && words.slice(Math.max(0, groupStart - 3), groupStart).some((w) => /^skew(s|ed|ing)?$/.test(w));
  // "Players by age - which band leads?": a bare word for a group asked about refers to the groups already named.
  if (group) words.forEach((w, i) => GROUP_HEADS.has(w) && ['which', 'what'].includes(words[i - 1] ?? '') && !used.includes(i) && used.push(i));
  if (group) used.push(...restatedGroups(words, catalogue.questions.find((q) => q.code === group.question)?.name ?? '', used));
  if ((markets || where || group) && superlativeAt >= 0) {
    words.forEach((w, i) => (HIGHEST_WORDS.has(w) || LOWEST_WORDS.has(w) || predicative(i)) && used.push(i));
    phrases.forEach((p) => used.push(...p.at));
  }
  // "And the lowest?", "which is the top one then?": a superlative with nothing after it names
  // only the verdict (of the ranking the chat already has), never a name of the catalogue.
  const superlativeWords = phrase ? phrase.at : [superlativeAt];
  if (superlativeAt >= 0 && VERDICT_TAIL.has(words[superlativeWords[superlativeWords.length - 1] + 1] ?? '')) used.push(...superlativeWords);
  const upOrDown = UP_OR_DOWN.test(text);
  const verdictOfChange = upOrDown || (GREW.test(text) && MORE_CHANGE.test(text));
  const paired =
    PAIRED_YEAR.test(text) && !SINCE_YEAR.test(text)
      ? 'year'
      : PAIRED_QUARTER.test(text) || (verdictOfChange && QUARTER_ON_QUARTER.test(text))
        ? 'quarter'
        : null;
  // Change along a dimension ("TikTok growth by market", "change in Netflix use by age group", "which markets grew")
  // is each side's change compared.
  const alongDimension = markets || alongMarkets || group !== null;
  // "Does X rise with income?": a change across the groups, not over time.
  const gradient = group !== null && alongGradient(words, groupStart);
  const grewMore =
    !gradient &&
    (RELATIVE_CHANGE.test(text) ||
      (ADOPTED.test(text) && (ADOPTION_PACE.test(text) || (ADOPTION_DEGREE.test(text) && ADOPTION_SINCE.test(text)))) ||
      ((GREW.test(text) || (alongDimension && CHANGE.test(text))) &&
        (MORE_CHANGE.test(text) || alongDimension || (COMPARED.test(text) && !PAIRED_YEAR.test(text) && !PAIRED_QUARTER.test(text)))));
  const yearNamed = /\bsame (quarter|period|wave|time|point) (of |in )?((19|20)\d\d)\b/.exec(text);
  const pairedYear = yearNamed ? Number(yearNamed[3]) : null;
  return {
    markets,
    alongMarkets,
    pooled: /\b(combined|altogether|in total|in aggregate|total)\b/.test(text),
    rank: words.some((w) => RANK_WORDS.has(w)),
    where,
    group,
    superlative,
    grewMore,
    paired,
    pairedYear,
    upOrDown,
    netChange: NET_CHANGE.test(text),
    skewAlongGroups,
    gradient,
    used,
  };
}
