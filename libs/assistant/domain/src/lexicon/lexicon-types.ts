/**
 * The types of the lexicon: what each lexicon file holds once `read-lexicon.ts` has checked it.
 */
/** The European languages read through a phrase table. */
export type TabledLanguage = 'de' | 'es' | 'fr' | 'pt' | 'it';
export const TABLED_LANGUAGES: readonly TabledLanguage[] = ['de', 'es', 'fr', 'pt', 'it'];

/** A phrase of normalised words and the English words it stands for. */
export type Phrase = [string, string];

export interface LanguageWords {
  /** Words that mark the language, counted to tell which one a prompt is in. */
  markers: string[];
  /** Phrases whose meaning is not the same in English; longer phrases win over their parts. */
  phrases: Phrase[];
  /**
   * Inflectional endings (plural, gender, person), longest tried first: a prompt's word that is
   * not in the table is looked up by its key, the word without its ending ("tablettes",
   * "possèdent" read as "tablette", "possède"), when at least four letters stay.
   */
  endings: string[];
  /**
   * Paired words of "both X and Y" ("sia ... che", "tanto ... como"): the first read as "both"
   * and the second, when it follows in the same clause, as "and".
   */
  bothAnd: Phrase[];
  /**
   * Words read otherwise only before a number: "unter 35" is "under 35" where "unter den Nutzern"
   * is "among", "mayores de 55" "over 55". One list for both readers of them: the translation
   * (`languages.ts`) and the unanswerable check's ask in English (`planner/ask-in-english.ts`). A
   * word the phrase table already reads the same way wherever it stands is left out, since a
   * listed word keeps a longer phrase from swallowing it: French "moins de" is not listed, so the
   * table's "de moins de" (under) still reads in "non-parents de moins de 35 ans".
   */
  beforeNumber: Phrase[];
  /**
   * A word and the form it takes before a vowel ("de" and "d" of "d'avoir"): a phrase of the
   * table is also read with the short form where a vowel follows it or where it ends the phrase.
   */
  elisions: Phrase[];
  /**
   * Words read otherwise only right after a noun for people: a frequency a Romance language puts
   * after its noun ("usuarios diarios", "utenti quotidiani": daily users), which elsewhere may be a
   * noun ("el diario", a newspaper). Read before the noun, in English order.
   */
  afterPeople: Phrase[];
  /**
   * A preposition and an article written as one word, and the article it holds ("des": "les",
   * Portuguese "das": "as"). A phrase of the table opening with the article is also read after the
   * contracted word, as the table reads that word and then the phrase (`article-contractions.ts`).
   */
  contractions: Phrase[];
}

/** English, the language the planner reads every prompt in once translated. */
export interface EnglishWords {
  /** Words that mark English, counted against the other languages' markers. */
  markers: string[];
  /** Words that carry no topic. */
  stopwords: string[];
  /** Articles, pronouns, prepositions, conjunctions and auxiliaries. */
  functionWords: string[];
  /** Counts written as words ("three"). */
  numberWords: Record<string, number>;
  /** Words read as a count only before a hyphenated noun ("single-person" is "1 person"). */
  compoundCounts: Record<string, number>;
  /** Plurals not made with "s", for a count said before a singular noun ("3-person" as "3 people"). */
  irregularPlurals: Record<string, string>;
  /** Forms read as another word before stemming (irregular verbs, "usage" for "use"). */
  canonical: Record<string, string>;
  /** Amounts said in words ("six figures"), as the figures and unit the amount reader knows. */
  amountPhrases: Record<string, string>;
  /** Amounts of nothing ("spend nothing", "not spend any money"), the verb first, and the names of the answers that are none of it ("Nothing", "Never"). */
  zeroAmounts: { asked: string[]; answers: string[] };
  /**
   * How often, in times a week (lo, hi): what a prompt says ("twice a month", "at least weekly",
   * "once in a while") and what a frequency answer's name stands for ("Several times a week", "Weekly").
   */
  frequencies: { asked: Record<string, [number, number]>; answers: Record<string, [number, number]> };
}

