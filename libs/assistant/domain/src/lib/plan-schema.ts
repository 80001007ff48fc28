/*
 * The analysis plan as a language model writes it: the same plan as `AnalysisPlan`, but every
 * catalogue thing is referred to by its code only (names are filled in from the catalogue by
 * `validatePlan`, never taken from the model), and every member is present, null when unused, so
 * that the schema is usable with OpenAI-compatible structured outputs in strict mode (every
 * property required, no additional properties). The model never writes a number of the answer:
 * it only chooses what the engine computes.
 */
import type { AnalysisKind, PlanDimension, PlanVerdict, RefusalReason, SubjectCombine } from './assistant.types';

/** A standard-form audience expression as the model writes it: every member present, null or false when unused. */
export type ModelExpression = ModelLeaf | { and: ModelExpression[]; not: boolean } | { or: ModelExpression[]; not: boolean };

export interface ModelLeaf {
  question: string;
  datapoints: string[];
  suffixes: string[];
  min_count: number | null;
  not: boolean;
}

/** One audience: a saved, curated or docked audience by id, or an expression over demographic answers. */
export interface ModelAudience {
  savedAudienceId: string | null;
  expression: ModelExpression | null;
}

export interface ModelTopic {
  question: string;
  datapoints: string[];
  suffix: string | null;
  combine: SubjectCombine;
  minCount: number | null;
  negate: boolean;
  /** Answers of the same question respondents did not give, with `combine: 'all'` ("TikTok but not Instagram"). */
  except: string[];
  /** Answers of other questions in the same subject, with `combine` `all` or `any` ("TikTok or Netflix"). */
  also: ModelTopicPart[];
}

export interface ModelTopicPart {
  question: string;
  datapoints: string[];
  suffix: string | null;
}

export interface ModelAnswer {
  kind: AnalysisKind;
  topic: ModelTopic | null;
  audiences: ModelAudience[];
  markets: string[];
  waves: string[];
  rankBy: PlanDimension | null;
  groupQuestion: string | null;
  verdict: PlanVerdict | null;
  pairedPeriods: boolean;
  limit: number | null;
  ascending: boolean;
  count: boolean;
  /** The mean of a numeric or banded question (average age, hours of sleep) instead of its shares. */
  average?: boolean;
}

export interface ModelRefusal {
  reason: RefusalReason;
  message: string;
  /** The code of the nearest question the catalogue can answer, with `cannot-answer`. */
  offer: string | null;
}

export interface ModelClarification {
  message: string;
  options: string[];
}

/** What the model returns: exactly one of `answer`, `refusal`, `clarification` is set, as `outcome` says. */
export interface ModelPlan {
  outcome: 'answer' | 'refuse' | 'clarify';
  answer: ModelAnswer | null;
  refusal: ModelRefusal | null;
  clarification: ModelClarification | null;
}

/** The name of the schema in `response_format.json_schema.name` (and of the tool, in the tool-call variant). */
export const PLAN_SCHEMA_NAME = 'analysis_plan';

export const ANALYSIS_KINDS: readonly AnalysisKind[] = ['share', 'ranking', 'comparison', 'indexing', 'trend'];
export const SUBJECT_COMBINES: readonly SubjectCombine[] = ['each', 'all', 'any', 'at-least'];
export const PLAN_DIMENSIONS: readonly PlanDimension[] = ['answers', 'markets', 'waves', 'groups'];
export const PLAN_VERDICTS: readonly PlanVerdict[] = ['highest', 'lowest', 'grew-more', 'up-or-down'];
export const REFUSAL_REASONS: readonly RefusalReason[] = ['not-understood', 'no-data', 'not-entitled', 'cannot-answer'];

type Schema = Record<string, unknown>;

const object = (description: string, properties: Record<string, Schema>): Schema => ({
  type: 'object',
  description,
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});
const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });
const string = (description: string): Schema => ({ type: 'string', description });
const strings = (description: string): Schema => ({ type: 'array', items: { type: 'string' }, description });
const oneOf = (values: readonly string[], description: string, orNull = false): Schema =>
  orNull ? { type: ['string', 'null'], enum: [...values, null], description } : { type: 'string', enum: [...values], description };
const nullableInteger = (description: string): Schema => ({ type: ['integer', 'null'], description });
const boolean = (description: string): Schema => ({ type: 'boolean', description });

const NOT = boolean('true negates this node (respondents who do NOT match it)');

/**
 * JSON Schema (draft 2020-12, the subset OpenAI structured outputs accept in strict mode) of a
 * `ModelPlan`. Ranges (limit 1..20, min_count up to the datapoints listed) are said in the
 * descriptions and checked by `validatePlan`, since strict mode does not enforce every keyword.
 */
