import { AnalysisPlan, CodeName, PlanAudience, PlanOutcome, PlannerCatalogue, PlannerQuestion, PlanVerdict, PlannerWave } from '../assistant.types';
import type { DimensionCue } from './dimension-cues';
import { generations } from './group-cues';
import { EVERYONE } from './constants';
import { WAVES_PER_YEAR } from '../time';

/*
 * The dimension a question ranks or compares along: the markets ("in which country is X most
 * used"), the groups of a demographic question ("which age group is most likely to ..."), or the
 * change between waves ("did X grow more in A or B", "up or down vs the same quarter last year").
 * `readDimensions` (dimension-cues.ts) reads the cues from the words; `planAlongDimension` reshapes
 * the finished plan. The verdict is only named here: the narrative computes it from the engine's
 * numbers (see verdict.ts).
 */

/** The one datapoint-set leaf of an expression, or null. */
function leafOf(expression: Record<string, unknown>): { question: string; datapoints: string[] } | null {
  const keys = Object.keys(expression);
  if (typeof expression['question'] === 'string' && Array.isArray(expression['datapoints']) && keys.every((k) => k === 'question' || k === 'datapoints'))
    return { question: expression['question'] as string, datapoints: expression['datapoints'] as string[] };
  return null;
}

/** The leaves an AND expression is made of (an expression that is not an AND is one part). */
function andParts(expression: Record<string, unknown>): Record<string, unknown>[] {
  const and = expression['and'];
  return Array.isArray(and) ? (and as Record<string, unknown>[]).flatMap(andParts) : [expression];
}

/**
 * The one leaf that sets each side apart, when the sides share everything else: "men or women"
 * (one leaf each), "within Millennials, men or women" (Millennials shared, a gender leaf each).
 * Null when a side differs by more or less than one datapoint-set leaf.
 */
export function distinctLeaves(expressions: Record<string, unknown>[]): ({ question: string; datapoints: string[] } | null)[] {
  const parts = expressions.map(andParts);
  const key = (x: unknown) => JSON.stringify(x);
  const shared = new Set((parts[0] ?? []).map(key).filter((k) => parts.every((p) => p.some((x) => key(x) === k))));
  return parts.map((p) => {
    const own = p.filter((x) => !shared.has(key(x)));
    return own.length === 1 ? leafOf(own[0]) : null;
  });
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
  // A trend of every answer of its question ("which streaming service gained the most since Q1") has as many sides as answers.
  const answers = plan.topic ? (plan.topic.datapoints.length === 0 && plan.kind === 'trend' ? 2 : plan.topic.datapoints.length) : 0;
  return Math.max(plan.audiences.length, plan.splitByLocation ? plan.locations.length : 1, answers);
}

/**
 * The outcome of a finished plan read along its dimension: the reshaped plan, or, when the groups
 * asked for cannot be measured on the topic (the demographic question is not asked in the dataset
 * that asks the topic, or not licensed), a question back or a refusal instead of an answer about
 * everyone.
 */
export function planAlongDimension(
  plan: AnalysisPlan,
  reading: { dimension: DimensionCue; time: { waves: unknown[]; pointsInTime: boolean; range: boolean } },
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
  // A period longer than a year said as a range ("across the last two years", "since Q1 2025"):
  // "year on year" there is the cadence of its trend, not two points.
  const longRange = reading.time.range && !reading.time.pointsInTime && reading.time.waves.length > WAVES_PER_YEAR + 1;
  const time = { named: reading.time.waves.length > 0, pointsInTime: reading.time.pointsInTime, longRange };
  return { outcome: 'answer', plan: applyDimensions(plan, cue, catalogue, time, previous), notes };
}

/**
 * Reshapes a finished plan along the dimension its words asked for: groups of a demographic
 * question as the audiences, every (or every named) market measured one by one, two paired periods,
 * or a trend of two sides; and names the verdict the answer states. A plan the cues do not fit is
 * returned as it was.
 */
