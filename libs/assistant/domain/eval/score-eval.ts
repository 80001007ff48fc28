import { AnalysisKind, AnalysisPlan, PlannerCatalogue, PlanOutcome } from '../src/lib/assistant.types';
import { Planner, RuleBasedPlanner } from '../src/lib/planner';
import { dockedAudiences, evalCatalogue } from './eval-catalogue';
import { EvalCase, EvalFamily, ExpectedAudience, ExpectedLeaf, ExpectedResolution } from './eval-case';

/**
 * The evaluation files, by name (`<name>.json` beside this file). The held-out files (`held-out*`)
 * are scored, never read while tuning; every other file is a tuning file.
 */
export const EVAL_SETS = [
  'tuning',
  'tuning-2',
  'tuning-3',
  'held-out',
  'tuning-4-subject',
  'tuning-4-dimensions',
  'tuning-4-context',
  'tuning-5-structure',
  'tuning-5-context',
  'tuning-6-dimensions',
  'tuning-6-context',
  'tuning-7-dimensions',
  'tuning-7-words',
  'tuning-7-context',
  'tuning-7-followup',
  'tuning-8-messy',
  'tuning-8-brief',
  'tuning-8-replace',
  'tuning-8-groups',
  'tuning-9-subject',
  'tuning-9-older',
  'tuning-10-older',
  'tuning-9-followup',
  'tuning-9-brief',
  'tuning-9-language',
  'tuning-9-words',
  'tuning-10-unanswerable',
  'tuning-10-numbers',
  'tuning-11-periods',
  'tuning-11-language',
  'tuning-11-markets',
  'tuning-11-brief',
  'tuning-11-size',
  'tuning-11-people',
  'tuning-11-amounts',
  'tuning-12-chat',
  'tuning-12-subject',
  'tuning-12-groups',
  'tuning-12-words',
  'tuning-13-size',
  'tuning-13-compare',
  'tuning-13-chat',
  'tuning-13-rank',
  'tuning-13-negation',
  'tuning-13-brief',
  'tuning-13-messy',
  'tuning-14-language',
  'tuning-14-groups',
  'tuning-14-chat',
  'tuning-14-share',
  'tuning-14-clauses',
  'tuning-14-trend',
  'tuning-15-blind-c',
  'tuning-15-blind-a',
  'tuning-15-blind-b',
  'tuning-16-blind-d',
  'tuning-16-blind-e',
  'tuning-16-blind-f',
  'tuning-17-brief',
  'tuning-17-unanswerable',
  'tuning-17-rank',
  'tuning-17-audiences',
  'tuning-17-words',
  'held-out-2',
  'held-out-3',
  'held-out-4',
  'held-out-5',
  'held-out-6',
  'held-out-7',
  'held-out-8',
  'held-out-9',
  'held-out-10',
  'held-out-11',
  'held-out-12',
] as const;

export const isHeldOut = (set: string) => set.startsWith('held-out');

/** What a planner resolved a case to, in the terms of `ExpectedResolution`. */
export interface ActualResolution {
  outcome: 'answer' | 'refuse' | 'clarify';
  kind?: AnalysisKind;
  topic?: {
    question: string;
    datapoints: string[];
    suffix: string | null;
    combine: 'each' | 'all' | 'any' | 'at-least';
    min: number | null;
    negate: boolean;
    except: string[];
    /** `question:datapoint` of the answers of other questions in the subject (`PlanTopic.also`), sorted. */
    also: string[];
  } | null;
  /** Each audience as its canonical leaves (see `canonicalLeaves`); `[]` = everyone. */
  audiences?: string[][];
  markets?: string[];
  waves?: string[];
  limit?: number;
  count?: boolean;
  rankBy?: 'answers' | 'markets' | 'waves' | { question: string } | null;
  verdict?: string | null;
  paired?: boolean;
  offer?: string | null;
}

/** Plans one case (its chat first, then its prompt) and says what it resolved to. */
export type CasePlanner = (evalCase: EvalCase, catalogue: PlannerCatalogue) => ActualResolution;

