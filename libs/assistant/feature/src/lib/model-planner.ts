import { Logger } from '@nestjs/common';
import { modelInstructions, PLAN_JSON_SCHEMA, PLAN_SCHEMA_NAME, PlanInput, Planner, PlanOutcome, RuleBasedPlanner, validatePlan } from '@aas/assistant-domain';
import type { CommonConfig, Metrics } from '@aas/shared-infra';

/** What the chat use case plans with: the rules (synchronous) or a model-backed planner (asynchronous). */
export interface ChatPlanner {
  /** `signal`: the client went away; a planner that waits on something stops waiting (rejects with the signal's reason). */
  plan(input: PlanInput, signal?: AbortSignal): PlanOutcome | Promise<PlanOutcome>;
}

/** The injection token of the chat's planner (`plannerFromConfig`). */
export const ASSISTANT_PLANNER = Symbol('ASSISTANT_PLANNER');

export interface ModelPlannerSettings {
  /** The endpoint's base URL: `{url}/chat/completions` is called (e.g. https://api.openai.com/v1). */
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
  /** `json_schema`: structured output (`response_format`); `tool`: one forced function call whose arguments are the plan. */
  output: 'json_schema' | 'tool';
}

/** Why the rules answered instead of the model. */
export const FALLBACK_REASONS = ['timeout', 'http-error', 'unreachable', 'unparsable', 'invalid-plan'] as const;
export type FallbackReason = (typeof FALLBACK_REASONS)[number];

export interface ModelPlannerLog {
  fellBack(reason: FallbackReason, detail: string): void;
  used(model: string, ms: number): void;
}

const nestLog = (logger = new Logger('ModelPlanner')): ModelPlannerLog => ({
  fellBack: (reason, detail) => logger.warn(`model plan not used (${reason}): ${detail}; the rule planner answers`),
  used: (model, ms) => logger.debug(`plan by ${model} in ${ms} ms`),
});

/**
 * The log that also counts, in the process's Prometheus registry: every prompt the model was
 * asked to plan (`aas_assistant_model_plans_total`, by whose plan was used: `model`, or `rules`
 * after a fallback) and every fallback by its reason (`aas_assistant_model_fallbacks_total`; each
 * reason present from the start, at 0). Only a configured model planner counts: without
 * ASSISTANT_MODEL_URL the rules plan alone, nothing falls back, and the series are absent.
 */
export function countingLog(metrics: Metrics, log: ModelPlannerLog = nestLog()): ModelPlannerLog {
  const plans = metrics.counter({
    name: 'aas_assistant_model_plans_total',
    help: "Prompts the model-backed assistant planner was asked to plan, by whose plan was used: the model's, or the rules' after a fallback",
    labelNames: ['planner'] as const,
  });
  const fallbacks = metrics.counter({
    name: 'aas_assistant_model_fallbacks_total',
    help: 'Plans of the model-backed assistant planner the rules made instead, by reason: timeout, http-error, unreachable, unparsable, invalid-plan',
    labelNames: ['reason'] as const,
  });
  for (const planner of ['model', 'rules']) plans.inc({ planner }, 0);
  for (const reason of FALLBACK_REASONS) fallbacks.inc({ reason }, 0);
  return {
    fellBack: (reason, detail) => {
      plans.inc({ planner: 'rules' });
      fallbacks.inc({ reason });
      log.fellBack(reason, detail);
    },
    used: (model, ms) => {
      plans.inc({ planner: 'model' });
      log.used(model, ms);
    },
  };
}