export function applyDimensions(
  given: AnalysisPlan,
  cue: DimensionCue,
  catalogue: PlannerCatalogue,
  time: { named: boolean; pointsInTime: boolean; longRange?: boolean },
  previous: AnalysisPlan | null = null,
): AnalysisPlan {
  if (!given.topic) return given;
  const asked = cue.markets || cue.alongMarkets || cue.where || cue.group !== null || cue.grewMore || cue.paired || cue.netChange;
  if (!asked && previous) {
    const kept = keptFrom(given, previous, cue, catalogue);
    if (kept) return kept;
  }
  const plan = asked && previous ? withoutPreviousDimension(given, previous, cue, catalogue) : given;
  if (!plan.topic) return plan;
  let out: AnalysisPlan = { ...plan };
  const direction: PlanVerdict = cue.superlative ?? (plan.ascending ? 'lowest' : 'highest');
  const scope = fieldedScope(plan, catalogue);
  const topicQuestion = plan.topic.question;
  // "Q3 2026 vs Q3 2025", "now vs a year ago": two points in time are two paired periods.
  const twoPoints = time.pointsInTime && plan.kind === 'trend' && plan.waves.length === 2;

  // Groups: named by the demographic question, or two or more groups of one question side by side with a superlative.
  const named = plan.audiences.filter((a) => a.origin !== 'everyone');
  const groupQuestion = cue.group ? catalogue.questions.find((q) => q.code === cue.group?.question) : undefined;
  const sideLeaves = distinctLeaves(named.map((a) => a.expression));
  const sameQuestion =
    named.length >= 2 && sideLeaves.every((l) => l !== null && l.question === sideLeaves[0]?.question)
      ? catalogue.questions.find((q) => q.code === sideLeaves[0]?.question)
      : undefined;
  let ranked = false;
  if (groupQuestion && groupQuestion.code !== topicQuestion && groupQuestion.datasetCodes.includes(plan.dataset.code)) {
    // Two or more docked audiences yield to the groups the prompt asks for ("which age group ...?"
    // with Women and Men docked: the age groups); one docked audience is where they are ranked.
    const sides = named.length >= 2 && named.every((a) => a.origin === 'docked') ? [] : named;
    // "High, middle or low earners": an audience that is itself one group of the question ranked is not a narrowing of the groups.
    const oneGroup = sides.length === 1 && leafOf(sides[0].expression)?.question === groupQuestion.code;
    const within = sides.length === 1 && !oneGroup ? sides[0] : null;
    const clash = within !== null && questionsIn(within.expression).has(groupQuestion.code);
    if (sides.length <= 1 && !clash) {
      out = { ...out, audiences: groupAudiences(groupQuestion, cue.group?.generations ?? false, within, catalogue) };
    }
    if (out.audiences.length >= 2) ranked = true;
    if (ranked) out = { ...out, rankBy: 'groups', groupQuestion: codeName(groupQuestion) };
  } else if (sameQuestion && sameQuestion.code !== topicQuestion && cue.superlative && !cue.markets) {
    ranked = true;
    out = { ...out, rankBy: 'groups', groupQuestion: codeName(sameQuestion) };
  }

  // Markets: every licensed market the topic was fielded in, or the markets named. "Where do people
  // buy groceries most?" asks for an answer (the channel), not a market: "where" ranks markets only
  // on a named answer.
  const whereMarkets = cue.where && named.length < 2 && plan.topic.datapoints.length > 0;
  // "TikTok in the UK vs Germany: which is higher?": markets side by side with a superlative.
  // "Rank the US, Brazil and Japan by Call of Duty players": named markets put in order.
  const namedMarkets =
    (cue.superlative !== null || (cue.rank && plan.topic.datapoints.length === 1)) &&
    out.splitByLocation &&
    out.locations.length >= 2 &&
    named.length < 2 &&
    plan.topic.datapoints.length > 0;
  // One measure along the markets: an answer's share, or a numeric question's mean ("average household size by market").
  const averaged = catalogue.questions.find((q) => q.code === topicQuestion)?.averageBy === 'datapoints';
  const alongMarkets = cue.alongMarkets && named.length < 2 && (plan.topic.datapoints.length > 0 || averaged);
  if (!ranked && (cue.markets || whereMarkets || namedMarkets || alongMarkets) && out.locations.length !== 1) {
    const locations = out.locations.length > 1 ? out.locations : scope.locations;
    if (locations.length >= 2) {
      ranked = true;
      out = { ...out, locations, splitByLocation: true, rankBy: 'markets' };
    }
  }
  // "How many Spotify users in Germany and France combined": one number for the markets together.
  const single = !plan.topic.combine || plan.topic.combine === 'each';
  if (!ranked && cue.pooled && out.count && out.splitByLocation && out.locations.length >= 2 && !cue.grewMore && !cue.paired && single) {
    out = {
      ...out,
      splitByLocation: false,
      kind: out.kind === 'comparison' && out.audiences.length <= 1 && plan.topic.datapoints.length <= 1 ? 'share' : out.kind,
    };
  }
  if (ranked) {
    out.verdict = direction;
    out.ascending = direction === 'lowest';
    if (out.kind === 'share' || out.kind === 'ranking' || out.kind === 'indexing') out.kind = 'comparison';
    // "Does X rise with income?": the groups compared over the plan's period, not a trend.
    if (cue.gradient && out.kind === 'trend') {
      out = { ...out, kind: 'comparison', splitByWave: false };
      if (!time.named) out.waves = scope.waves.slice(-4).map(codeName);
    }
  }

  // Change: two paired periods, or the change of two or more sides compared.
  if ((cue.paired && !(cue.paired === 'year' && time.longRange)) || twoPoints) {
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
  // "The net change since Q3 2025": one side's change between the period's two ends.
  if (cue.netChange && out.kind === 'trend' && out.waves.length > 2 && sides(out) < 2) {
    return { ...out, waves: [out.waves[0], out.waves[out.waves.length - 1]], pairedPeriods: true, verdict: 'up-or-down' };
  }
  if (cue.upOrDown && out.kind === 'trend' && !out.verdict) out = { ...out, verdict: 'up-or-down' };
  return out;
}

const sameList = (a: { code?: string; id?: string }[], b: { code?: string; id?: string }[]) =>
  a.length === b.length && a.every((x, i) => (x.code ?? x.id) === (b[i].code ?? b[i].id));

/**
 * "Swap France for Spain", "and in Spain?" after a ranking of the UK, France and Germany: markets
 * edited by one (swapped, added or dropped) are still the markets ranked; a new list sharing none
 * of them ("in Japan and Brazil") is a comparison of its own.
 */
function rankedMarketsKept(now: { code: string }[], before: { code: string }[]): boolean {
  if (sameList(now, before)) return true;
  const shared = now.filter((l) => before.some((b) => b.code === l.code)).length;
  return now.length >= 2 && Math.abs(now.length - before.length) <= 1 && shared >= 1 && shared >= Math.min(now.length, before.length) - 1;
}

/**
 * A follow-up that changes one thing ("and Instagram?", "what about in Germany?") keeps the ranking
 * or the comparison of change it follows, when what was ranked (the markets, the groups) or the
 * periods compared are still the plan's. A verdict named alone replaces the previous one ("and the
 * lowest?"); one audience named after a ranking of groups is where the groups are ranked ("what
 * about among women": the age groups of women), unless it is itself one of the groups' question.
 */
function keptFrom(plan: AnalysisPlan, previous: AnalysisPlan, cue: DimensionCue, catalogue: PlannerCatalogue): AnalysisPlan | null {
  const verdict = previous.verdict ?? null;
  const rankVerdict = previous.rankBy === 'markets' || previous.rankBy === 'groups' ? (cue.superlative ?? verdict) : verdict;
  const ranked = (out: AnalysisPlan): AnalysisPlan => ({
    ...out,
    kind: out.kind === 'share' || out.kind === 'ranking' ? 'comparison' : out.kind,
    verdict: rankVerdict,
    ascending: rankVerdict === 'lowest',
  });
  if (previous.rankBy === 'markets' && plan.splitByLocation && rankedMarketsKept(plan.locations, previous.locations))
    return ranked({ ...plan, rankBy: 'markets' });
  if (previous.rankBy === 'groups' && plan.audiences.length > 1 && sameList(plan.audiences, previous.audiences))
    return ranked({ ...plan, rankBy: 'groups', groupQuestion: previous.groupQuestion ?? null });
  const groupQuestion = previous.rankBy === 'groups' ? catalogue.questions.find((q) => q.code === previous.groupQuestion?.code) : undefined;
  const within = plan.audiences.length === 1 && plan.audiences[0].origin !== 'everyone' ? plan.audiences[0] : null;
  if (groupQuestion && within && !questionsIn(within.expression).has(groupQuestion.code) && groupQuestion.datasetCodes.includes(plan.dataset.code)) {
    // Generations are saved audiences, not groups of the question ("group:age_group:16_24").
    const asGenerations = !previous.audiences.some((a) => a.id.includes(`group:${groupQuestion.code}:`));
    const audiences = groupAudiences(groupQuestion, asGenerations, within, catalogue);
    return ranked({ ...plan, audiences, rankBy: 'groups', groupQuestion: codeName(groupQuestion) });
  }
  if (previous.pairedPeriods && plan.kind === 'trend' && sameList(plan.waves, previous.waves)) return { ...plan, pairedPeriods: true, verdict };
  if (verdict === 'grew-more' && plan.kind === 'trend' && sides(plan) >= 2) return { ...plan, verdict };
  return null;
}

/**
 * "By market instead" after a ranking of age groups, "by age group instead" after a ranking of
 * markets: a follow-up that ranks along another dimension drops the previous one where the
 * previous turn had put it there (the groups as audiences, every fielded market), never what the
 * researcher named; "which market is highest?" after one market ranks every market.
 */
function withoutPreviousDimension(plan: AnalysisPlan, previous: AnalysisPlan, cue: DimensionCue, catalogue: PlannerCatalogue): AnalysisPlan {
  const asksMarkets = cue.markets || cue.alongMarkets || cue.where;
  // "And which market is highest?" after one market: the market carried is not the one ranked.
  if ((cue.markets || cue.where) && !cue.group && plan.locations.length === 1 && sameList(plan.locations, previous.locations))
    return { ...plan, locations: [], splitByLocation: false };
  // The groups carried are rebuilt from the cue ("by gender instead": the genders, not the age groups).
  if (previous.rankBy === 'groups' && (cue.group || asksMarkets) && sameList(plan.audiences, previous.audiences)) return { ...plan, audiences: [EVERYONE] };
  if (
    previous.rankBy === 'markets' &&
    cue.group &&
    !asksMarkets &&
    plan.splitByLocation &&
    sameList(plan.locations, previous.locations) &&
    sameList(previous.locations, fieldedScope(previous, catalogue).locations)
  )
    return { ...plan, locations: [], splitByLocation: false };
  return plan;
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
