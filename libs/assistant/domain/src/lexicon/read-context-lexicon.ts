/**
 * The shape of the context stage's word file (`src/lib/planner/context-lexicon.json`), checked
 * when it is read, like the files of `src/lexicon/` (read-lexicon.ts): a file edited by hand that
 * put a number where words belong, emptied a word or lost a member the planner reads stops the
 * start with the file and the place named, instead of reading prompts wrongly later.
 *
 * The file grows with the planner: a member not declared here is still checked as plain word
 * data (non-empty strings, finite numbers, and lists and objects of them), so a list another
 * change adds is never read unchecked; declare its shape here when it has one.
 */
import { type Check, describe, LexiconError, listOf, num, recordOf, text, word, wordLists, words } from './lexicon-checks';

export const CONTEXT_LEXICON_FILE = 'context-lexicon.json';

/** A question the data cannot answer (prices, ad spend, ...), named by its cue words. */
export interface UnmeasurableMetric {
  what: string;
  whatFor?: string;
  cues: string[];
  /** Catalogue words to offer instead, and names that make the ask answerable after all. */
  offerNamed: string[];
  answerableNamed?: string[];
  restDrop?: string[];
  /** The ask put in the words of a question that may measure it after all ("why ..." as "what are the reasons {rest}"). */
  askedAs?: string;
}

export interface ContextLexicon {
  $comment?: string;
  askStarts: string[];
  askLeadIns: string[];
  placeReferences: string[];
  peopleReferences: string[];
  /** "Of them", "davon": a part of the people of the previous answer ("how many of them are Gen Z?"). */
  partitiveReferences: string[];
  replace: { swapVerbs: string[]; swapLinks: string[]; insteadOf: string[]; sideBySide: string[]; switchTo: string[]; discourse: string[] };
  ages: {
    children: string[];
    below: string[];
    above: string[];
    orOlder: string[];
    units: string[];
    decades: Record<string, number>;
    parents: string[];
    childPopulation: string[];
    populationBefore: string[];
  };
  metrics: UnmeasurableMetric[];
  money: {
    what: string;
    currencies: Record<string, string[]>;
    asks: string[];
    spendWords: string[];
    offerNamed: string[];
    periods: string[];
    timeWords: string[];
  };
  coverageIgnore: string[];
  usageVerbs: string[];
  docked: { possessives: string[]; marks: string[]; nouns: string[]; ordinals: Record<string, number> };
  placeNouns: string[];
  measureWords: string[];
  followUpPeriod: {
    openers: string[];
    counts: Record<string, number>;
    units: Record<string, number>;
    directions: string[];
    directionsBefore: string[];
    previous: string[];
    articles: string[];
    closers: string[];
  };
  followUpAnd: string[];
  briefScope: { audienceWords: string[] };
  coverageNoEffect: { $comment?: string; words: string[] };
  askedInEnglish: { $comment?: string; phrases: Record<string, string[][]> };
  brandAttribute: { $comment?: string; cues: string[]; ignore: string[]; offerNamed: string[] };
  countedPerPeriod: { $comment?: string; periods: string[]; what: string; offerNamed: string[]; peopleVerbs: string[] };
  secondaryAsks: { $comment?: string; openers: string[]; marks: string[]; ordinals: string[] };
  remove: { $comment?: string; verbs: string[]; markets: string[]; audiences: string[]; filterNouns: string[]; everyone: string[] };
  forwardReferences: { $comment?: string; words: string[] };
  subjectWords: { $comment?: string; anyJoins: string[]; anyHeads: string[]; excludeNegations: string[]; disagree: string[]; strongly: string[] };
}

type Optional<T> = Check<T | undefined> & { optional: true };

/** A member that may be left out. */
function optional<T>(check: Check<T>): Optional<T> {
  return Object.assign((value: unknown, at: string) => check(value, at), { optional: true as const });
}

/** Word data of a member not declared here: non-empty strings, finite numbers, lists and objects of them. */
const plain: Check<unknown> = (value, at) => {
  if (typeof value === 'string') return word(value, at);
  if (typeof value === 'number') return num(value, at);
  if (Array.isArray(value)) return value.map((x, i) => plain(x, `${at}[${i}]`));
  if (value !== null && typeof value === 'object') return recordOf(plain)(value, at);
  throw new LexiconError(at, `expected words, a number, a list or an object, found ${describe(value)}`);
};

