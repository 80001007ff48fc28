import { STOPWORDS } from '../text';
import {
  AnalysisPlan,
  CodeName,
  PlanAudience,
  PlanOutcome,
  PlannerAudience,
  PlannerCatalogue,
  PlannerQuestion,
  PlanVerdict,
  PlannerWave,
} from '../assistant.types';
import { GROUP_ALIASES, GROUP_HEADS, GROUP_LEADS, GROUPS_BY_GENERATION, HIGHEST_WORDS, LOWEST_WORDS, MARKET_NOUNS, RANK_WORDS } from './dimension-words';

/*
 * The dimension a question ranks or compares along, read from its words: the markets ("in which
 * country is X most used"), the groups of a demographic question ("which age group is most likely
 * to ..."), or the change between waves ("did X grow more in A or B", "up or down vs the same
 * quarter last year"). `readDimensions` runs on the prompt's words before names are looked up (the
 * words it takes are not names); `applyDimensions` reshapes the finished plan. The verdict is only
 * named here: the narrative computes it from the engine's numbers (see verdict.ts).
 */

/** What the words of a prompt say about the dimension it ranks or compares along. */
export interface DimensionCue {
  /** "which country", "rank our markets", "country ranking": the markets are ranked. */
  markets: boolean;
  /** "where ... most": the markets, unless the prompt names groups side by side. */
  where: boolean;
  /** The demographic question whose groups are ranked; `generations`: its curated generation audiences. */
  group: { question: string; generations: boolean } | null;
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
  /** Word positions the cue takes, so that they are not read as catalogue names. */
  used: number[];
}

export const NO_DIMENSION: DimensionCue = {
  markets: false,
  where: false,
  group: null,
  superlative: null,
  grewMore: false,
  paired: null,
  pairedYear: null,
  upOrDown: false,
  used: [],
};

const GREW =
  /\b(grow|grows|grew|grown|growing|growth|gain\w*|rise|rises|rose|risen|rising|increas\w*|climb\w*|expand\w*|fall|falls|fell|fallen|falling|declin\w*|drop\w*|shrink\w*|shrank|shrunk|decreas\w*)\b/;
const MORE_CHANGE = /\b(more|most|faster|fastest|quicker|quickest|bigger|biggest|larger|largest|further)\b/;
// A point a year earlier, never "last year" alone: that is a period (the last four waves), read as a trend.
const PAIRED_YEAR = new RegExp(
  [
    '\\bsame (quarter|period|wave|time|point) (of |in )?(last|a|one|the previous|the prior) year\\b',
    '\\bsame (quarter|period|wave|time|point) (of|in) (19|20)\\d\\d\\b',
    '\\b(this|that) (time|quarter|point|period) last year\\b',
    '\\b(a|one) year (ago|earlier|before|prior)\\b',
    '\\byear (on|over) year\\b',
    '\\byoy\\b',
  ].join('|'),
);
// "Vs last quarter": one wave against the one before ("quarter on quarter" is a cadence: a trend).
const PAIRED_QUARTER = /\b(than|vs|versus|against|compared to|compared with) (the )?(last|previous|prior) (quarter|wave)\b/;
const SINCE_YEAR = /\b(since|from|over|across|through) (a|one) year (ago|earlier|before)\b/;
const UP_OR_DOWN = /\bup or down\b|\bdown or up\b|\bhigher or lower\b|\blower or higher\b|\brise or fall\b|\bincrease or decrease\b/;