export interface Difference {
  member: keyof ExpectedResolution;
  expected: unknown;
  actual: unknown;
}

export interface CaseResult {
  id: string;
  family: EvalFamily;
  prompt: string;
  right: boolean;
  differences: Difference[];
}

export interface FamilyScore {
  total: number;
  right: number;
  /** right / total, 0..1. */
  share: number;
}

export interface EvalScore {
  overall: FamilyScore;
  families: Partial<Record<EvalFamily, FamilyScore>>;
  results: CaseResult[];
  /** The cases not fully right, with what differed. */
  failures: CaseResult[];
}

/**
 * An audience expression as a sorted list of leaf keys, so that a saved audience and an AND of
 * the same leaves compare equal: nested ANDs are flattened, each leaf written with its datapoints
 * and suffixes sorted; anything else (OR, min_count) is kept whole as one key.
 */
export function canonicalLeaves(expression: unknown): string[] {
  const out = new Set<string>();
  const visit = (node: unknown) => {
    if (node === null || typeof node !== 'object') {
      out.add(`?${JSON.stringify(node)}`);
      return;
    }
    const n = node as Record<string, unknown>;
    const keys = Object.keys(n);
    if (keys.length === 0) return;
    if (Array.isArray(n['and']) && keys.length === 1) {
      (n['and'] as unknown[]).forEach(visit);
      return;
    }
    if (typeof n['question'] === 'string' && Array.isArray(n['datapoints']) && keys.every((k) => ['question', 'datapoints', 'suffixes', 'not'].includes(k))) {
      out.add(
        leafKey({ question: n['question'], datapoints: n['datapoints'] as string[], suffixes: n['suffixes'] as string[] | undefined, not: n['not'] === true }),
      );
      return;
    }
    out.add(`~${stableJson(n)}`);
  };
  visit(expression);
  return [...out].sort();
}