/**
 * An object with the given members (each required unless `optional`); `strict`: no other member,
 * else other members are read as plain word data.
 */
function members<T>(fields: { [K in keyof T]-?: Check<T[K]> }, strict = false): Check<T> {
  return (value, at) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new LexiconError(at, `expected an object, found ${describe(value)}`);
    const v = value as Record<string, unknown>;
    const out = {} as Record<string, unknown>;
    for (const key of Object.keys(fields) as (keyof T & string)[]) {
      const check = fields[key] as Check<unknown> & { optional?: true };
      if (!(key in v)) {
        if (check.optional) continue;
        throw new LexiconError(at, `missing member "${key}"`);
      }
      out[key] = check(v[key], `${at}.${key}`);
    }
    for (const key of Object.keys(v).filter((k) => !(k in fields))) {
      if (strict) throw new LexiconError(at, `unknown member "${key}"`);
      out[key] = plain(v[key], `${at}.${key}`);
    }
    return out as T;
  };
}

const comment = optional(text);
const numbers = recordOf(num);
const phraseTables = recordOf(listOf(words));

const context = members<ContextLexicon>({
  $comment: comment,
  askStarts: words,
  askLeadIns: words,
  placeReferences: words,
  peopleReferences: words,
  partitiveReferences: words,
  replace: members<ContextLexicon['replace']>({
    swapVerbs: words,
    swapLinks: words,
    insteadOf: words,
    sideBySide: words,
    switchTo: words,
    discourse: words,
  }),
  ages: members<ContextLexicon['ages']>({
    children: words,
    below: words,
    above: words,
    orOlder: words,
    units: words,
    decades: numbers,
    parents: words,
    childPopulation: words,
    populationBefore: words,
  }),
  // A metric's members are few and each is read: a misspelt one ("whatfor") is an error.
  metrics: listOf(
    members<UnmeasurableMetric>(
      {
        what: word,
        whatFor: optional(word),
        cues: words,
        offerNamed: words,
        answerableNamed: optional(words),
        restDrop: optional(words),
        askedAs: optional(word),
      },
      true,
    ),
  ),
  money: members<ContextLexicon['money']>({
    what: word,
    currencies: wordLists,
    asks: words,
    spendWords: words,
    offerNamed: words,
    periods: words,
    timeWords: words,
  }),
  coverageIgnore: words,
  usageVerbs: words,
  docked: members<ContextLexicon['docked']>({ possessives: words, marks: words, nouns: words, ordinals: numbers }),
  placeNouns: words,
  measureWords: words,
  followUpPeriod: members<ContextLexicon['followUpPeriod']>({
    openers: words,
    counts: numbers,
    units: numbers,
    directions: words,
    directionsBefore: words,
    previous: words,
    articles: words,
    closers: words,
  }),
  followUpAnd: words,
  briefScope: members<ContextLexicon['briefScope']>({ audienceWords: words }),
  coverageNoEffect: members<ContextLexicon['coverageNoEffect']>({ $comment: comment, words }),
  askedInEnglish: members<ContextLexicon['askedInEnglish']>({ $comment: comment, phrases: phraseTables }),
  brandAttribute: members<ContextLexicon['brandAttribute']>({ $comment: comment, cues: words, ignore: words, offerNamed: words }),
  countedPerPeriod: members<ContextLexicon['countedPerPeriod']>({ $comment: comment, periods: words, what: word, offerNamed: words, peopleVerbs: words }),
  secondaryAsks: members<ContextLexicon['secondaryAsks']>({ $comment: comment, openers: words, marks: words, ordinals: words }),
  remove: members<ContextLexicon['remove']>({
    $comment: comment,
    verbs: words,
    markets: words,
    audiences: words,
    filterNouns: words,
    everyone: words,
  }),
  forwardReferences: members<ContextLexicon['forwardReferences']>({ $comment: comment, words }),
  subjectWords: members<ContextLexicon['subjectWords']>({
    $comment: comment,
    anyJoins: words,
    anyHeads: words,
    excludeNegations: words,
    disagree: words,
    strongly: words,
  }),
});

/**
 * The context stage's words from the parsed file, checked against the shape the planner reads;
 * a `LexiconError` names the file and the place of the first thing wrong
 * ("lexicon context-lexicon.json.ages.decades.teens: expected a number, found \"10\"").
 */
export function readContextLexicon(file: unknown): ContextLexicon {
  return context(file, CONTEXT_LEXICON_FILE);
}