/** Reads the dimension cues of a prompt's words (lower case, clauses split by "|"). */
export function readDimensions(words: string[], catalogue: PlannerCatalogue): DimensionCue {
  const text = ` ${words.join(' ')} `;
  const used: number[] = [];
  const superlativeAt = words.findIndex((w) => HIGHEST_WORDS.has(w) || LOWEST_WORDS.has(w));
  const superlative = superlativeAt < 0 ? null : LOWEST_WORDS.has(words[superlativeAt]) ? 'lowest' : 'highest';

  // "which country", "in which of our markets", "what market"; "rank our markets", "country ranking".
  let markets = false;
  for (let i = 0; i < words.length; i++) {
    if (!MARKET_NOUNS.has(words[i])) continue;
    const before = words.slice(Math.max(0, i - 3), i);
    const asked = ['which', 'what'].includes(words[i - 1] ?? '') || (before.includes('which') && before.includes('of'));
    // "top market for X", "the biggest country for Y": a superlative on the market itself.
    const ranked =
      RANK_WORDS.has(words[i + 1] ?? '') ||
      before.some((w) => RANK_WORDS.has(w)) ||
      HIGHEST_WORDS.has(words[i - 1] ?? '') ||
      LOWEST_WORDS.has(words[i - 1] ?? '');
    if ((asked && superlative) || ranked) {
      markets = true;
      used.push(i);
    }
  }
  const where = words.includes('where') && superlative !== null;
  const group = readGroup(words, catalogue, used);
  if ((markets || where || group) && superlativeAt >= 0) words.forEach((w, i) => (HIGHEST_WORDS.has(w) || LOWEST_WORDS.has(w)) && used.push(i));
  const paired = PAIRED_YEAR.test(text) && !SINCE_YEAR.test(text) ? 'year' : PAIRED_QUARTER.test(text) ? 'quarter' : null;
  const grewMore = GREW.test(text) && MORE_CHANGE.test(text);
  const yearNamed = /\bsame (quarter|period|wave|time|point) (of|in) ((19|20)\d\d)\b/.exec(text);
  const pairedYear = yearNamed ? Number(yearNamed[3]) : null;
  return { markets, where, group, superlative, grewMore, paired, pairedYear, upOrDown: UP_OR_DOWN.test(text), used };
}

/**
 * "which age group", "by income group", "rank employment groups", "which generation": the
 * demographic question whose groups are ranked. A question is named by its code's words ("age
 * group", "household size"), or by its first word and a word for a group ("age band", "employment
 * groups"), or by its one word ("gender"); a generation is a curated age audience.
 */
function readGroup(words: string[], catalogue: PlannerCatalogue, used: number[]): DimensionCue['group'] {
  const candidates = catalogue.questions.filter((q) => q.suffixes.length === 0 && q.datapoints.length >= 2 && q.datapoints.length <= 8);
  for (let i = 0; i < words.length; i++) {
    if (!GROUP_LEADS.has(words[i - 1] ?? '')) continue;
    let found: { question: string; generations: boolean; end: number } | null = null;
    if (GROUPS_BY_GENERATION.has(words[i])) {
      const question = generationQuestion(catalogue);
      if (question) found = { question, generations: true, end: i + 1 };
    } else {
      // The longest code matched: every word of it ("household income band"), or all but its last
      // followed by a word for a group ("age band", "employment groups"), or one word an alias names.
      let best: { question: string; end: number } | null = null;
      for (const q of candidates) {
        const cw = q.code.split('_');
        const full = GROUP_HEADS.has(cw[cw.length - 1]) && cw.every((w, k) => words[i + k] === w || (k === cw.length - 1 && words[i + k] === `${w}s`));
        const headed = cw.length > 1 && cw.slice(0, -1).every((w, k) => words[i + k] === w) && GROUP_HEADS.has(words[i + cw.length - 1] ?? '');
        const aliased = GROUP_ALIASES[words[i]] === q.code && !headed && !full;
        const end = full || headed ? i + cw.length : aliased ? i + 1 : -1;
        if (end > i && (!best || end > best.end)) best = { question: q.code, end };
      }
      if (best) found = { ...best, generations: false };
    }
    if (!found) continue;
    // "marital status group": the word for a group after the name is the cue's too.
    if (GROUP_HEADS.has(words[found.end] ?? '')) found.end++;
    // A group question with nothing else asked ("which age group is biggest?") is the topic itself.
    const rest = words.filter((w, k) => (k < i - 1 || k >= found.end) && w !== '|' && !STOPWORDS.has(w) && !HIGHEST_WORDS.has(w) && !LOWEST_WORDS.has(w));
    if (rest.length === 0) return null;
    for (let k = i; k < found.end; k++) used.push(k);
    return { question: found.question, generations: found.generations };
  }
  return null;
}

/** The age question the curated generations are cut from: the question of every single-leaf curated audience named "Gen ..." or "... boomers". */
function generationQuestion(catalogue: PlannerCatalogue): string | null {
  const leaf = generations(catalogue)[0];
  return leaf ? leaf.question : null;
}