export interface JapaneseWords {
  /** Patterns replaced in the raw prompt (numbers with their counters), in order. */
  patterns: { pattern: string; flags: string; replace: string }[];
  /** Phrases replaced by English words, longest first. */
  words: Phrase[];
}

/**
 * Demographic phrases -> the curated audience they name (by name), with the standard expression
 * to use when no audience of that name is in the catalogue.
 */
export interface AudiencePhrase {
  phrases: string[];
  name: string;
  description: string;
  expression: Record<string, unknown>;
}

/** The words of the planner's grammar: how prompts are put together, not what they are about. */
export interface Grammar {
  /** Chat shorthand and misspelt function words -> the words they stand for. */
  shorthand: Record<string, string>;
  /** Words that join two sides of a comparison. */
  connectors: string[];
  /** Words that may sit between two parts of one audience ("women aged 25-34"). */
  glue: string[];
  /** Words that refer to people named elsewhere (an earlier prompt, a docked audience). */
  peopleReferences: string[];
  /** Nouns after "this"/"these" that refer to a group ("these audiences"). */
  groupWords: string[];
  /** Openings of a prompt that continue the previous turn. */
  followUpStart: string[];
  /** Words that refer to what the previous turn was about. */
  references: string[];
  /** Time words that a multi-word name may hold ("buy now pay later"). */
  timeWords: string[];
  /** Superlatives a count of a list stands before ("three most used"). */
  limitWords: string[];
  /** Superlatives before a singular noun that ask for one answer ("the least used app", "the most common pet"). */
  oneAnswerSuperlatives: string[];
  /** Verbs of coming first that, after "which" and a singular noun, ask for one answer ("which brand leads"). */
  leadVerbs: string[];
  /** Verbs of preferring ("which brand do they prefer"): asked of a singular noun, one answer, as a lead verb is. */
  preferenceVerbs: string[];
  /** Verbs of skew ("do daily TikTok users skew female?"): what skews is the subject, the group after it who it is indexed on. */
  skewVerbs: string[];
  /** Plural nouns a number counts that are not things to list. */
  countedUnits: string[];
  /** ISO 3166 three-letter codes of the markets -> their codes, read in capitals only. */
  iso3: Record<string, string>;
  /** Words after which a lower-case "us" is the pronoun, not the market. */
  usPronounBefore: string[];
  /** Words joining the two ends of an age range, English or left from another language. */
  ageRangeLinks: string[];
  /** Stems of verbs whose object is the thing measured, never a group of people. */
  objectVerbStems: string[];
  /** Chat interjections ("lol", "tbh") that, ending a clause, are tone rather than a name ("LoL"). */
  interjections: string[];
  /** The social wrapping of a request (planner/courtesy.ts): greetings, thanks and sign-offs, politeness markers, lead-ins that embed a question. */
  courtesy: Courtesy;
  /** Names of a market's people that do not end in s ("the French who ..."); the others are read by their plural s. */
  pluralDemonymsWithoutS: string[];
  /** Verbs of earning that make the people before them a group of income ("households earning over $150,000", "families on $40k"). */
  earningVerbs: string[];
  /** Words that open a relative clause about people ("people who ...", "those that ..."). */
  relativeWords: string[];
  /** Words for people that a relative clause ("who own a dog") turns into a group. */
  relativeHeads: string[];
  /** Nouns naming a kind of person in datapoint names ("Hardcore gamer"). */
  personNouns: string[];
  /** Words that may stand between an index cue and what it is measured on. */
  targetGap: string[];
  /** Nouns ending in s that are singular or stand before another noun ("news source"). */
  /** "A typical Gen Z woman": one person standing for a group, its words no cue of difference. */
  onePersonOf: string[];
  /** "What would most increase ...": modals (and adverbs after them) before a change verb that imagine it rather than measure it. */
  hypotheticalChange: { modals: string[]; adverbs: string[] };
  attributiveS: string[];
  /** Stems of verbs too common to name a question by themselves. */
  genericVerbStems: string[];
  /** Stems of verbs and nouns that make someone a brand's customer. */
  customerStems: string[];
  /** Frequency datapoint names -> the words that say them ("every day"). */
  valueWords: Record<string, string[]>;
  /** Phrases naming the other side of a comparison as everyone outside the one audience named ("vs those who do not"). */
  complementSides: string[];
  /** Phrases naming the other side as the rest of the population ("compared with everyone else"): an index's own base. */
  complementRest: string[];
  /** Links that set two sides side by side as equals ("A vs B", "A and B"), unlike a base ("than", "compared with"). */
  evenSideLinks: string[];
  /** The rest named as the other people ("everyone else"): a side after a comparative's "than" when the topic is said; "the rest of the population" stays a base. */
  restPeople: string[];
  /** Verbs of living somewhere: before "in" and a market they place the people ("Millennials who live in Spain"), naming no question ("Area lived in"). */
  residenceVerbs: string[];
  /** Links between a thing and what people do with it ("shop on Instagram", "use LinkedIn to look for jobs"): an answer of the question named after the thing (`activity-on-thing.ts`). */
  activityOn: { before: string[]; after: string[] };
  /** Nouns for a part of the survey itself ("the gaming module", "the core questionnaire"): the word before one names that part, never an answer. */
  surveyPartNouns: string[];
  /** Links that set a second side against the first after a word of indexing ("over-index compared with Millennials"): the sides compared. */
  indexAgainstSide: string[];
  /** Links that set the one audience named against the docked ones ("vs Millennials", "compared with men"): the docked audiences are the other sides. */
  dockedAgainst: string[];
  /** Links before a base ("than the average person", "above the general population"): one group set against everyone. */
  baseLinks: string[];
  /** Negated clauses about people and groups narrowed by a modifier (`negated-clauses.ts`, `roles.ts`, `narrowed-audiences.ts`). */
  clauseNegations: string[];
  haveVerbs: string[];
  clauseFiller: string[];
  answerJoiners: string[];
  narrowingGap: string[];
  /** Words after which a bare verb is what people do ("who run", "neither run nor cycle", "both swim"): the activity answer of its -ing form (`derived-forms.ts`). */
  activityVerbBefore: string[];
  /** Joins after which a bare verb continues a clause's activities ("who both cycle and run"): an activity when the verb before the join is one. */
  activityVerbJoins: string[];
  /** Light verbs and links that may stand between the two groups of a pair ("both swim and do yoga"; `audience-pairs.ts`). */
  pairVerbs: string[];
  /** Links in a clause about people that add a second answer to the same people ("who run and also go to the gym"; `audience-pairs.ts`). */
  clauseAlsoLinks: string[];
  /** Words that put the verb after them in the past ("used to smoke"), and first words of an answer naming that past state ("Former smoker"; `past-state.ts`). */
  pastStateBefore: string[];
  pastStateAnswers: string[];
  /** A recall window a question says of its own answers ("bought in the last 3 months"): its leads and units (`answer-window.ts`). */
  answerWindowLeads: string[];
  answerWindowUnits: string[];
  /** The English articles, skipped between the words of a list or a pair (`juxtaposed-list.ts`, `audience-pairs.ts`). */
  articles: string[];
  /** Words that lead a restated split ("each size band", "per income bracket"; `group-restated.ts`). */
  groupLeads: string[];
}