function leafKey(leaf: ExpectedLeaf): string {
  const suffixes = leaf.suffixes && leaf.suffixes.length > 0 ? `|${[...leaf.suffixes].sort().join(',')}` : '';
  return `${leaf.not ? '!' : ''}${leaf.question}:${[...leaf.datapoints].sort().join(',')}${suffixes}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** An expected audience as canonical leaves, a saved one through the catalogue's audience of that name. */
export function expectedLeaves(audience: ExpectedAudience, catalogue: PlannerCatalogue): string[] {
  if ('all' in audience) return [];
  if ('saved' in audience) {
    const saved = catalogue.audiences.find((a) => a.name.toLowerCase() === audience.saved.toLowerCase());
    if (!saved) return [`?unknown saved audience ${audience.saved}`];
    return canonicalLeaves(saved.expression);
  }
  return [...new Set(audience.and.map(leafKey))].sort();
}

/** A planner's outcome in the terms of the evaluation set. */
export function resolutionOf(outcome: PlanOutcome): ActualResolution {
  if (outcome.outcome === 'refuse') return { outcome: 'refuse', offer: outcome.offer?.code ?? null };
  if (outcome.outcome !== 'answer') return { outcome: outcome.outcome };
  const plan = outcome.plan;
  const t = plan.topic;
  return {
    outcome: 'answer',
    kind: plan.kind,
    topic: t
      ? {
          question: t.question,
          datapoints: t.datapoints.map((d) => d.code),
          suffix: t.suffix?.code ?? null,
          combine: t.combine ?? 'each',
          min: t.combine === 'at-least' ? (t.minCount ?? 1) : null,
          negate: t.negate ?? false,
          except: (t.also ?? []).filter((p) => p.not === true && p.question === t.question).flatMap((p) => p.datapoints.map((d) => d.code)),
          also: (t.also ?? [])
            .filter((p) => p.not !== true)
            .flatMap((p) => p.datapoints.map((d) => `${p.question}:${d.code}`))
            .sort(),
        }
      : null,
    audiences: plan.audiences.map((a) => canonicalLeaves(a.expression)),
    markets: plan.locations.map((l) => l.code),
    waves: plan.waves.map((w) => w.code),
    limit: plan.limit,
    count: plan.count,
    rankBy: plan.rankBy === 'groups' ? { question: plan.groupQuestion?.code ?? '?' } : (plan.rankBy ?? null),
    verdict: plan.verdict ?? null,
    paired: plan.pairedPeriods ?? false,
  };
}

/**
 * Plans a case as a chat would: each earlier prompt in turn, every turn seeing the plan of the
 * last answered one and the answered plans before it (`history`; a refusal or a clarifying
 * question leaves the context as it was, as the store does), with the case's docked audiences on
 * every request.
 */
export function planCaseWith(planner: Planner): CasePlanner {
  return (evalCase, catalogue) => {
    const docked = dockedAudiences(catalogue, evalCase.docked ?? []);
    let previous: AnalysisPlan | null = null;
    const history: AnalysisPlan[] = [];
    let last: PlanOutcome | null = null;
    // The prompt of the last turn when it got no plan, as the service reads it from the chat's turns.
    let unanswered: string | null = null;
    for (const prompt of [...(evalCase.chat ?? []), evalCase.prompt]) {
      last = planner.plan({ prompt, catalogue, previous, history: [...history], docked, unanswered });
      unanswered = last.outcome === 'answer' ? null : prompt;
      if (last.outcome === 'answer') {
        previous = last.plan;
        history.push(last.plan);
      }
    }
    return resolutionOf(last as PlanOutcome);
  };
}

const sortedCopy = (list: readonly string[]) => [...list].sort();
const same = (a: unknown, b: unknown) => stableJson(a) === stableJson(b);

/** What differs between what a case expects and what was resolved; only members written in `expect` count. */
export function compareResolution(expect: ExpectedResolution, actual: ActualResolution, catalogue: PlannerCatalogue): Difference[] {
  const out: Difference[] = [];
  if (expect.outcome !== actual.outcome) return [{ member: 'outcome', expected: expect.outcome, actual: actual.outcome }];
  if (expect.outcome === 'refuse' && expect.offer !== undefined && expect.offer !== actual.offer)
    out.push({ member: 'offer', expected: expect.offer, actual: actual.offer ?? null });
  if (expect.outcome !== 'answer') return out;
  if (expect.kind !== undefined && expect.kind !== actual.kind) out.push({ member: 'kind', expected: expect.kind, actual: actual.kind });
  if (expect.topic !== undefined) {
    const e = expect.topic;
    const combine = e?.combine ?? 'each';
    const wanted =
      e === null
        ? null
        : {
            question: e.question,
            datapoints: sortedCopy(e.datapoints),
            suffix: e.suffix ?? null,
            combine,
            min: combine === 'at-least' ? (e.min ?? 1) : null,
            negate: e.negate ?? false,
            except: sortedCopy(e.except ?? []),
            also: sortedCopy((e.also ?? []).flatMap((l) => l.datapoints.map((d) => `${l.question}:${d}`))),
          };
    const got = actual.topic
      ? { ...actual.topic, datapoints: sortedCopy(actual.topic.datapoints), except: sortedCopy(actual.topic.except) }
      : (actual.topic ?? null);
    if (!same(wanted, got)) out.push({ member: 'topic', expected: wanted, actual: got });
  }
  if (expect.audiences !== undefined) {
    // In order: the first audience named is the first side of a comparison.
    const wanted = expect.audiences.map((a) => expectedLeaves(a, catalogue));
    if (!same(wanted, actual.audiences)) out.push({ member: 'audiences', expected: wanted, actual: actual.audiences });
  }
  if (expect.markets !== undefined && !same(sortedCopy(expect.markets), sortedCopy(actual.markets ?? [])))
    out.push({ member: 'markets', expected: expect.markets, actual: actual.markets });
  if (expect.waves !== undefined && !same(expect.waves, actual.waves)) out.push({ member: 'waves', expected: expect.waves, actual: actual.waves });
  if (expect.limit !== undefined && expect.limit !== actual.limit) out.push({ member: 'limit', expected: expect.limit, actual: actual.limit });
  if (expect.count !== undefined && expect.count !== (actual.count ?? false)) out.push({ member: 'count', expected: expect.count, actual: actual.count });
  if (expect.rankBy !== undefined && !same(expect.rankBy, actual.rankBy ?? null))
    out.push({ member: 'rankBy', expected: expect.rankBy, actual: actual.rankBy });
  if (expect.verdict !== undefined && expect.verdict !== (actual.verdict ?? null))
    out.push({ member: 'verdict', expected: expect.verdict, actual: actual.verdict });
  if (expect.paired !== undefined && expect.paired !== (actual.paired ?? false)) out.push({ member: 'paired', expected: expect.paired, actual: actual.paired });
  return out;
}

const share = (right: number, total: number) => (total === 0 ? 0 : right / total);

/**
 * Scores a planner on evaluation cases: each case planned against its organisation's catalogue
 * and compared with what it expects; a case is fully right when every member it writes matches.
 * Pure and deterministic: the catalogue is the generated demo catalogue.
 */
export function scoreEval(cases: readonly EvalCase[], planCase: CasePlanner = planCaseWith(new RuleBasedPlanner())): EvalScore {
  const catalogues = new Map<string, PlannerCatalogue>();
  const catalogueOf = (org: string) => {
    let c = catalogues.get(org);
    if (!c) catalogues.set(org, (c = evalCatalogue(org)));
    return c;
  };
  const results: CaseResult[] = cases.map((c) => {
    const catalogue = catalogueOf(c.org);
    let differences: Difference[];
    try {
      differences = compareResolution(c.expect, planCase(c, catalogue), catalogue);
    } catch (error) {
      differences = [{ member: 'outcome', expected: c.expect.outcome, actual: `error: ${(error as Error).message}` }];
    }
    return { id: c.id, family: c.family, prompt: c.prompt, right: differences.length === 0, differences };
  });
  const families: Partial<Record<EvalFamily, FamilyScore>> = {};
  for (const r of results) {
    const f = (families[r.family] ??= { total: 0, right: 0, share: 0 });
    f.total++;
    if (r.right) f.right++;
  }
  for (const f of Object.values(families)) f.share = share(f.right, f.total);
  const right = results.filter((r) => r.right).length;
  return { overall: { total: results.length, right, share: share(right, results.length) }, families, results, failures: results.filter((r) => !r.right) };
}

/** Reads an evaluation file's JSON (an array of cases, or `{ cases: [...] }`), checking each case's shape. */
export function parseEvalCases(json: unknown, label: string): EvalCase[] {
  const list = Array.isArray(json)
    ? json
    : json && typeof json === 'object' && Array.isArray((json as { cases?: unknown }).cases)
      ? (json as { cases: unknown[] }).cases
      : null;
  if (!list) throw new Error(`${label}: expected an array of cases or { cases: [...] }`);
  return list.map((c, i) => {
    const x = c as Partial<EvalCase>;
    if (
      typeof x.id !== 'string' ||
      typeof x.family !== 'string' ||
      typeof x.prompt !== 'string' ||
      typeof x.org !== 'string' ||
      !x.expect ||
      typeof x.expect.outcome !== 'string'
    )
      throw new Error(`${label}: case ${i} lacks id, family, org, prompt or expect.outcome`);
    return x as EvalCase;
  });
}

/** The per-family table and the overall share, as the CLI prints them. */
export function formatScoreTable(score: EvalScore, title: string): string {
  const rows = Object.entries(score.families)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([family, f]) => [family, `${f.right}/${f.total}`, `${(f.share * 100).toFixed(1)}%`]);
  rows.push(['overall', `${score.overall.right}/${score.overall.total}`, `${(score.overall.share * 100).toFixed(1)}%`]);
  const width = Math.max(...rows.map((r) => r[0].length), 'family'.length);
  const lines = [title, `${'family'.padEnd(width)}  ${'right'.padStart(7)}  ${'share'.padStart(6)}`];
  for (const [name, right, pct] of rows) lines.push(`${name.padEnd(width)}  ${right.padStart(7)}  ${pct.padStart(6)}`);
  return lines.join('\n');
}
