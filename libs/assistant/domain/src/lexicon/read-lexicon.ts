/**
 * The shape of the lexicon files, checked when they are read: a file edited by hand that lost a
 * bracket or put a number where words belong stops the start with the file and the place named,
 * instead of reading prompts wrongly later.
 */

import { type Check, describe, LexiconError, listOf, num, recordOf, shape, text, tuple, word, wordLists, words } from './lexicon-checks';
import { TABLED_LANGUAGES } from './lexicon-types';
import type {
  AudiencePhrase,
  Courtesy,
  EnglishWords,
  Grammar,
  TabledLanguage,
  JapaneseWords,
  LanguageWords,
  Lexicon,
  LexiconFiles,
  Phrase,
} from './lexicon-types';

export * from './lexicon-types';

const phrases = listOf(tuple<Phrase>(word, word));

const expression: Check<Record<string, unknown>> = (value, at) => {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new LexiconError(at, `expected an audience expression (an object), found ${describe(value)}`);
  return value as Record<string, unknown>;
};

const pattern: Check<{ pattern: string; flags: string; replace: string }> = (value, at) => {
  const p = shape<{ pattern: string; flags: string; replace: string }>({ pattern: text, flags: text, replace: text })(value, at);
  try {
    new RegExp(p.pattern, p.flags);
  } catch (error) {
    throw new LexiconError(`${at}.pattern`, `not a regular expression (${(error as Error).message})`);
  }
  return p;
};

const language = shape<LanguageWords>({
  markers: words,
  phrases,
  endings: words,
  bothAnd: phrases,
  beforeNumber: phrases,
  elisions: phrases,
  afterPeople: phrases,
  contractions: phrases,
});

/**
 * The lexicon from its parsed files, every file checked against the shape the planner reads;
 * a `LexiconError` names the file and the place of the first thing wrong.
 */
export function readLexicon(files: LexiconFiles): Lexicon {
  const languages = {} as Record<TabledLanguage, LanguageWords>;
  for (const lang of TABLED_LANGUAGES) languages[lang] = language(files[`languages/${lang}.json`], `languages/${lang}.json`);
  return {
    languages,
    english: shape<EnglishWords>({
      markers: words,
      stopwords: words,
      functionWords: words,
      numberWords: recordOf(num),
      compoundCounts: recordOf(num),
      irregularPlurals: recordOf(word),
      canonical: recordOf(word),
      amountPhrases: recordOf(word),
      zeroAmounts: shape<EnglishWords['zeroAmounts']>({ asked: words, answers: words }),
      frequencies: shape<EnglishWords['frequencies']>({
        asked: recordOf(tuple<[number, number]>(num, num)),
        answers: recordOf(tuple<[number, number]>(num, num)),
      }),
    })(files['languages/en.json'], 'languages/en.json'),
    japanese: shape<JapaneseWords>({ patterns: listOf(pattern), words: phrases })(files['languages/ja.json'], 'languages/ja.json'),
    places: shape<Lexicon['places']>({
      locationAliases: wordLists,
      otherPlaces: wordLists,
      regions: recordOf(shape<{ phrases: string[]; codes: string[] }>({ phrases: words, codes: words })),
      allMarkets: words,
      codeListJoins: words,
      codeSlots: shape<Lexicon['places']['codeSlots']>({ after: words, beforeLimit: words, before: words, beforeEnglish: words }),
    })(files['places.json'], 'places.json'),
    audiences: shape<Lexicon['audiences']>({
      audiencePhrases: listOf(shape<AudiencePhrase>({ phrases: words, name: word, description: text, expression })),
      groupHeads: words,
      predicateVerbs: words,
      beforeAgeFloor: words,
      ageFloorWords: words,
      negatedObjects: listOf(shape<AudiencePhrase>({ phrases: words, name: word, description: text, expression })),
      ageBands: listOf(tuple<[string, number, number]>(word, num, num)),
    })(files['audiences.json'], 'audiences.json'),
    scales: shape<Lexicon['scales']>({ suffixAliases: wordLists, weakSuffixWords: words })(files['scales.json'], 'scales.json'),
    topics: shape<Lexicon['topics']>({ topicSynonyms: wordLists, groupNouns: words, verbFrames: wordLists })(files['topics.json'], 'topics.json'),
    grammar: shape<Grammar>({
      shorthand: recordOf(word),
      connectors: words,
      glue: words,
      peopleReferences: words,
      groupWords: words,
      followUpStart: words,
      references: words,
      timeWords: words,
      limitWords: words,
      oneAnswerSuperlatives: words,
      leadVerbs: words,
      preferenceVerbs: words,
      skewVerbs: words,
      countedUnits: words,
      iso3: recordOf(word),
      usPronounBefore: words,
      ageRangeLinks: words,
      objectVerbStems: words,
      interjections: words,
      courtesy: shape<Courtesy>({
        greetings: words,
        addressees: words,
        thanks: words,
        thanksBefore: words,
        thanksAfter: words,
        politeWords: words,
        conditionOpens: words,
        conditionSubjects: words,
        conditionWords: words,
        askLeads: words,
        askVerbs: words,
        keptOpeners: words,
        embeddedStarts: words,
        quoteVerbs: words,
      }),
      pluralDemonymsWithoutS: words,
      earningVerbs: words,
      relativeWords: words,
      relativeHeads: words,
      personNouns: words,
      targetGap: words,
      onePersonOf: words,
      hypotheticalChange: shape<{ modals: string[]; adverbs: string[] }>({ modals: words, adverbs: words }),
      attributiveS: words,
      genericVerbStems: words,
      customerStems: words,
      valueWords: wordLists,
      complementSides: words,
      complementRest: words,
      restPeople: words,
      evenSideLinks: words,
      residenceVerbs: words,
      activityOn: shape<{ before: string[]; after: string[] }>({ before: words, after: words }),
      surveyPartNouns: words,
      indexAgainstSide: words,
      dockedAgainst: words,
      baseLinks: words,
      clauseNegations: words,
      haveVerbs: words,
      clauseFiller: words,
      answerJoiners: words,
      narrowingGap: words,
      activityVerbBefore: words,
      activityVerbJoins: words,
      pairVerbs: words,
      clauseAlsoLinks: words,
      pastStateBefore: words,
      pastStateAnswers: words,
      answerWindowLeads: words,
      answerWindowUnits: words,
      articles: words,
      groupLeads: words,
    })(files['grammar.json'], 'grammar.json'),
    cues: shape<Lexicon['cues']>({
      trend: words,
      index: words,
      difference: words,
      comparison: words,
      ranking: words,
      share: words,
      size: words,
      sizeSuperlatives: words,
      sizeHeads: words,
      sizeNouns: words,
      sizeNumberModifiers: words,
      union: words,
      base: words,
      queryWords: words,
      filler: words,
      profileVerbs: words,
      profileRequests: words,
      adoption: words,
      adoptionPace: words,
      adoptionDegree: words,
      adoptionSince: words,
    })(files['cues.json'], 'cues.json'),
    dimensions: shape<Lexicon['dimensions']>({
      superlatives: shape<Lexicon['dimensions']['superlatives']>({ highest: words, lowest: words }),
      phrases: shape<Record<TabledLanguage, Phrase[]>>({ de: phrases, es: phrases, fr: phrases, pt: phrases, it: phrases }),
      months: recordOf(num),
      seasons: recordOf(num),
    })(files['dimensions.json'], 'dimensions.json'),
  };
}