export interface Lexicon {
  languages: Record<TabledLanguage, LanguageWords>;
  english: EnglishWords;
  japanese: JapaneseWords;
  places: {
    /** Location code -> names, adjectives and demonyms (normalised) in the languages of the markets. */
    locationAliases: Record<string, string[]>;
    /** Places the survey does not cover: named so the assistant can say so instead of ignoring them. */
    otherPlaces: Record<string, string[]>;
    /** Regions: the markets of the data that lie in them, side by side. */
    regions: Record<string, { phrases: string[]; codes: string[] }>;
    /** Words that name every market together rather than one. */
    allMarkets: string[];
    /**
     * Words that join market codes into a list ("uk vs us", "es y br", "de und fr"), besides "/", "+",
     * "&" and ",": two-letter codes so joined are markets in any language (`market-codes.ts`).
     */
    codeListJoins: string[];
    /**
     * Where a lower-case market code said alone stands as a market (`market-code-slots.ts`): after
     * the words of `after` ("in de", "incl jp", "swap de for fr", "what about fr"), before those of
     * `beforeLimit` ("us only", "de instead") unless "us" is the pronoun there ("tell us only"),
     * before the words for people of `before` ("jp ppl", "us adults"), and before those of
     * `beforeEnglish` ("us gen z", "fr parents") only when the code is no word of another language
     * (French and Spanish say "de millennials").
     */
    codeSlots: { after: string[]; beforeLimit: string[]; before: string[]; beforeEnglish: string[] };
  };
  audiences: {
    audiencePhrases: AudiencePhrase[];
    /** Words for a group said after the people it is made of ("the low-income group", "the students segment"): the audience's words, never a topic's (`roles.ts`). */
    groupHeads: string[];
    /** Verbs an audience phrase may open with ("rent their home", "live alone", "have kids"): said of people already named, it is what is asked (`roles.ts`). */
    predicateVerbs: string[];
    /** Words before an age that opens a range up to the oldest ("people 55 and over", "aged 45 or older"): `age-spans.ts`. */
    beforeAgeFloor: string[];
    /** Words after an age that make it the youngest of the range ("and over", "or older"). */
    ageFloorWords: string[];
    /** What a negated clause about people denies, read only there ("who don't eat meat": the meat-free diets): `negated-clauses.ts`. */
    negatedObjects: AudiencePhrase[];
    /** The age bands of `age_group`: [code, low, high]. */
    ageBands: [string, number, number][];
  };
  scales: {
    /** Answer-scale words -> the suffix name they point to (normalised). */
    suffixAliases: Record<string, string[]>;
    /** Words that carry a suffix only in a grid that asks about it, not "use" in general. */
    weakSuffixWords: string[];
  };
  topics: {
    /** Topic words -> words the catalogue uses for them. */
    topicSynonyms: Record<string, string[]>;
    /** Nouns that make a datapoint a group of people ("TikTok users", "Netflix subscribers"). */
    groupNouns: string[];
    /**
     * Verbs said with a thing -> the words a question's name or description says that act with
     * ("own" -> owned, held): when a thing is an answer of several questions, the verb around
     * its mention chooses the question ("have a credit card": held; "pay with a credit card": payment).
     */
    verbFrames: Record<string, string[]>;
  };
  grammar: Grammar;
  cues: {
    trend: string[];
    index: string[];
    difference: string[];
    comparison: string[];
    ranking: string[];
    share: string[];
    /**
     * Phrases that ask for a number of people rather than (only) a share ("weighted count",
     * "universe size", "in numbers"); their words are never read as a name ("Household size").
     */
    size: string[];
    /**
     * A size said as a superlative of a group ("the biggest Spotify audience", "the largest user
     * base"): `sizeSuperlatives` before one of `sizeHeads` within a few words.
     */
    sizeSuperlatives: string[];
    sizeHeads: string[];
    /** Nouns of a number of people set beside a share ("both the number and the percentage of"). */
    sizeNouns: string[];
    /** Words qualifying a number of people between "in" and "numbers" ("in actual people numbers", "in real user numbers"): a size asked. */
    sizeNumberModifiers: string[];
    /** Words that make the groups named one audience, any of them ("Gen Z and Millennials combined"). */
    union: string[];
    /** What an index is read against ("everyone else", "the general population"). */
    base: string[];
    /** Words of asking that are never read as "not in the data" (the cue words are added to them). */
    queryWords: string[];
    /** Words of politeness and hesitation: never a topic. */
    filler: string[];
    /** Difference cues whose object is the group described, never what it is indexed on ("what characterises TikTok users"). */
    profileVerbs: string[];
    /** Requests to describe a group, read as its open profile when no topic is named ("tell me about", "a persona for"). */
    profileRequests: string[];
    /** Verbs of taking something up ("take up", "adopted"): a change when said with a word of more ("took up Claude faster"). */
    adoption: string[];
    /** Words of pace that make a verb of taking up a change compared ("faster", "more quickly"). */
    adoptionPace: string[];
    /** Words of degree that make a verb of taking up a change compared when a start point is said ("adopted Perplexity the most since Q1"). */
    adoptionDegree: string[];
    /** Words that open the start point of a period ("since"): taking up the most since then is growth, not a level. */
    adoptionSince: string[];
  };
  /**
   * The words of dimensions and time in the other languages (`dimensions.json`): phrases read
   * into the English the dimension and time stages read ("in welchem Land", "el verano pasado"),
   * merged into each language's phrase table; months and seasons of every language, by number
   * (a month is read only beside a year, so "Mars 2025" is March and "Mars" the brand).
   */
  dimensions: {
    /**
     * Superlatives said in several words or as a verb, by the side they ask for: "number one",
     * "comes top", "wins" (the highest); "ranks last", "trails" (the lowest).
     */
    superlatives: { highest: string[]; lowest: string[] };
    phrases: Record<TabledLanguage, Phrase[]>;
    months: Record<string, number>;
    seasons: Record<string, number>;
  };
}

