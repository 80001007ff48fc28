import { Inject, Injectable, Optional } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { parseStandardExpression, StandardWire, validateAgainstCatalogue } from '@aas/audience-expression-domain';
import {
  AnalysisPlan,
  columnsOf,
  ComputedCell,
  PlanAudience,
  PlanColumn,
  PlannerCatalogue,
  PlanSegment,
  RuleBasedPlanner,
  segmentsOf,
  tooBroad,
  writeAnswer,
} from '@aas/assistant-domain';
import { AudienceDirectory, OrganisationCatalogue } from '@aas/shared-contracts';
import { EngineClient } from '@aas/crosstab-engine-client';
import type { CrosstabCell } from '@aas/crosstab-engine-domain';
import { checkAverage, CheckedAverage, FieldProblems } from '@aas/query-rules-domain';
import { ProblemException } from '@aas/shared-infra';
import { AssistantCatalogueLoader } from './assistant-catalogue.loader';
import { AssistantStore, StoredInsight, TurnChat } from './assistant.store';
import { ASSISTANT_PLANNER, ChatPlanner } from './model-planner';
import { runLimited } from './run-limited';

/** The chat answer: message, chat id, insights and the sources they were computed from (docs/api-guide.md#assistant-chat). */
export interface ChatResponse {
  message: string;
  chat_id: string;
  insights: { id: string; text: string }[];
  sources: {
    topics: string[];
    audiences: { id: string; name: string; description: string }[];
    datasets: { code: string; name: string }[];
    locations: { code: string; name: string }[];
    waves: { code: string; name: string }[];
  };
}

export interface ChatRequest {
  orgId: string;
  userId: number;
  requestId: string;
  prompt: string;
  chatId?: string;
  dockedAudiences?: string[];
  /** Aborted when the client goes away: the engine jobs stop and nothing is stored. */
  signal?: AbortSignal;
}

/** How many engine jobs of one prompt run at once. */
export const JOB_CONCURRENCY = 4;

const cancelled = () => ProblemException.unavailable('The request was cancelled');

const EMPTY_SOURCES = (): ChatResponse['sources'] => ({ topics: [], audiences: [], datasets: [], locations: [], waves: [] });

/**
 * Answers a prompt: plans it against the caller's catalogue (and the chat's previous plan), runs
 * the plan through the engine client in the plan's one dataset, writes the
 * message and insights from the computed cells only, and stores the turn. A prompt it cannot
 * ground is refused, or answered with a clarifying question, and no number.
 */
@Injectable()
export class AssistantChatUseCase {
  constructor(
    private readonly loader: AssistantCatalogueLoader,
    private readonly store: AssistantStore,
    private readonly engine: EngineClient,
    private readonly audiences: AudienceDirectory,
    /** The rules, or a model-backed planner with the rules as its fallback (`plannerFromConfig`). */
    @Optional() @Inject(ASSISTANT_PLANNER) private readonly planner: ChatPlanner = new RuleBasedPlanner(),
  ) {}

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const docked = [...new Set(request.dockedAudiences ?? [])];
    const readable = await this.audiences.readable(request.orgId, docked);
    const missing = docked.filter((id) => !readable.some((a) => a.id.toLowerCase() === id.toLowerCase()));
    if (missing.length > 0) throw ProblemException.notFound(`Saved audience ${missing.map((id) => `'${id}'`).join(', ')} not found`);

    // A new chat gets its id now but its row only with its first turn, once that turn is computed.
    const isNew = (request.chatId ?? '') === '';
    const chatId = isNew ? randomUUID() : (request.chatId as string);
    const chat: TurnChat = { id: chatId, orgId: request.orgId, userId: request.userId, isNew };
    let previous: AnalysisPlan | null = null;
    let history: AnalysisPlan[] = [];
    let unanswered: string | null = null;
    if (!isNew) {
      const context = await this.store.context(chatId, request.orgId);
      if (!context) throw ProblemException.notFound(`Chat '${chatId}' not found`);
      previous = context.plan;
      history = await this.store.history(chatId, request.orgId);
      unanswered = await this.store.lastUnanswered(chatId, request.orgId);
    }
    const { planner, organisation } = await this.loader.load(request.orgId);
    const dockedAudiences: PlanAudience[] = docked.map((id) => {
      const a = readable.find((r) => r.id.toLowerCase() === id.toLowerCase()) as (typeof readable)[number];
      return { id: a.id, name: a.name, description: a.description, expression: a.expression, origin: 'docked' };
    });

