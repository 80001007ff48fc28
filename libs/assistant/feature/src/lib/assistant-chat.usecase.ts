import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { parseStandardExpression, StandardWire, validateAgainstCatalogue } from '@aas/audience-expression-domain';
import {
  AnalysisPlan,
  columnsOf,
  ComputedCell,
  PlanAudience,
  PlanColumn,
  Planner,
  PlannerCatalogue,
  PlanSegment,
  RuleBasedPlanner,
  segmentsOf,
  tooBroad,
  writeAnswer,
} from '@aas/assistant-domain';
import { AudienceDirectory, OrganisationCatalogue } from '@aas/shared-contracts';
import { EngineClient } from '@aas/crosstab-engine-client';
import { ProblemException } from '@aas/shared-infra';
import { AssistantCatalogueLoader } from './assistant-catalogue.loader';
import { AssistantStore, StoredInsight, TurnChat } from './assistant.store';
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
  /** The rules today; a model-backed planner can stand in behind the same interface. */
  private readonly planner: Planner = new RuleBasedPlanner();

  constructor(
    private readonly loader: AssistantCatalogueLoader,
    private readonly store: AssistantStore,
    private readonly engine: EngineClient,
    private readonly audiences: AudienceDirectory,
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
    if (!isNew) {
      const context = await this.store.context(chatId, request.orgId);
      if (!context) throw ProblemException.notFound(`Chat '${chatId}' not found`);
      previous = context.plan;
    }
    const { planner, organisation } = await this.loader.load(request.orgId);
    const dockedAudiences: PlanAudience[] = docked.map((id) => {
      const a = readable.find((r) => r.id.toLowerCase() === id.toLowerCase()) as (typeof readable)[number];
      return { id: a.id, name: a.name, description: a.description, expression: a.expression, origin: 'docked' };
    });

    const outcome = this.planner.plan({ prompt: request.prompt, catalogue: planner, previous, docked: dockedAudiences });
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
    // One signal for every computation of the prompt: the client leaving or one failing stops the others.
    const abort = new AbortController();
    const stop = () => abort.abort();
    if (request.signal?.aborted) stop();
    request.signal?.addEventListener('abort', stop, { once: true });
    const run = async (segment: PlanSegment): Promise<ComputedCell[]> => {
      if (abort.signal.aborted) throw cancelled();
      const result = await this.engine.crosstab(
        {
          rows: plan.audiences.map((a) => a.expression as StandardWire),
          columns: columns.map((c) => c.expression as StandardWire),
          base: {},
          waves: segment.waves.map((w) => w.code),
          locations: segment.locations.length > 0 ? segment.locations.map((l) => l.code) : organisation.entitledLocations.map((l) => l.code),
          dataset,
        },
        { orgId: request.orgId, requestId: request.requestId, signal: abort.signal },
      );
      return result.cells.map((cell): ComputedCell => ({
        audienceId: plan.audiences[cell.rowIndex].id,
        datapoint: columns[cell.columnIndex].key,
        segment: segment.key,
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
      }));
    };
    try {
      return (await runLimited(segments, JOB_CONCURRENCY, run, stop)).flat();
    } finally {
      request.signal?.removeEventListener('abort', stop);
    }
  }

  /** The planner's catalogue for an organisation (for the MCP tools). */
  catalogue(orgId: string): Promise<{ planner: PlannerCatalogue; organisation: OrganisationCatalogue }> {
    return this.loader.load(orgId);
  }
}
