import {
  AnalysisKind,
  AnalysisPlan,
  CodeName,
  PlanAudience,
  PlannerCatalogue,
  PlannerLocation,
  PlannerQuestion,
  PlanOutcome,
  PlanTopic,
} from '../assistant.types';
import { CatalogueIndex, Entry } from '../catalogue-index';
import { Language } from '../languages';
import { Quantity } from '../quantities';
import { TimeReading } from '../time';
import type { DimensionCue } from './dimension-cues';

export type SpanKind = Entry['kind'] | 'age' | 'us';

export interface Span {
  start: number;
  end: number;
  entry: Entry;
  typo: boolean;
  /** Positions inside the span that are not words of the name (a name said in other words). */
  loose?: number[];
  /** Typos between the prompt's words and the name's. */
  cost?: number;
  /** A typo as close to other names as to its own: every name it may stand for. */
  rivals?: string[];
  /** The answers an amount means, said of people ("households earning over $150,000"): a group. */
  amountGroup?: true;
  /** The scale answers of a grid row an amount means, said of people ("daily Snapchat users": Daily). */
  rowSuffixes?: string[];
}

export const PRIORITY: Record<SpanKind, number> = { audience: 1, market: 1, region: 1, us: 1, age: 1, place: 2, datapoint: 3 };

/** A prompt's words with what each was taken for. */
export interface Reading {
  raw: string;
  lang: Language;
  words: string[];
  used: Set<number>;
  spans: Span[];
  time: TimeReading;
  limit: number | undefined;
  /** Amounts with a unit ("under five hours"): they pick the bands of a banded question. */
  quantities: Quantity[];
  /** What the prompt ranks or compares along (markets, groups, change) and the verdict it asks for. */
  dimension: DimensionCue;
}

// Audiences and the roles of datapoint mentions

export interface Roles {
  /** Audience sides: each an AND of its parts; two or more = side by side. */
  sides: PlanAudience[][];
  /** Datapoint mentions that measure the topic. */
  topicSpans: Span[];
  /** Spans read as a group of people. */
  groupSpans: Span[];
}

// The kind of question

export interface KindCues {
  trend: boolean;
  indexing: boolean;
  /** Index words proper ("over-index", "skew", "than average"), not only words of difference. */
  explicitIndex: boolean;
  /** "What makes X different", "what does X over-index on" without a named topic. */
  openIndexing: boolean;
  comparison: boolean;
  ranking: boolean;
  share: boolean;
}

export interface TopicChoice {
  topic: PlanTopic | null;
  question: PlannerQuestion | null;
  outcome?: PlanOutcome;
  unknown: string[];
  /** Named by a datapoint or by the question's own name, not only by loose words. */
  confident?: boolean;
  /** Named by a mention of one of its datapoints or of its name ("TV genres"), not by loose words. */
  mentioned?: boolean;
  /** Named by the question's own name ("streaming services", "TV genres"). */
  namedQuestion?: boolean;
  /** Found only by loose words covering under half its name ("per", "interesting"): no answer, scale or name of it said. */
  thin?: boolean;
  /** Another question measuring the same named thing, said in a note. */
  alternative?: string;
}

export interface Scored {
  question: PlannerQuestion;
  score: number;
  datapoints: CodeName[];
  suffix: CodeName | null;
  dpHits: number;
  wordHits: number;
  strongCue: boolean;
  namedQuestion: boolean;
  /** What in the prompt found the question, as a key: two questions with the same key are not told apart by the words. */
  evidence: string;
  /** The share of the question's name words the prompt says. */
  coverage: number;
}

/** What every stage after reading sees: the prompt read, the catalogue and the chat's context. */
export interface PromptContext {
  catalogue: PlannerCatalogue;
  index: CatalogueIndex;
  /** The previous answered turn's plan, when it is readable. */
  previous: AnalysisPlan | null;
  docked: PlanAudience[];
  reading: Reading;
  words: string[];
  /** The words joined, a space each side, for phrase tests. */
  text: string;
  /** Whether the prompt's words read as a follow-up of the previous plan (decided once, here). */
  followUpWords: boolean;
}

/** The markets a prompt names, and whether it asks about every licensed market. */
export interface MarketReading {
  markets: PlannerLocation[];
  allMarkets: boolean;
}

/** What the prompt asks of whom: the cues of the kind of answer, the roles of its names, a reference to people, a headcount. */
export interface Frame {
  cues: KindCues;
  roles: Roles;
  /** Where "they" (or "these groups") stands, -1 when nowhere. */
  they: number;
  /** "They" with no one it could refer to. */
  noOne: boolean;
  count: boolean;
}

/** The topic settled in its context (a demographic asked about, a docked audience sized). */
export interface TopicStep {
  choice: TopicChoice;
  topic: PlanTopic | null;
  question: PlannerQuestion | null;
  /** The one docked audience is what is sized, not the population. */
  dockedAsTopic: boolean;
}

/** The shape of the answer once the follow-up is merged: what to compute, for whom, where and when. */
export interface PlanShape {
  kind: AnalysisKind;
  topic: PlanTopic | null;
  topicQuestion: PlannerQuestion | null;
  audiences: PlanAudience[];
  locations: CodeName[];
  waves: CodeName[];
  limit: number | undefined;
  count: boolean;
  ascending: boolean;
}