    // A model-backed planner stops waiting for its endpoint when the client leaves (the rules are synchronous).
    const outcome = await Promise.resolve()
      .then(() => this.planner.plan({ prompt: request.prompt, catalogue: planner, previous, history, docked: dockedAudiences, unanswered }, request.signal))
      .catch((error: unknown) => {
        throw request.signal?.aborted ? cancelled() : error;
      });
    if (request.signal?.aborted) throw cancelled();
    // A refusal or a clarifying question is a turn too, with no number and no insight.
    const noNumbers = async (message: string): Promise<ChatResponse> => {
      await this.store.saveTurn(chat, request.prompt, message, null, []);
      return { message, chat_id: chatId, insights: [], sources: EMPTY_SOURCES() };
    };
    if (outcome.outcome !== 'answer') return noNumbers(outcome.message);
    const plan = outcome.plan;

    const problem = this.checkAudiences(plan, organisation) ?? tooBroad(plan);
    if (problem) return noNumbers(problem);

    const columns = columnsOf(plan, planner);
    const segments = segmentsOf(plan);
    // One respondent universe: exactly the dataset the plan was made for.
    const datasets = [plan.dataset.code];
    const cells = await this.compute(plan, columns, segments, plan.dataset.code, organisation, request);
    const written = writeAnswer(plan, columns, segments, cells);
    const message = [...outcome.notes, written.message].join('\n');

    const allLocations = organisation.entitledLocations.map((l) => ({ code: l.code, name: l.name }));
    const stored: StoredInsight[] = written.insights.map((insight) => ({
      id: randomUUID(),
      text: insight.text,
      details: {
        metrics: insight.metrics,
        computed_from: {
          attributes: [insight.attribute],
          audiences: [insight.audience],
          locations: (insight.locations.length > 0 ? insight.locations : allLocations.map((l) => l.code)).map(
            (code) => allLocations.find((l) => l.code === code) ?? { code, name: code },
          ),
          waves: insight.waves.map((code) => plan.waves.find((w) => w.code === code) ?? { code, name: code }),
          datasets: datasets.map((code) => ({ code, name: planner.datasets.find((d) => d.code === code)?.name ?? code })),
          base_audience: { name: 'All respondents', expression: {} },
        },
      },
    }));
    // A client that left gets no answer: store nothing it could not learn the chat id of.
    if (request.signal?.aborted) throw cancelled();
    await this.store.saveTurn(chat, request.prompt, message, plan, stored);

    const usedAudiences = plan.audiences.filter((a) => a.origin !== 'everyone');
    return {
      message,
      chat_id: chatId,
      insights: stored.map((s) => ({ id: s.id, text: s.text })),
      sources: {
        topics: plan.topic
          ? [plan.topic.questionName, ...(plan.topic.also ?? []).map((p) => p.questionName)]
          : [...new Set(written.insights.map((i) => i.attribute.question_name))],
        audiences: usedAudiences.map((a) => ({ id: a.id, name: a.name, description: a.description })),
        datasets: datasets.map((code) => ({ code, name: planner.datasets.find((d) => d.code === code)?.name ?? code })),
        locations: plan.locations.length > 0 ? plan.locations : allLocations,
        waves: plan.waves,
      },
    };
  }

  /** A saved or docked audience may use a question the organisation does not license: say so instead of computing. */
  private checkAudiences(plan: AnalysisPlan, organisation: OrganisationCatalogue): string | null {
    for (const audience of plan.audiences) {
      const parsed = parseStandardExpression(audience.expression);
      if (!parsed.ok) return `The audience “${audience.name}” has an expression I cannot read, so I cannot use it.`;
      const checked = validateAgainstCatalogue(parsed.value, organisation);
      if (!checked.ok)
        return `The audience “${audience.name}” uses data your organisation does not license or that no longer exists (${checked.errors[0]?.message}), so I cannot use it.`;
    }
    return null;
  }

  private async compute(
    plan: AnalysisPlan,
    columns: PlanColumn[],
    segments: PlanSegment[],
    dataset: string,
    organisation: OrganisationCatalogue,
    request: ChatRequest,
  ): Promise<ComputedCell[]> {
    if (columns.length === 0) return [];
    const averages = plan.average ? averageItems(columns, organisation) : null;
    if (averages === undefined) return [];
    // One signal for every computation of the prompt: the client leaving or one failing stops the others.
    const abort = new AbortController();
    const stop = () => abort.abort();
    if (request.signal?.aborted) stop();
    request.signal?.addEventListener('abort', stop, { once: true });
    const rows = plan.audiences.map((a) => a.expression as StandardWire);
    const columnWires = columns.map((c, i) => averages?.[i].answered ?? (c.expression as StandardWire));
    const run = async (job: EngineJob): Promise<ComputedCell[]> => {
      if (abort.signal.aborted) throw cancelled();
      const query = {
        base: {},
        waves: job.waves,
        locations: job.locations.length > 0 ? job.locations : organisation.entitledLocations.map((l) => l.code),
        dataset,
      };
      const context = { orgId: request.orgId, requestId: request.requestId, signal: abort.signal };
      const segmentOf = (cell: CrosstabCell) => (job.byWave ? job.segmentOf(cell.wave ?? '') : job.segments[0].key);
      // A plain crosstab (audiences as rows) unless the answer needs the engine's averages or its test of each wave against the previous one.
      if (averages === null && !job.byWave)
        return (await this.engine.crosstab({ ...query, rows, columns: columnWires }, context)).cells.map((cell) =>
          computedCell(plan, columns, cell, segmentOf(cell)),
        );
      // Those are laid out as a researcher's crosstab: the attributes (or averaged questions) as rows, the
      // audiences as columns, so that the engine's estimate (a column's share, a row's mean) is the audience's figure.
      const result = await this.engine.crosstabSpec(
        {
          ...query,
          spec: {
            rows: columnWires.map((expression, i) => ({
              expression,
              ...(averages ? { average: averages[i].parts.map((p) => ({ expression: p.wire, value: p.value })) } : {}),
            })),
            columns: rows.map((expression) => ({ expression })),
            validBases: [],
          },
        },
        context,
        job.byWave ? { split: 'wave' } : {},
      );
      return result.cells.map((cell) => computedCell(plan, columns, transposed(cell), segmentOf(cell)));
    };
    try {
      return (await runLimited(engineJobs(plan, segments), JOB_CONCURRENCY, run, stop)).flat();
    } finally {
      request.signal?.removeEventListener('abort', stop);
    }
  }

  /** The planner's catalogue for an organisation (for the MCP tools). */
  catalogue(orgId: string): Promise<{ planner: PlannerCatalogue; organisation: OrganisationCatalogue }> {
    return this.loader.load(orgId);
  }
}