/** The files the lexicon is read from, by name, as parsed JSON. */
export interface LexiconFiles {
  'languages/de.json': unknown;
  'languages/es.json': unknown;
  'languages/fr.json': unknown;
  'languages/pt.json': unknown;
  'languages/it.json': unknown;
  'languages/en.json': unknown;
  'languages/ja.json': unknown;
  'places.json': unknown;
  'audiences.json': unknown;
  'scales.json': unknown;
  'topics.json': unknown;
  'cues.json': unknown;
  'grammar.json': unknown;
  'dimensions.json': unknown;
}

/** The words of the social wrapping around a request (`grammar.json` courtesy, read by planner/courtesy.ts). */
export interface Courtesy {
  /** Greetings that open a message ("hi", "good morning"), in English: the wrappings of other languages are left to their reading. */
  greetings: string[];
  /** Who a greeting is said to ("team", "all", "there"). */
  addressees: string[];
  /** The heads of thanks and sign-offs ("thanks", "cheers", "appreciate", "regards"). */
  thanks: string[];
  /** Words that may come before a head of thanks in a closing ("many", "much", "I really"). */
  thanksBefore: string[];
  /** Words that may follow a head of thanks in a closing ("you", "so much", "in advance", "for your help"). */
  thanksAfter: string[];
  /** Politeness markers said inside the ask ("please", "kindly"). */
  politeWords: string[];
  /** The words a courteous condition opens with ("if", "when"), */
  conditionOpens: string[];
  /** its subject ("you", "possible") */
  conditionSubjects: string[];
  /** and the words the rest of it is made of ("can", "have a moment", "don't mind"). */
  conditionWords: string[];
  /** The words of a lead-in before an embedded question besides its verb ("could you", "I'd like to"). */
  askLeads: string[];
  /** Verbs (and nouns) of asking, telling and knowing that embed a question ("tell", "know", "wonder", "idea"). */
  askVerbs: string[];
  /** Openers of a turn kept before a lead-in is dropped ("and", "so"): they mark a follow-up. */
  keptOpeners: string[];
  /** The words an embedded question starts with ("what", "which", "how"). */
  embeddedStarts: string[];
  /** Verbs after which a word of courtesy is what is said, not courtesy ("how many say thank you", "who types please"). */
  quoteVerbs: string[];
}
