/*
 * The assistant's evaluation set: prompts with the resolution a researcher means, written from
 * the demo catalogue (libs/demo-data/domain) and never from the planner's output. Every file of
 * `EVAL_SETS` (score-eval.ts) shares this format: the tuning files (`tuning*.json`, the planner is
 * tuned against them) and the held-out files (`held-out.json` for the single-topic families,
 * `held-out-2.json` for the families of questions with structure; never looked at while tuning,
 * scored separately, so the tuning score can be checked for over-fitting).
 *
 * The demo catalogue's waves are quarterly, `q4_2024` .. `q3_2026`; "now" is the latest wave an
 * organisation licenses. Organisation `demo` licenses everything; `acme-retail` licenses dataset
 * `core`, markets us, gb, de, fr and the last 5 waves (`q3_2025` .. `q3_2026`).
 */

/** Every family, in the order tables list them. */
export const EVAL_FAMILIES = [
  'share-population',
  'share-audience',
  'ranking',
  'comparison-audiences',
  'comparison-markets',
  'indexing',
  'indexing-open',
  'trend',
  'follow-up',
  'docked',
  'refusal',
  'messy',
  'language',
  'negation',
  'combination',
  'rank-markets',
  'rank-groups',
  'change-comparison',
  'brief',
  'follow-up-replace',
  'docked-multi',
  'unanswerable',
  'size',
] as const satisfies readonly EvalFamily[];

/** The kind of prompt a case exercises; scores are reported per family. */
export type EvalFamily =
  /** "What share of Germans use TikTok?": one datapoint over the whole population of a market. */
  | 'share-population'
  /** "What share of Gen Z women in the US watch Twitch?": the group is the audience, X the topic. */
  | 'share-audience'
  /** "Top 3 streaming services in France", "most used social platform". */
  | 'ranking'
  /** "Do men or women use Instagram more?": two audiences side by side, never their intersection. */
  | 'comparison-audiences'
  /** "TikTok usage in the UK vs Germany". */
  | 'comparison-markets'
  /** "Do Gen Z over-index on TikTok?": a named topic, indexed against the base. */
  | 'indexing'
  /** "What makes Gen Z different?": no topic; every licensed datapoint ranked by index. */
  | 'indexing-open'
  /** "How has Facebook usage changed over the last year?": per wave, relative time. */
  | 'trend'
  /** A prompt that only makes sense after the earlier prompts of its chat. */
  | 'follow-up'
  /** Audiences docked to the request (the `docked` names below). */
  | 'docked'
  /** Forecasts, markets, topics or waves not in the data, unlicensed data: no number. */
  | 'refusal'
  /** Typos, lower case, no punctuation, filler words. */
  | 'messy'
  /** Prompts in the languages of the markets in the data (de, es, fr, pt, ja, ...). */
  | 'language'
  /** "What share don't use TikTok?", "who is not on Facebook at all": the complement of the answer. */
  | 'negation'
  /** "Both Netflix and Disney+", "Netflix or Disney+", "at least two of ...": one combined subject. */
  | 'combination'
  /** "In which country is TikTok most used?", "rank our markets by ...": each market, ordered, with a verdict. */
  | 'rank-markets'
  /** "Which age group is most likely to ...": the groups of a demographic question as audiences, with a verdict. */
  | 'rank-groups'
  /** "Did X grow more in A or B?", "up or down vs the same quarter last year": change with a verdict. */
  | 'change-comparison'
  /** A long brief with context sentences around one question: the question is planned, not the context. */
  | 'brief'
  /** A follow-up that replaces one thing (audience, market, topic) and keeps the rest. */
  | 'follow-up-replace'
  /** Two docked audiences, or a docked audience named in the prompt. */
  | 'docked-multi'
  /** A metric, range or unit the catalogue does not have: no numbers of another question. */
  | 'unanswerable'
  /** "How many people, in millions": the projected size, not only a share. */
  | 'size';

/** Respondents who gave any of `datapoints` to `question` (with one of `suffixes`, when listed); `not` negates. */
export interface ExpectedLeaf {
  question: string;
  datapoints: string[];
  suffixes?: string[];
  not?: boolean;
}

/**
 * An audience as the researcher means it: a saved or curated audience by its name, everyone
 * (no audience named), or respondents matching every leaf (AND).
 */
export type ExpectedAudience = { saved: string } | { all: true } | { and: ExpectedLeaf[] };

export interface ExpectedResolution {
  /** Answer with numbers; refuse (no number: not in the data, not licensed, a forecast); or ask a short clarifying question. */
  outcome: 'answer' | 'refuse' | 'clarify';
  /** The rest applies to answers; a member left out is not scored. */
  kind?: 'share' | 'ranking' | 'comparison' | 'indexing' | 'trend';
  /**
   * The question and datapoints measured: `datapoints: []` means every datapoint of the question
   * (a ranking); `suffix` for grid questions ("daily" TikTok use). `null` for an open indexing
   * question (every datapoint the organisation may use).
   */
  topic?: {
    question: string;
    datapoints: string[];
    suffix?: string;
    /** How the datapoints combine into one subject; default `each` (a column per datapoint). */
    combine?: 'each' | 'all' | 'any' | 'at-least';
    /** With `combine: 'at-least'`. */
    min?: number;
    /** The complement ("don't use"); default false. */
    negate?: boolean;
    /**
     * Answers of the same question the subject excludes ("TikTok but not Instagram": `datapoints`
     * given, none of `except`), with `combine: 'all'`; default none.
     */
    except?: string[];
    /**
     * Answers of other questions in the same combined subject (`combine` `all` or `any`): "TikTok
     * or Netflix", and the size of an audience itself ("how many Gen Z women are there": its
     * defining answers counted among everyone); default none.
     */
    also?: ExpectedLeaf[];
  } | null;
  /** In order; `[{ all: true }]` when the prompt names no audience. Two entries = side by side. */
  audiences?: ExpectedAudience[];
  /** Market codes; `[]` = every licensed market taken together. Two or more = side by side. */
  markets?: string[];
  /** Wave codes, oldest first. */
  waves?: string[];
  /** How many datapoints a ranking or an indexing answer lists. */
  limit?: number;
  /** "How many": the projected number of people as well as the share. */
  count?: boolean;
  /** What is ranked: `markets`, `waves`, or `{ question }` whose groups are the audiences ranked. */
  rankBy?: 'answers' | 'markets' | 'waves' | { question: string };
  /** The verdict the answer states from the numbers. */
  verdict?: 'highest' | 'lowest' | 'grew-more' | 'up-or-down';
  /** Two periods compared rather than a trend through every wave. */
  paired?: boolean;
  /** For a refusal of an unanswerable ask: the question code the answer offers instead, when there is a near one. */
  offer?: string;
}

export interface EvalCase {
  /** Stable and unique across both files, e.g. "trend-007". */
  id: string;
  family: EvalFamily;
  org: 'demo' | 'acme-retail';
  /** Earlier prompts of the same chat, oldest first; each is planned in turn before `prompt`. */
  chat?: string[];
  /** Curated audiences docked to the request, by name. */
  docked?: string[];
  prompt: string;
  expect: ExpectedResolution;
  /** Why this resolution is the right one, where it is not obvious. */
  note?: string;
}