class Fallback extends Error {
  constructor(
    readonly reason: FallbackReason,
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * Plans a prompt with any OpenAI-compatible chat endpoint (`POST {url}/chat/completions`) that
 * returns the plan as JSON-schema'd output, then checks it with `validatePlan` exactly as strictly
 * as the rules' plans are built. The rule planner answers instead when the endpoint times out,
 * answers an HTTP error, returns something that is not the plan's JSON, or a plan that fails
 * validation; each case is logged with its reason. The model only chooses what to compute: every
 * number still comes from the engine.
 */
export class ModelPlanner implements ChatPlanner {
  constructor(
    private readonly settings: ModelPlannerSettings,
    private readonly fallback: Planner = new RuleBasedPlanner(),
    private readonly log: ModelPlannerLog = nestLog(),
  ) {}

  async plan(input: PlanInput, signal?: AbortSignal): Promise<PlanOutcome> {
    const started = Date.now();
    try {
      const candidate = await this.ask(input, signal);
      const checked = validatePlan(candidate, input.catalogue, input.docked ?? [], { prompt: input.prompt });
      if (!checked.ok) throw new Fallback('invalid-plan', checked.errors.slice(0, 5).join('; '));
      this.log.used(this.settings.model, Date.now() - started);
      return checked.outcome;
    } catch (error) {
      // The client left: nobody waits for a plan, so neither the model's nor the rules' is made.
      if (signal?.aborted) throw signal.reason;
      const fallback = error instanceof Fallback ? error : new Fallback('unreachable', error instanceof Error ? error.message : String(error));
      this.log.fellBack(fallback.reason, fallback.message);
      return this.fallback.plan(input);
    }
  }

  /** One chat completion: the plan as parsed JSON (not yet validated). */
  private async ask(input: PlanInput, cancel?: AbortSignal): Promise<unknown> {
    const { url, model, apiKey, timeoutMs, output } = this.settings;
    const messages = [
      {
        role: 'system',
        content: modelInstructions(input.catalogue, input.previous ?? null, input.docked ?? [], input.history ?? [], input.unanswered ?? null),
      },
      { role: 'user', content: input.prompt },
    ];
    const shape =
      output === 'tool'
        ? {
            tools: [
              {
                type: 'function',
                function: { name: PLAN_SCHEMA_NAME, description: 'Record the plan for the prompt', parameters: PLAN_JSON_SCHEMA, strict: true },
              },
            ],
            tool_choice: { type: 'function', function: { name: PLAN_SCHEMA_NAME } },
          }
        : { response_format: { type: 'json_schema', json_schema: { name: PLAN_SCHEMA_NAME, schema: PLAN_JSON_SCHEMA, strict: true } } };
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = cancel ? AbortSignal.any([timeout, cancel]) : timeout;
    let body: unknown;
    try {
      const response = await fetch(`${url.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({ model, temperature: 0, messages, ...shape }),
        signal,
      });
      if (!response.ok) throw new Fallback('http-error', `HTTP ${response.status} from ${url}`);
      body = await response.json().catch(() => {
        if (signal.aborted) throw signal.reason;
        throw new Fallback('unparsable', 'the response body is not JSON');
      });
    } catch (error) {
      if (error instanceof Fallback) throw error;
      if (timeout.aborted) throw new Fallback('timeout', `no answer within ${timeoutMs} ms`);
      throw new Fallback(
        'unreachable',
        error instanceof Error ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}` : String(error),
      );
    }
    const text = planText(body, output);
    if (text === undefined) throw new Fallback('unparsable', `no ${output === 'tool' ? 'tool call' : 'message content'} in the completion`);
    try {
      return JSON.parse(text);
    } catch {
      throw new Fallback('unparsable', `the plan is not JSON: ${text.slice(0, 80)}`);
    }
  }
}

/** The plan's JSON text in a completion: the message content, or the forced tool call's arguments. */
function planText(body: unknown, output: ModelPlannerSettings['output']): string | undefined {
  const message = (body as { choices?: { message?: { content?: unknown; tool_calls?: { function?: { arguments?: unknown } }[] } }[] })?.choices?.[0]?.message;
  const text = output === 'tool' ? message?.tool_calls?.[0]?.function?.arguments : message?.content;
  return typeof text === 'string' ? text : undefined;
}

/**
 * The chat's planner from configuration: the rules alone while `ASSISTANT_MODEL_URL` is unset (no
 * request ever leaves the service), else a model-backed planner with the rules as its fallback,
 * its plans and fallbacks counted in `metrics` when given (`countingLog`).
 */
export function plannerFromConfig(
  config: Pick<
    CommonConfig,
    'ASSISTANT_MODEL_URL' | 'ASSISTANT_MODEL_NAME' | 'ASSISTANT_MODEL_API_KEY' | 'ASSISTANT_MODEL_TIMEOUT_MS' | 'ASSISTANT_MODEL_OUTPUT'
  >,
  metrics?: Metrics,
): ChatPlanner {
  const rules = new RuleBasedPlanner();
  if (!config.ASSISTANT_MODEL_URL) return rules;
  return new ModelPlanner(
    {
      url: config.ASSISTANT_MODEL_URL,
      model: config.ASSISTANT_MODEL_NAME ?? '',
      apiKey: config.ASSISTANT_MODEL_API_KEY,
      timeoutMs: config.ASSISTANT_MODEL_TIMEOUT_MS,
      output: config.ASSISTANT_MODEL_OUTPUT,
    },
    rules,
    metrics ? countingLog(metrics) : nestLog(),
  );
}
