import { PlannerAudience, PlannerCatalogue, PlannerQuestion } from '../assistant.types';
import { AUDIENCE_PHRASES } from '../synonyms';
import { LEXICON } from '../../lexicon/lexicon';
import { numberWord, STOPWORDS } from '../text';
import {
  AGE_CONTRAST,
  GROUP_ALIASES,
  GROUP_CONTRASTS,
  GROUP_PEOPLE_NOUNS,
  GROUP_HEADS,
  DETERMINERS_BEFORE_GROUP,
  DIFFERENCE_NOUNS,
  GROUP_LEADS,
  PROFILE_NOUNS,
  GROUPS_BY_GENERATION,
  GENERATION_SHORTHAND,
  GENERATION_LETTERS,
  HIGHEST_WORDS,
  LOWEST_WORDS,
  MARKET_NOUNS,
  PREDICATIVE_AFTER,
  PREDICATIVE_LOWEST_WORDS,
  RANK_WORDS,
} from './dimension-words';
import { headWordAt, namedAt } from './group-names';
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
  const superlativeAt = words.findIndex((w, i) => HIGHEST_WORDS.has(w) || LOWEST_WORDS.has(w) || predicative(i));
  const superlative = superlativeAt < 0 ? null : HIGHEST_WORDS.has(words[superlativeAt]) ? 'highest' : 'lowest';

  // "which country", "in which of our markets", "what market"; "rank our markets", "country ranking".
  let markets = false;
  let alongMarkets = false;
  for (let i = 0; i < words.length; i++) {
    if (!MARKET_NOUNS.has(words[i])) continue;
    const before = words.slice(Math.max(0, i - 4), i);
    // "The country with the lowest share of ...", "market where X is used most": a superlative on the market.
    const described = ['with', 'where'].includes(words[i + 1] ?? '') && words.slice(i + 2, i + 5).some((w) => HIGHEST_WORDS.has(w) || LOWEST_WORDS.has(w));
    const asked = ['which', 'what'].includes(words[i - 1] ?? '') || (before.includes('which') && before.includes('of')) || described;
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
  if ((markets || where || group) && superlativeAt >= 0)
    words.forEach((w, i) => (HIGHEST_WORDS.has(w) || LOWEST_WORDS.has(w) || predicative(i)) && used.push(i));
  // "And the lowest?", "which is the top one then?": a superlative with nothing after it names
  // only the verdict (of the ranking the chat already has), never a name of the catalogue.
  if (superlativeAt >= 0 && VERDICT_TAIL.has(words[superlativeAt + 1] ?? '')) used.push(superlativeAt);
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

/**
 * "which age group", "by income group", "rank employment groups", "which generation": the
 * demographic question whose groups are ranked. A question is named by its code's words ("age
 * group", "household size"), or by its first word and a word for a group ("age band", "employment
 * groups"), or by its one word ("gender"); a generation is a curated age audience.
 */
/** Per catalogue, the questions whose groups can be ranked by their code, with the code's words: read once, not at every word of every prompt. */
const GROUP_CANDIDATES = new WeakMap<PlannerCatalogue, { q: PlannerQuestion; cw: string[] }[]>();

function groupCandidates(catalogue: PlannerCatalogue): { q: PlannerQuestion; cw: string[] }[] {
  let candidates = GROUP_CANDIDATES.get(catalogue);
  if (!candidates) {
    candidates = catalogue.questions
      .filter((q) => q.suffixes.length === 0 && q.datapoints.length >= 2 && q.datapoints.length <= 8)
      .map((q) => ({ q, cw: q.code.split('_') }));
    GROUP_CANDIDATES.set(catalogue, candidates);
  }
  return candidates;
}

function readGroup(words: string[], catalogue: PlannerCatalogue, used: number[], afterTopic: boolean): DimensionCue['group'] {
  // "Younger or older people": the age question's groups (the one the generations are cut from).
  const age = AGE_CONTRAST.exec(words.join(' '));
  const ageQuestion = age ? generationQuestion(catalogue) : null;
  if (age && ageQuestion) {
    const start = words.join(' ').slice(0, age.index).split(' ').length - 1;
    for (let k = start; k < start + age[0].split(' ').length; k++) used.push(k);
    return { question: ageQuestion, generations: false };
  }
  const candidates = groupCandidates(catalogue);
  const people = peopleQuestions(catalogue);
  const contrast = contrastedGroups(words, people);
  if (contrast) {
    used.push(...contrast.used);
    return { question: contrast.question, generations: false };
  }
  for (let i = 0; i < words.length; i++) {
    // "Which age group", "rank the generations", or a name before a word of difference ("a gender gap in ...").
    const led =
      GROUP_LEADS.has(words[i - 1] ?? '') ||
      alongGradient(words, i) ||
      (DETERMINERS_BEFORE_GROUP.has(words[i - 1] ?? '') && GROUP_LEADS.has(words[i - 2] ?? '') && !['which', 'what'].includes(words[i - 2]));
    // "The highest age group" (Japanese word order, translated): a superlative on groups named with a word for a group.
    const superlativeLed = HIGHEST_WORDS.has(words[i - 1] ?? '') || LOWEST_WORDS.has(words[i - 1] ?? '');
    let found: { question: string; generations: boolean; end: number } | null = null;
    const shorthand = GENERATION_SHORTHAND.has(words[i]) && (led || superlativeLed) && !GENERATION_LETTERS.has(words[i + 1] ?? '');
    if (GROUPS_BY_GENERATION.has(words[i]) || shorthand) {
      const question = generationQuestion(catalogue);
      if (question) found = { question, generations: true, end: i + 1 };
    } else {
      // The longest code matched: every word of it ("household income band"), or all but its last
      // followed by a word for a group ("age band", "employment groups"), or one word an alias names.
      let best: { question: string; end: number } | null = null;
      for (const { q, cw } of candidates) {
        const full = GROUP_HEADS.has(cw[cw.length - 1]) && cw.every((w, k) => words[i + k] === w || (k === cw.length - 1 && words[i + k] === `${w}s`));
        const headed = cw.length > 1 && cw.slice(0, -1).every((w, k) => words[i + k] === w) && GROUP_HEADS.has(words[i + cw.length - 1] ?? '');
        const aliased = GROUP_ALIASES[words[i]] === q.code && !headed && !full;
        const end = full || headed ? i + cw.length : aliased ? i + 1 : -1;
        if (end > i && (!best || end > best.end)) best = { question: q.code, end };
      }
      // A question that describes people, named in full ("occupation sector", "job seniority"), or
      // after a word for a group ("level of education", "group of age").
      const at = GROUP_HEADS.has(words[i]) && words[i + 1] === 'of' ? i + 2 : i;
      for (const q of people) {
        const end = at > i && GROUP_ALIASES[words[at]] === q.code ? at + 1 : namedAt(words, at, q);
        if (end > at && (!best || end > best.end)) best = { question: q.code, end };
      }
      // "Among which occupations", "by occupation": the one question whose name starts with the word, after a lead.
      // Only among the questions the catalogue describes as about the respondent: "which car brands" is no group of car owners.
      // "Which kind of area": after a word for a group and "of", too.
      // A word that names one group ("parents", "urban") is that group, not the question.
      const oneGroup = AUDIENCE_PHRASES.some((e) => e.phrases.includes(words[at]));
      const headed =
        (GROUP_LEADS.has(words[i - 1] ?? '') || alongGradient(words, i)) && !oneGroup ? headWordAt(words, at, people.filter(aboutRespondent)) : null;
      if (!best && headed) best = { question: headed.code, end: at + 1 };
      if (best) found = { ...best, generations: false };
    }
    if (!found) continue;
    // "marital status group": the word for a group after the name is the cue's too.
    if (GROUP_HEADS.has(words[found.end] ?? '')) found.end++;
    const headed = found.generations || GROUP_HEADS.has(words[found.end - 1] ?? '');
    // "The age group with the highest Reddit usage": a superlative on the groups, as on a market.
    const end = found.end;
    const described =
      headed &&
      ['with', 'where', 'that', 'who'].includes(words[end] ?? '') &&
      words.slice(end + 1, end + 4).some((w) => HIGHEST_WORDS.has(w) || LOWEST_WORDS.has(w));
    // "The top income bracket": a superlative that with the group's name is a phrase for one group is that group.
    const oneGroupPhrase = superlativeLed && AUDIENCE_PHRASES.some((e) => e.phrases.includes(words.slice(i - 1, end).join(' ')));
    if (oneGroupPhrase) continue;
    // "Education level least likely to use LinkedIn", "age group most into TikTok": a group question
    // opening the prompt with its superlative straight after it asks which of its groups, as "which" would.
    const opening = i === 0 || words[i - 1] === '|' || (words[i - 1] === 'the' && (i === 1 || words[i - 2] === '|'));
    const openedSuperlative = headed && opening && (HIGHEST_WORDS.has(words[end] ?? '') || LOWEST_WORDS.has(words[end] ?? ''));
    if (!led && !DIFFERENCE_NOUNS.has(words[end] ?? '') && !(superlativeLed && headed) && !described && !openedSuperlative) continue;
    // "Which marital status is most common among Netflix users?": the groups' share of an audience, its profile.
    if (
      /^(most|least) (common|typical|represented|prevalent|frequent)$/.test(
        words
          .slice(found.end, found.end + 4)
          .filter((w) => w !== 'is' && w !== 'the' && w !== 'are')
          .slice(0, 2)
          .join(' '),
      )
    )
      continue;
    // "The age profile of Reddit users", "gender split of ...": the question is the topic, asked of an audience.
    if (PROFILE_NOUNS.has(words[found.end] ?? '')) continue;
    // A group question with nothing else asked ("which age group is biggest?") is the topic itself;
    // after an answer with a topic, led by "by" or "which" ("and by age?"), it is that topic's groups.
    const rest = words.filter((w, k) => (k < i - 1 || k >= found.end) && w !== '|' && !STOPWORDS.has(w) && !HIGHEST_WORDS.has(w) && !LOWEST_WORDS.has(w));
    const alone = rest.length === 0;
    if (alone && !(afterTopic && led)) return null;
    for (let k = i; k < found.end; k++) used.push(k);
    return { question: found.question, generations: found.generations, ...(alone ? { alone } : {}) };
  }
  return null;
}

/**
 * The questions whose answers are groups of people: those the demographic phrases of the lexicon
 * and the curated audiences are built from, or that the catalogue describes as about the
 * respondent, asked without a grid (a group is one answer).
 */
/** Verbs of change before "with" and a group question: "rise with income", "decline with age", "vary with household size". */
const VARIES =
  /^(rise|rises|rising|rose|increase|increases|increasing|grow|grows|growing|climb|climbs|climbing|fall|falls|falling|drop|drops|dropping|decline|declines|declining|decrease|decreases|decreasing|vary|varies|varying|change|changes|changing|up|down|scale|scales)$/;

/** Whether the group named at `at` follows a verb of change and "with" ("rises with age"). */
function alongGradient(words: string[], at: number): boolean {
  return words[at - 1] === 'with' && VARIES.test(words[at - 2] ?? '');
}

const LIST_JOINS = new Set(['or', 'vs', 'versus', '|', 'and']);
const PEOPLE_HEADS = new Set(['people', 'ones', 'adults', 'consumers', 'users', 'respondents', 'families', 'homes', 'shoppers', 'customers']);

/**
 * "Bigger or smaller households", "richer or poorer people", "high, middle or low earners": two
 * comparatives of one word of a question's code set against each other, or a list of groups
 * before a noun for people of that word; the question is the people question with the word in its
 * code (the one with the fewest groups when several have it).
 */
function contrastedGroups(words: string[], people: PlannerQuestion[]): { question: string; used: number[] } | null {
  const questionOf = (word: string) =>
    people.filter((q) => q.code.split('_').includes(word)).sort((a, b) => a.datapoints.length - b.datapoints.length)[0] ?? null;
  for (let i = 0; i < words.length; i++) {
    const word = GROUP_CONTRASTS[words[i]];
    if (word && LIST_JOINS.has(words[i + 1] ?? '') && GROUP_CONTRASTS[words[i + 2] ?? ''] === word && words[i] !== words[i + 2]) {
      const q = questionOf(word);
      // Only of people: "bigger or smaller households", never "bigger or smaller brands".
      const ofPeople = PEOPLE_HEADS.has(words[i + 3] ?? '') || headWordAt(words, i + 3, people.filter(aboutRespondent))?.code === q?.code;
      if (q && ofPeople) return { question: q.code, used: [i, i + 1, i + 2] };
    }
    const noun = GROUP_PEOPLE_NOUNS[words[i]];
    // "High earners in the US vs high earners in the UK": one group said again for another market contrasts no groups.
    const saidBefore = i >= 2 && words.slice(0, i - 1).some((w, k) => w === words[i - 1] && words[k + 1] === words[i]);
    if (noun && !saidBefore && words.slice(Math.max(0, i - 4), i).some((w) => LIST_JOINS.has(w) && w !== 'and')) {
      const q = questionOf(noun);
      if (q) return { question: q.code, used: [] };
    }
  }
  return null;
}

/** Whether the catalogue describes a question as one about the respondent ("Industry the respondent works in"). */
const aboutRespondent = (q: PlannerQuestion) => /\brespondents?\b/i.test(q.description);

export function peopleQuestions(catalogue: PlannerCatalogue): PlannerQuestion[] {
  const codes = new Set<string>();
  for (const entry of AUDIENCE_PHRASES) questionsOf(entry.expression, codes);
  for (const a of catalogue.audiences) if (a.curated) questionsOf(a.expression, codes);
  // A question the catalogue describes as one about the respondent ("Industry the respondent works in") is one too.
  return catalogue.questions.filter(
    (q) => (codes.has(q.code) || aboutRespondent(q)) && q.suffixes.length === 0 && q.datapoints.length >= 2 && q.datapoints.length <= 15,
  );
}

function questionsOf(expression: unknown, out: Set<string>): void {
  if (!expression || typeof expression !== 'object') return;
  const e = expression as Record<string, unknown>;
  // People named by the answers they did not give ("meat eaters": no vegetarian or vegan diet) make
  // no groups of that question's answers.
  if (typeof e['question'] === 'string' && e['not'] !== true) out.add(e['question']);
  for (const key of ['and', 'or']) if (Array.isArray(e[key])) (e[key] as unknown[]).forEach((x) => questionsOf(x, out));
}

/** The age question the curated generations are cut from: the question of every single-leaf curated audience named "Gen ..." or "... boomers". */
function generationQuestion(catalogue: PlannerCatalogue): string | null {
  const leaf = generations(catalogue)[0];
  return leaf ? leaf.question : null;
}

export function generations(catalogue: PlannerCatalogue): { audience: PlannerAudience; question: string; datapoints: string[] }[] {
  const out: { audience: PlannerAudience; question: string; datapoints: string[] }[] = [];
  for (const a of catalogue.audiences) {
    const e = a.expression;
    if (!a.curated || typeof e['question'] !== 'string' || !Array.isArray(e['datapoints']) || Object.keys(e).length !== 2) continue;
    if (!/\b(gen|generation|millennials?|boomers?)\b/i.test(a.name)) continue;
    out.push({ audience: a, question: e['question'] as string, datapoints: e['datapoints'] as string[] });
  }
  // Only generations of one question, none overlapping another.
  const question = out[0]?.question;
  const seen = new Set<string>();
  return out.filter((g) => g.question === question && g.datapoints.every((d) => !seen.has(d) && seen.add(d)));
}