export const PLAN_JSON_SCHEMA: Schema = {
  ...object('A plan of what to compute for the prompt, or a refusal, or a clarifying question. Set exactly the member `outcome` names; the others are null.', {
    outcome: oneOf(
      ['answer', 'refuse', 'clarify'],
      'answer: a plan to compute; refuse: the data cannot answer it; clarify: ask the user which reading they mean',
    ),
    answer: nullable({ $ref: '#/$defs/answer' }),
    refusal: nullable({ $ref: '#/$defs/refusal' }),
    clarification: nullable({ $ref: '#/$defs/clarification' }),
  }),
  $defs: {
    answer: object('What to compute. Every code must come from the catalogue in the instructions.', {
      kind: oneOf(
        ANALYSIS_KINDS,
        'share of one or more answers; ranking of a question’s answers; comparison of audiences or markets; indexing (what makes an audience different); trend over waves',
      ),
      topic: nullable({ $ref: '#/$defs/topic' }),
      audiences: {
        type: 'array',
        items: { $ref: '#/$defs/audience' },
        description: 'Who is measured; empty = all respondents. Two or more are compared side by side. Docked audiences are referred to by their id.',
      },
      markets: strings('Market codes; empty = every market available. Several: each is measured on its own.'),
      waves: strings('Wave codes, oldest first; empty = the latest four waves (a trend: every wave).'),
      rankBy: oneOf(PLAN_DIMENSIONS, 'What is ranked: the topic’s answers, markets, waves, or the groups of groupQuestion; null = nothing', true),
      groupQuestion: {
        type: ['string', 'null'],
        description: 'With rankBy "groups": the code of the demographic question whose answers are the groups (age_group, income_group)',
      },
      verdict: oneOf(PLAN_VERDICTS, 'The verdict to state from the numbers (the numbers come from the engine); null = none', true),
      pairedPeriods: boolean('Two periods compared (e.g. the same quarter last year): waves holds exactly those two, oldest first'),
      limit: nullableInteger('How many answers a ranking lists, 1 to 20; null = the default'),
      ascending: boolean('Rank from the bottom ("least")'),
      count: boolean('"How many people": the projected number of people as well as the share'),
      average: boolean('"Average age", "mean hours of sleep": the mean of a numeric or banded question instead of its shares'),
    }),
    topic: object('The question measured, by its code, and the answers of it that make the subject.', {
      question: string('Question code'),
      datapoints: strings('Datapoint codes of that question; empty = every answer (a ranking)'),
      suffix: { type: ['string', 'null'], description: 'A suffix code of that question (e.g. how often), or null' },
      combine: oneOf(
        SUBJECT_COMBINES,
        'each: every datapoint its own figure; all: respondents who gave every one; any: at least one; at-least: at least minCount of them',
      ),
      minCount: nullableInteger('With combine "at-least": how many of the datapoints, at least (2 or more, at most as many as listed); else null'),
      negate: boolean('true: respondents who did NOT give the answer(s) ("do not use")'),
      except: strings(
        'With combine "all": datapoint codes of the same question respondents did NOT give ("TikTok but not Instagram": datapoints [tiktok], except [instagram]); else empty',
      ),
      also: {
        type: 'array',
        items: { $ref: '#/$defs/topicPart' },
        description:
          'With combine "all" or "any": answers of OTHER questions in the same subject ("uses TikTok or watches Netflix"; the size of an audience: its defining answers); else empty',
      },
    }),
    topicPart: object('Answers of another question in the combined subject', {
      question: string('Question code (not the topic’s own)'),
      datapoints: strings('Datapoint codes of that question'),
      suffix: { type: ['string', 'null'], description: 'A suffix code of that question, or null' },
    }),
    audience: object('A saved or docked audience by id, or an expression over answers (demographics). Exactly one of the two is set.', {
      savedAudienceId: { type: ['string', 'null'], description: 'The id of a saved, curated or docked audience from the instructions' },
      expression: nullable({ $ref: '#/$defs/expression' }),
    }),
    expression: {
      description: 'An audience expression: a leaf naming a question and some of its datapoints, or an "and" / "or" of expressions.',
      anyOf: [{ $ref: '#/$defs/leaf' }, { $ref: '#/$defs/and' }, { $ref: '#/$defs/or' }],
    },
    leaf: object('Respondents who gave one of the datapoints listed to the question', {
      question: string('Question code'),
      datapoints: strings('Datapoint codes of that question'),
      suffixes: strings('Suffix codes of that question; usually empty'),
      min_count: nullableInteger('At least this many of the datapoints; null = one'),
      not: NOT,
    }),
    and: object('Respondents matching every sub-expression', { and: { type: 'array', items: { $ref: '#/$defs/expression' } }, not: NOT }),
    or: object('Respondents matching any sub-expression', { or: { type: 'array', items: { $ref: '#/$defs/expression' } }, not: NOT }),
    refusal: object('Why there is no number to give', {
      reason: oneOf(
        REFUSAL_REASONS,
        'cannot-answer: the catalogue does not measure what is asked (a metric, age range, unit); no-data; not-entitled; not-understood',
      ),
      message: string('One or two sentences to the user, with no number'),
      offer: { type: ['string', 'null'], description: 'With cannot-answer: the code of the nearest question the catalogue can answer, or null' },
    }),
    clarification: object('A question back to the user', {
      message: string('The question to ask'),
      options: strings('The readings to choose from'),
    }),
  },
};
