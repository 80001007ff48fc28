/*
 * The groups a question ranks or compares (the second half of reading dimensions, called by
 * `readDimensions` in dimension-cues.ts): a demographic question named by its code's words, a
 * generation, groups contrasted in pairs ("younger or older people"), a gradient ("rises with
 * income"), and the questions that describe the respondent.
 */
import { PlannerAudience, PlannerCatalogue, PlannerQuestion } from '../assistant.types';
import { AUDIENCE_PHRASES } from '../synonyms';
import { STOPWORDS } from '../text';
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
} from './dimension-words';
import type { DimensionCue } from './dimension-cues';
import { headWordAt, namedAt } from './group-names';

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

export function readGroup(words: string[], catalogue: PlannerCatalogue, used: number[], afterTopic: boolean): DimensionCue['group'] {
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
      (DETERMINERS_BEFORE_GROUP.has(words[i - 1] ?? '') && GROUP_LEADS.has(words[i - 2] ?? '') && !['which', 'what'].includes(words[i - 2])) ||
      // "Which of the generations", "which of our income groups": one of the groups asked for, as "which" alone asks.
      oneOfWhich(words, i - 1) ||
      (DETERMINERS_BEFORE_GROUP.has(words[i - 1] ?? '') && oneOfWhich(words, i - 2));
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

/** "Which of", "what of" ending at `at`. */
const oneOfWhich = (words: string[], at: number) => words[at] === 'of' && ['which', 'what'].includes(words[at - 1] ?? '');

/**
 * The questions whose answers are groups of people: those the demographic phrases of the lexicon
 * and the curated audiences are built from, or that the catalogue describes as about the
 * respondent, asked without a grid (a group is one answer).
 */
/** Verbs of change before "with" and a group question: "rise with income", "decline with age", "vary with household size". */
const VARIES =
  /^(rise|rises|rising|rose|increase|increases|increasing|grow|grows|growing|climb|climbs|climbing|fall|falls|falling|drop|drops|dropping|decline|declines|declining|decrease|decreases|decreasing|vary|varies|varying|change|changes|changing|up|down|scale|scales)$/;

/** Whether the group named at `at` follows a verb of change and "with" ("rises with age"). */
export function alongGradient(words: string[], at: number): boolean {
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