/** One engine run: a segment, or the waves of one place split by wave (a trend: the engine tests each wave against the previous). */
interface EngineJob {
  segments: PlanSegment[];
  waves: string[];
  locations: string[];
  byWave: boolean;
  segmentOf: (wave: string) => string;
}

function engineJobs(plan: AnalysisPlan, segments: PlanSegment[]): EngineJob[] {
  const job = (list: PlanSegment[], byWave: boolean): EngineJob => ({
    segments: list,
    waves: list.flatMap((s) => s.waves.map((w) => w.code)),
    locations: list[0].locations.map((l) => l.code),
    byWave,
    segmentOf: (wave) => list.find((s) => s.waves[0]?.code === wave)?.key ?? '',
  });
  if (!plan.splitByWave) return segments.map((s) => job([s], false));
  const byPlace = new Map<string, PlanSegment[]>();
  for (const s of segments) {
    const place = s.locations.map((l) => l.code).join(',');
    byPlace.set(place, [...(byPlace.get(place) ?? []), s]);
  }
  return [...byPlace.values()].map((list) => job(list, true));
}

/**
 * The engine's average items of an average plan's columns, checked as the crosstab's `avg` is (the
 * question's kind, a midpoint for each answer, the licence); undefined when one does not pass.
 */
function averageItems(columns: PlanColumn[], organisation: OrganisationCatalogue): CheckedAverage[] | undefined {
  const problems = new FieldProblems();
  const checked = columns.map((c, i) =>
    checkAverage(
      c.average?.datapoint ? { question: c.question, with_suffixes: { datapoint: c.average.datapoint } } : { question: c.question, with_datapoints: {} },
      `/columns/${i}/avg`,
      organisation,
      problems,
    ),
  );
  return checked.every((c): c is CheckedAverage => c !== undefined) ? checked : undefined;
}

/** A cell of an attributes x audiences crosstab read as the audiences x attributes cell it is (the figures are symmetric but for the sides). */
function transposed(cell: CrosstabCell): CrosstabCell {
  return { ...cell, rowIndex: cell.columnIndex, columnIndex: cell.rowIndex, row: cell.column, column: cell.row };
}

function computedCell(plan: AnalysisPlan, columns: PlanColumn[], cell: CrosstabCell, segment: string): ComputedCell {
  return {
    audienceId: plan.audiences[cell.rowIndex].id,
    datapoint: columns[cell.columnIndex].key,
    segment,
    audiencePercentage: cell.row.intersectPercentage,
    basePercentage: cell.column.percentage,
    index: cell.intersect.index,
    audienceSample: cell.row.sample,
    audienceSize: cell.row.size,
    intersectSample: cell.intersect.sample,
    intersectSize: cell.intersect.size,
    baseSample: cell.base.sample,
    baseSize: cell.base.size,
    lowBase: cell.flags.lowBase,
    unreliable: cell.flags.unreliable,
    ...(cell.average
      ? {
          average: {
            value: cell.average.value,
            stdDev: cell.average.stdDev,
            stdError: cell.average.stdError,
            size: cell.average.size,
            sample: cell.average.sample,
          },
        }
      : {}),
    ...(cell.trend
      ? {
          trend: {
            previous: cell.trend.previous,
            level: cell.trend.level,
            z: cell.trend.z,
            significant: cell.trend.significant,
            direction: cell.trend.direction,
          },
        }
      : {}),
  };
}