function generations(catalogue: PlannerCatalogue): { audience: PlannerAudience; question: string; datapoints: string[] }[] {
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

/** The one datapoint-set leaf of an expression, or null. */
function leafOf(expression: Record<string, unknown>): { question: string; datapoints: string[] } | null {
  const keys = Object.keys(expression);
  if (typeof expression['question'] === 'string' && Array.isArray(expression['datapoints']) && keys.every((k) => k === 'question' || k === 'datapoints'))
    return { question: expression['question'] as string, datapoints: expression['datapoints'] as string[] };
  return null;
}

function questionsIn(expression: unknown, out = new Set<string>()): Set<string> {
  if (!expression || typeof expression !== 'object') return out;
  const e = expression as Record<string, unknown>;
  if (typeof e['question'] === 'string') out.add(e['question']);
  for (const key of ['and', 'or']) if (Array.isArray(e[key])) (e[key] as unknown[]).forEach((x) => questionsIn(x, out));
  return out;
}

const codeName = (x: CodeName): CodeName => ({ code: x.code, name: x.name });

/** The audiences a group ranking measures: each group of the question, within the audience the prompt named (if any). */
export function groupAudiences(question: PlannerQuestion, asGenerations: boolean, within: PlanAudience | null, catalogue: PlannerCatalogue): PlanAudience[] {
  const groups: { id: string; name: string; expression: Record<string, unknown> }[] = asGenerations
    ? generations(catalogue).map((g) => ({ id: g.audience.id, name: g.audience.name, expression: g.audience.expression }))
    : question.datapoints.map((d) => ({
        id: `group:${question.code}:${d.code}`,
        name: `${question.name}: ${d.name}`,
        expression: { question: question.code, datapoints: [d.code] },
      }));
  return groups.map((g) => ({
    id: within ? `${within.id}+${g.id}` : g.id,
    name: within ? `${within.name} & ${g.name}` : g.name,
    description: within ? `Respondents in ${within.name} and ${g.name}.` : `Respondents in ${g.name}.`,
    expression: within ? { and: [within.expression, g.expression] } : g.expression,
    origin: asGenerations && !within ? 'saved' : 'phrase',
  }));
}

/** The licensed waves and markets the plan's dataset has respondents in. */
function fieldedScope(plan: AnalysisPlan, catalogue: PlannerCatalogue): { waves: PlannerWave[]; locations: CodeName[] } {
  const fielded = catalogue.datasets.find((d) => d.code === plan.dataset.code)?.fielded;
  return {
    waves: catalogue.waves.filter((w) => w.entitled && (!fielded || fielded.waves.includes(w.code))),
    locations: catalogue.locations.filter((l) => l.entitled && (!fielded || fielded.locations.includes(l.code))).map(codeName),
  };
}

/** The wave a year before `wave` (same end month, the year before), among `waves`. */
export function yearBefore(wave: PlannerWave, waves: PlannerWave[]): PlannerWave | undefined {
  const [y, m] = wave.endDate.split('-');
  const key = `${Number(y) - 1}-${m}`;
  return waves.find((w) => w.endDate.startsWith(key));
}

/** The plan's sides: how many things the verdict compares (audiences, markets, answers). */
function sides(plan: AnalysisPlan): number {
  return Math.max(plan.audiences.length, plan.splitByLocation ? plan.locations.length : 1, plan.topic?.datapoints.length ?? 0);
}

/**
 * The outcome of a finished plan read along its dimension: the reshaped plan, or, when the groups
 * asked for cannot be measured on the topic (the demographic question is not asked in the dataset
 * that asks the topic, or not licensed), a question back or a refusal instead of an answer about
 * everyone.
 */
export function planAlongDimension(
  plan: AnalysisPlan,
  reading: { dimension: DimensionCue; time: { waves: unknown[]; pointsInTime: boolean } },
  catalogue: PlannerCatalogue,
  previous: AnalysisPlan | null,
  notes: string[],
): PlanOutcome {
  const cue = reading.dimension;
  const group = cue.group ? catalogue.questions.find((q) => q.code === cue.group?.question) : undefined;
  if (group && plan.topic && group.code !== plan.topic.question) {
    if (!group.entitled)
      return {
        outcome: 'refuse',
        reason: 'not-entitled',
        message: `Your organisation does not license “${group.name}”, so I cannot rank its groups.`,
        unknown: [],
      };
    if (!group.datasetCodes.includes(plan.dataset.code))
      return {
        outcome: 'clarify',
        message:
          `“${group.name}” is not asked in the ${plan.dataset.name} dataset, which asks “${plan.topic.questionName}”, so I cannot rank its groups on it ` +
          '(one answer counts the respondents of one dataset). Would another grouping, such as age group, gender or income group, do?',
        options: [],
      };
  }
  const time = { named: reading.time.waves.length > 0, pointsInTime: reading.time.pointsInTime };
  return { outcome: 'answer', plan: applyDimensions(plan, cue, catalogue, time, previous), notes };
}

/**
 * Reshapes a finished plan along the dimension its words asked for: groups of a demographic
 * question as the audiences, every (or every named) market measured one by one, two paired periods,
 * or a trend of two sides; and names the verdict the answer states. A plan the cues do not fit is
 * returned as it was.
 */
export function applyDimensions(
  plan: AnalysisPlan,
  cue: DimensionCue,
  catalogue: PlannerCatalogue,
  time: { named: boolean; pointsInTime: boolean },
  previous: AnalysisPlan | null = null,
): AnalysisPlan {
  if (!plan.topic) return plan;
  const asked = cue.markets || cue.where || cue.group !== null || cue.grewMore || cue.paired;
  if (!asked && previous) {
    const kept = keptFrom(plan, previous);
    if (kept) return kept;
  }
  let out: AnalysisPlan = { ...plan };
  const direction: PlanVerdict = cue.superlative ?? (plan.ascending ? 'lowest' : 'highest');
  const scope = fieldedScope(plan, catalogue);
  const topicQuestion = plan.topic.question;
  // "Q3 2026 vs Q3 2025", "now vs a year ago": two points in time are two paired periods.
  const twoPoints = time.pointsInTime && plan.kind === 'trend' && plan.waves.length === 2;

  // Groups: named by the demographic question, or two or more groups of one question side by side with a superlative.
  const named = plan.audiences.filter((a) => a.origin !== 'everyone');
  const groupQuestion = cue.group ? catalogue.questions.find((q) => q.code === cue.group?.question) : undefined;
  const sideLeaves = named.map((a) => leafOf(a.expression));
  const sameQuestion =
    named.length >= 2 && sideLeaves.every((l) => l !== null && l.question === sideLeaves[0]?.question)
      ? catalogue.questions.find((q) => q.code === sideLeaves[0]?.question)
      : undefined;
  let ranked = false;
  if (groupQuestion && groupQuestion.code !== topicQuestion && groupQuestion.datasetCodes.includes(plan.dataset.code)) {
    const within = named.length === 0 ? null : named.length === 1 ? named[0] : null;
    const clash = within !== null && questionsIn(within.expression).has(groupQuestion.code);
    if (named.length <= 1 && !clash) {
      out = { ...out, audiences: groupAudiences(groupQuestion, cue.group?.generations ?? false, within, catalogue) };
    }
    if (out.audiences.length >= 2) ranked = true;
    if (ranked) out = { ...out, rankBy: 'groups', groupQuestion: codeName(groupQuestion) };
  } else if (sameQuestion && sameQuestion.code !== topicQuestion && cue.superlative) {
    ranked = true;
    out = { ...out, rankBy: 'groups', groupQuestion: codeName(sameQuestion) };
  }

  // Markets: every licensed market the topic was fielded in, or the markets named. "Where do people
  // buy groceries most?" asks for an answer (the channel), not a market: "where" ranks markets only
  // on a named answer.
  const whereMarkets = cue.where && named.length < 2 && plan.topic.datapoints.length > 0;
  // "TikTok in the UK vs Germany: which is higher?": markets side by side with a superlative.
  const namedMarkets = cue.superlative !== null && out.splitByLocation && out.locations.length >= 2 && named.length < 2 && plan.topic.datapoints.length > 0;
  if (!ranked && (cue.markets || whereMarkets || namedMarkets) && out.locations.length !== 1) {
    const locations = out.locations.length > 1 ? out.locations : scope.locations;
    if (locations.length >= 2) {
      ranked = true;
      out = { ...out, locations, splitByLocation: true, rankBy: 'markets' };
    }
  }
  if (ranked) {
    out.verdict = direction;
    out.ascending = direction === 'lowest';
    if (out.kind === 'share' || out.kind === 'ranking' || out.kind === 'indexing') out.kind = 'comparison';
  }

  // Change: two paired periods, or the change of two or more sides compared.
  if (cue.paired || twoPoints) {
    const waves = catalogue.waves.filter((w) => scope.waves.some((x) => x.code === w.code));
    const pair = cue.paired ? pairedWaves(out, cue.paired, waves, cue.pairedYear) : out.waves.length === 2 ? out.waves : null;
    if (pair) {
      out = {
        ...out,
        kind: 'trend',
        splitByWave: true,
        waves: pair.map(codeName),
        pairedPeriods: true,
        verdict: cue.grewMore && sides(out) >= 2 ? 'grew-more' : 'up-or-down',
      };
      return out;
    }
  }
  if (cue.grewMore && sides(out) >= 2) {
    const wasTrend = out.kind === 'trend';
    out = { ...out, kind: 'trend', splitByWave: true, verdict: 'grew-more' };
    if (!wasTrend && !time.named) out.waves = scope.waves.map(codeName);
    if (out.waves.length < 2) out.waves = scope.waves.map(codeName);
    return out;
  }
  if (cue.upOrDown && out.kind === 'trend' && !out.verdict) out = { ...out, verdict: 'up-or-down' };
  return out;
}

const sameList = (a: { code?: string; id?: string }[], b: { code?: string; id?: string }[]) =>
  a.length === b.length && a.every((x, i) => (x.code ?? x.id) === (b[i].code ?? b[i].id));

/**
 * A follow-up that changes one thing ("and Instagram?", "what about in Germany?") keeps the ranking
 * or the comparison of change it follows, when what was ranked (the markets, the groups) or the
 * periods compared are still the plan's.
 */
function keptFrom(plan: AnalysisPlan, previous: AnalysisPlan): AnalysisPlan | null {
  const verdict = previous.verdict ?? null;
  const ranked = (out: AnalysisPlan): AnalysisPlan => ({
    ...out,
    kind: out.kind === 'share' || out.kind === 'ranking' ? 'comparison' : out.kind,
    verdict,
    ascending: verdict === 'lowest',
  });
  if (previous.rankBy === 'markets' && plan.splitByLocation && sameList(plan.locations, previous.locations)) return ranked({ ...plan, rankBy: 'markets' });
  if (previous.rankBy === 'groups' && plan.audiences.length > 1 && sameList(plan.audiences, previous.audiences))
    return ranked({ ...plan, rankBy: 'groups', groupQuestion: previous.groupQuestion ?? null });
  if (previous.pairedPeriods && plan.kind === 'trend' && sameList(plan.waves, previous.waves)) return { ...plan, pairedPeriods: true, verdict };
  if (verdict === 'grew-more' && plan.kind === 'trend' && sides(plan) >= 2) return { ...plan, verdict };
  return null;
}

/**
 * The two waves of a paired comparison: the later one (the last the plan names, else the latest
 * licensed) and the one a year or a quarter before it. "Vs the same quarter last year" or "vs last
 * quarter" read alone names the earlier wave: then the later one is the latest.
 */
function pairedWaves(plan: AnalysisPlan, step: 'year' | 'quarter', waves: PlannerWave[], inYear: number | null): PlannerWave[] | null {
  const yearOf = (w: PlannerWave) => Number(w.endDate.slice(0, 4));
  const before = (w: PlannerWave): PlannerWave | undefined => {
    if (step === 'quarter') return waves[waves.findIndex((x) => x.code === w.code) - 1];
    if (inYear === null) return yearBefore(w, waves);
    // "The same quarter of 2025": the wave of that year ending in the same month.
    return waves.find((x) => yearOf(x) === inYear && x.endDate.slice(5, 7) === w.endDate.slice(5, 7));
  };
  const latest = waves[waves.length - 1];
  // Waves read from the words of the earlier period ("2025" of "the same quarter of 2025") do not name the later one.
  const named = plan.waves
    .map((w) => waves.find((x) => x.code === w.code))
    .filter((w): w is PlannerWave => w !== undefined && (inYear === null || yearOf(w) !== inYear));
  let later = named[named.length - 1] ?? latest;
  if (named.length === 1 && latest && before(latest)?.code === later?.code) later = latest;
  const earlier = later ? before(later) : undefined;
  return later && earlier && earlier.code !== later.code ? [earlier, later] : null;
}
