import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { ModelPlan, PLAN_SCHEMA_NAME, PlanInput, PlanOutcome, RuleBasedPlanner } from '@aas/assistant-domain';
import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { EngineClient } from '@aas/crosstab-engine-client';
import { AudienceDirectory } from '@aas/shared-contracts';
import { CommonConfig, loadConfig, Metrics } from '@aas/shared-infra';
import { AssistantCatalogueLoader } from './assistant-catalogue.loader';
import { AssistantChatUseCase } from './assistant-chat.usecase';
import { AssistantStore } from './assistant.store';
import { ASSISTANT_PLANNER, countingLog, FallbackReason, ModelPlanner, ModelPlannerLog, ModelPlannerSettings, plannerFromConfig } from './model-planner';
import { engineSums, fakeEngine, testOrganisationCatalogue, testPlannerCatalogue } from './testing/assistant-fixtures';

type Reply = (req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) => void;

/** A local OpenAI-compatible endpoint: records each request and answers it with `reply`. */
async function endpoint(reply: Reply) {
  const requests: { url: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      requests.push({ url: req.url ?? '', headers: req.headers, body });
      reply(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const close = () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  return { url, requests, close };
}

const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const completion = (content: string) => ({ choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] });

/** The prompt asks about TikTok; the model's plan measures Instagram, so an answer shows which planner made it. */
const PROMPT = 'What share of women use TikTok?';
const INSTAGRAM: ModelPlan = {
  outcome: 'answer',
  answer: {
    kind: 'share',
    topic: { question: 'social_platform_usage', datapoints: ['instagram'], suffix: null, combine: 'each', minCount: null, negate: false, except: [], also: [] },
    audiences: [{ savedAudienceId: null, expression: { question: 'gender', datapoints: ['female'], suffixes: [], min_count: null, not: false } }],
    markets: ['us'],
    waves: ['q3_2026'],
    rankBy: null,
    groupQuestion: null,
    verdict: null,
    pairedPeriods: false,
    limit: null,
    ascending: false,
    count: false,
  },
  refusal: null,
  clarification: null,
};

const input: PlanInput = { prompt: PROMPT, catalogue: testPlannerCatalogue() };
const rules = (): PlanOutcome => new RuleBasedPlanner().plan(input);

function recorder() {
  const fallbacks: { reason: FallbackReason; detail: string }[] = [];
  const log: ModelPlannerLog = { fellBack: (reason, detail) => fallbacks.push({ reason, detail }), used: () => undefined };
  return { fallbacks, log };
}

function planner(url: string, settings: Partial<ModelPlannerSettings> = {}) {
  const { fallbacks, log } = recorder();
  const model = new ModelPlanner(
    { url, model: 'test-model', apiKey: 'k-123', timeoutMs: 2000, output: 'json_schema', ...settings },
    new RuleBasedPlanner(),
    log,
  );
  return { model, fallbacks };
}

const topicOf = (out: PlanOutcome) => (out.outcome === 'answer' ? out.plan.topic?.datapoints.map((d) => d.code) : out.outcome);

describe('ModelPlanner against a local OpenAI-compatible endpoint', () => {
  let server: Awaited<ReturnType<typeof endpoint>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('uses a valid plan: asks with the strict JSON schema, the catalogue in the system prompt and the key', async () => {
    server = await endpoint((_req, res) => json(res, 200, completion(JSON.stringify(INSTAGRAM))));
    const { model, fallbacks } = planner(server.url);
    const out = await model.plan(input);
    expect(fallbacks).toEqual([]);
    expect(topicOf(out)).toEqual(['instagram']);
    expect(topicOf(rules())).toEqual(['tiktok']);
    if (out.outcome !== 'answer') throw new Error(out.outcome);
    expect(out.plan.audiences.map((a) => a.name)).toEqual(['Gender: Female']);
    expect(out.plan.dataset).toEqual({ code: 'core', name: 'Core survey' });

    const [request] = server.requests;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer k-123');
    expect(request.body).toMatchObject({
      model: 'test-model',
      response_format: { type: 'json_schema', json_schema: { name: PLAN_SCHEMA_NAME, strict: true, schema: { type: 'object' } } },
      messages: [{ role: 'system' }, { role: 'user', content: PROMPT }],
    });
    const system = (request.body['messages'] as { content: string }[])[0].content;
    expect(system).toContain('social_platform_usage "Social media platforms used": tiktok; instagram; facebook');
    expect(system).toContain('PREVIOUS PLAN: none');
  });

  it('the tool-call variant: one forced function call whose arguments are the plan', async () => {
    server = await endpoint((_req, res) =>
      json(res, 200, {
        choices: [
          {
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [{ id: 'c1', type: 'function', function: { name: PLAN_SCHEMA_NAME, arguments: JSON.stringify(INSTAGRAM) } }],
            },
          },
        ],
      }),
    );
    const { model, fallbacks } = planner(server.url, { output: 'tool' });
    expect(topicOf(await model.plan(input))).toEqual(['instagram']);
    expect(fallbacks).toEqual([]);
    expect(server.requests[0].body).toMatchObject({
      tool_choice: { type: 'function', function: { name: PLAN_SCHEMA_NAME } },
      tools: [{ function: { name: PLAN_SCHEMA_NAME, strict: true } }],
    });
  });

  it('passes the previous turn’s plan to the model, in the model’s own form', async () => {
    server = await endpoint((_req, res) => json(res, 200, completion(JSON.stringify(INSTAGRAM))));
    const previous = rules();
    if (previous.outcome !== 'answer') throw new Error(previous.outcome);
    await planner(server.url).model.plan({ ...input, prompt: 'and in Germany?', previous: previous.plan });
    const system = (server.requests[0].body['messages'] as { content: string }[])[0].content;
    expect(system).toMatch(/PREVIOUS PLAN: \{"kind":"share","topic":\{"question":"social_platform_usage","datapoints":\["tiktok"\]/);
  });

  it('passes the chat’s earlier plans to the model, so a reference further back ("compare both of them") can be resolved', async () => {
    server = await endpoint((_req, res) => json(res, 200, completion(JSON.stringify(INSTAGRAM))));
    const first = rules();
    if (first.outcome !== 'answer') throw new Error(first.outcome);
    const inGermany = new RuleBasedPlanner().plan({ ...input, prompt: 'and in Germany?', previous: first.plan });
    if (inGermany.outcome !== 'answer') throw new Error(inGermany.outcome);
    expect(inGermany.plan.locations.map((l) => l.code)).toEqual(['de']);
    const { model } = planner(server.url);
    await model.plan({ ...input, prompt: 'compare both of them', previous: inGermany.plan, history: [first.plan, inGermany.plan] });
    // Without a history (only the previous plan known), none.
    await model.plan({ ...input, prompt: 'and in France?', previous: inGermany.plan });

    const systems = server.requests.map((r) => (r.body['messages'] as { content: string }[])[0].content);
    const earlier = (system: string) => system.slice(system.indexOf('\nEARLIER PLANS'));
    expect(earlier(systems[0])).toMatch(
      /^\nEARLIER PLANS [^\n]*:\n1\. \{"kind":"share","topic":\{"question":"social_platform_usage","datapoints":\["tiktok"\]/,
    );
    expect(earlier(systems[0])).toContain(`"markets":[${first.plan.locations.map((l) => `"${l.code}"`).join(',')}]`);
    // The previous plan (Germany) is shown once, as the previous plan, not again among the earlier ones.
    expect(earlier(systems[0])).not.toContain('"markets":["de"]');
    expect(systems[0]).toContain('PREVIOUS PLAN: {"kind":"share"');
    expect(systems[0]).toMatch(/PREVIOUS PLAN: [^\n]*"markets":\["de"\]/);
    expect(earlier(systems[1])).toMatch(/^\nEARLIER PLANS [^\n]*: none\n/);
  });

  it('passes the chat’s last unanswered prompt to the model, so a correction ("sorry, I meant Germans") can complete it', async () => {
    server = await endpoint((_req, res) => json(res, 200, completion(JSON.stringify(INSTAGRAM))));
    const { model } = planner(server.url);
    await model.plan({ ...input, prompt: 'sorry, I meant Germans', unanswered: 'What share of Italians use Instagram?' });
    await model.plan({ ...input, prompt: 'and in France?' });
    const systems = server.requests.map((r) => (r.body['messages'] as { content: string }[])[0].content);
    expect(systems[0]).toMatch(/^UNANSWERED PROMPT [^\n]*: "What share of Italians use Instagram\?"$/m);
    expect(systems[1]).toMatch(/^UNANSWERED PROMPT [^\n]*: none$/m);
  });

  it.each<[string, Reply, FallbackReason, RegExp]>([
    ['content that is not JSON', (_q, res) => json(res, 200, completion('Sure! Here is the plan: share of TikTok')), 'unparsable', /not JSON/],
    ['a body that is not a completion', (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": ['), 'unparsable', /not JSON/],
    [
      'a completion without content',
      (_q, res) => json(res, 200, { choices: [{ message: { role: 'assistant', refusal: 'I cannot' } }] }),
      'unparsable',
      /no message content/,
    ],
    [
      'a plan with an unknown code',
      (_q, res) =>
        json(
          res,
          200,
          completion(JSON.stringify({ ...INSTAGRAM, answer: { ...INSTAGRAM.answer, topic: { ...INSTAGRAM.answer?.topic, question: 'tiktok_spend_usd' } } })),
        ),
      'invalid-plan',
      /unknown question "tiktok_spend_usd"/,
    ],
    [
      'a plan in an unlicensed market',
      (_q, res) => json(res, 200, completion(JSON.stringify({ ...INSTAGRAM, answer: { ...INSTAGRAM.answer, markets: ['br'] } }))),
      'invalid-plan',
      /"br" is not licensed/,
    ],
    [
      'a refusal that states a figure',
      (_q, res) =>
        json(
          res,
          200,
          completion(
            JSON.stringify({
              outcome: 'refuse',
              answer: null,
              refusal: { reason: 'no-data', message: 'Roughly 45% do, I think.', offer: null },
              clarification: null,
            }),
          ),
        ),
      'invalid-plan',
      /states 45/,
    ],
    ['an HTTP 500', (_q, res) => json(res, 500, { error: { message: 'overloaded' } }), 'http-error', /HTTP 500/],
  ])('%s: the rule planner answers, exactly as it would alone, and the reason is logged', async (_, reply, reason, detail) => {
    server = await endpoint(reply);
    const { model, fallbacks } = planner(server.url);
    expect(await model.plan(input)).toEqual(rules());
    expect(fallbacks).toEqual([{ reason, detail: expect.stringMatching(detail) }]);
  });

  it('a response slower than the timeout: the rules answer once the timeout passes, not when the model does', async () => {
    server = await endpoint((_req, res) => setTimeout(() => json(res, 200, completion(JSON.stringify(INSTAGRAM))), 1500).unref());
    const { model, fallbacks } = planner(server.url, { timeoutMs: 200 });
    const started = Date.now();
    expect(await model.plan(input)).toEqual(rules());
    expect(Date.now() - started).toBeLessThan(1200);
    expect(fallbacks).toEqual([{ reason: 'timeout', detail: 'no answer within 200 ms' }]);
  });

  it('a body that stops half-way past the timeout is a timeout too', async () => {
    server = await endpoint((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"choices": [');
    });
    const { model, fallbacks } = planner(server.url, { timeoutMs: 200 });
    expect(await model.plan(input)).toEqual(rules());
    expect(fallbacks.map((f) => f.reason)).toEqual(['timeout']);
  });

  it('the client leaving stops the wait at once: no plan, no fallback, the endpoint’s request aborted', async () => {
    // The endpoint would answer long after the planner's timeout: only the abort can end the wait early.
    let closedBeforeAnswer: boolean | undefined;
    let requestClosed: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => (requestClosed = resolve));
    server = await endpoint((_req, res) => {
      res.on('close', () => {
        closedBeforeAnswer = !res.writableFinished;
        requestClosed();
      });
      setTimeout(() => json(res, 200, completion(JSON.stringify(INSTAGRAM))), 30_000).unref();
    });
    const { model, fallbacks } = planner(server.url, { timeoutMs: 5000 });
    const client = new AbortController();
    setTimeout(() => client.abort(new Error('the client went away')), 100).unref();
    const started = Date.now();
    // A rejection with the client's reason (not the rules' plan after a timeout) is the abort's doing.
    await expect(model.plan(input, client.signal)).rejects.toThrow('the client went away');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(fallbacks).toEqual([]);
    // The endpoint sees its request closed before it answered, within a bound: nothing keeps the model computing for nobody.
    const bound = new Promise<'no close within 10 s'>((resolve) => setTimeout(() => resolve('no close within 10 s'), 10_000).unref());
    expect(await Promise.race([closed.then(() => 'closed'), bound])).toBe('closed');
    expect(closedBeforeAnswer).toBe(true);
  });

  it('an endpoint nobody listens on: the rules answer', async () => {
    const closed = await endpoint(() => undefined);
    await closed.close();
    const { model, fallbacks } = planner(closed.url);
    expect(await model.plan(input)).toEqual(rules());
    expect(fallbacks.map((f) => f.reason)).toEqual(['unreachable']);
  });
});

describe('the fallbacks in the Prometheus metrics', () => {
  /** The counters' values by label, as a scrape reads them. */
  async function counts(metrics: Metrics, name: string, label: string): Promise<Record<string, number>> {
    const metric = metrics.registry.getSingleMetric(name);
    if (!metric) return {};
    const out: Record<string, number> = {};
    for (const v of (await metric.get()).values) out[String(v.labels[label])] = v.value;
    return out;
  }
  const quiet: ModelPlannerLog = { fellBack: () => undefined, used: () => undefined };

  it('counts each plan by whose plan was used, and each fallback by its reason, every reason at 0 from the start', async () => {
    const replies: Reply[] = [
      (_q, res) => json(res, 200, completion(JSON.stringify(INSTAGRAM))),
      (_q, res) => json(res, 500, { error: { message: 'overloaded' } }),
      (_q, res) => json(res, 200, completion(JSON.stringify({ ...INSTAGRAM, answer: { ...INSTAGRAM.answer, markets: ['br'] } }))),
      (_q, res) => json(res, 200, completion(JSON.stringify({ ...INSTAGRAM, answer: { ...INSTAGRAM.answer, markets: ['br'] } }))),
      (_q, res) => setTimeout(() => json(res, 200, completion(JSON.stringify(INSTAGRAM))), 1000).unref(),
    ];
    const server = await endpoint((req, res, body) => (replies.shift() as Reply)(req, res, body));
    try {
      const metrics = new Metrics();
      const model = new ModelPlanner(
        { url: server.url, model: 'test-model', timeoutMs: 300, output: 'json_schema' },
        new RuleBasedPlanner(),
        countingLog(metrics, quiet),
      );
      expect(await counts(metrics, 'aas_assistant_model_fallbacks_total', 'reason')).toEqual({
        timeout: 0,
        'http-error': 0,
        unreachable: 0,
        unparsable: 0,
        'invalid-plan': 0,
      });
      for (let i = 0; i < 5; i++) await model.plan(input);
      expect(await counts(metrics, 'aas_assistant_model_plans_total', 'planner')).toEqual({ model: 1, rules: 4 });
      expect(await counts(metrics, 'aas_assistant_model_fallbacks_total', 'reason')).toEqual({
        timeout: 1,
        'http-error': 1,
        unreachable: 0,
        unparsable: 0,
        'invalid-plan': 2,
      });
      // The exposition a scrape reads.
      expect((await metrics.exposition()).body).toContain('aas_assistant_model_fallbacks_total{reason="invalid-plan"} 2');
    } finally {
      await server.close();
    }
  });

  it('no endpoint configured is not a fallback: the rules plan alone and nothing is counted', async () => {
    const metrics = new Metrics();
    const chosen = plannerFromConfig({ ASSISTANT_MODEL_TIMEOUT_MS: 4000, ASSISTANT_MODEL_OUTPUT: 'json_schema' }, metrics);
    expect(chosen).toBeInstanceOf(RuleBasedPlanner);
    await chosen.plan(input);
    expect(metrics.registry.getSingleMetric('aas_assistant_model_fallbacks_total')).toBeUndefined();
    expect(metrics.registry.getSingleMetric('aas_assistant_model_plans_total')).toBeUndefined();
  });

  it('a configured model planner counts in the metrics it is given', async () => {
    const metrics = new Metrics();
    const closed = await endpoint(() => undefined);
    await closed.close();
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const chosen = plannerFromConfig(
        { ASSISTANT_MODEL_URL: closed.url, ASSISTANT_MODEL_NAME: 'm', ASSISTANT_MODEL_TIMEOUT_MS: 4000, ASSISTANT_MODEL_OUTPUT: 'json_schema' },
        metrics,
      );
      await chosen.plan(input);
      expect(await counts(metrics, 'aas_assistant_model_fallbacks_total', 'reason')).toMatchObject({ unreachable: 1, timeout: 0 });
    } finally {
      jest.restoreAllMocks();
    }
  });
});

describe('plannerFromConfig', () => {
  const off = { ASSISTANT_MODEL_TIMEOUT_MS: 4000, ASSISTANT_MODEL_OUTPUT: 'json_schema' as const };
  afterEach(() => jest.restoreAllMocks());

  it('without ASSISTANT_MODEL_URL: the rule planner alone, and no request leaves the service', async () => {
    const fetched = jest.spyOn(globalThis, 'fetch');
    const chosen = plannerFromConfig(off);
    expect(chosen).toBeInstanceOf(RuleBasedPlanner);
    expect(await chosen.plan(input)).toEqual(rules());
    expect(fetched).not.toHaveBeenCalled();
  });

  it('with ASSISTANT_MODEL_URL: the model planner', () => {
    expect(plannerFromConfig({ ...off, ASSISTANT_MODEL_URL: 'http://127.0.0.1:1/v1', ASSISTANT_MODEL_NAME: 'm' })).toBeInstanceOf(ModelPlanner);
  });

  it.each([
    [{}, RuleBasedPlanner],
    [{ ASSISTANT_MODEL_URL: 'http://127.0.0.1:1/v1', ASSISTANT_MODEL_NAME: 'm' }, ModelPlanner],
  ])('the Nest module gives the chat use case the planner the config names (%j)', async (env, expected) => {
    const config = loadConfig(CommonConfig, { NODE_ENV: 'test', ...env });
    const moduleRef = await Test.createTestingModule({
      providers: [
        AssistantChatUseCase,
        { provide: CommonConfig, useValue: config },
        { provide: ASSISTANT_PLANNER, useFactory: plannerFromConfig, inject: [CommonConfig] },
        { provide: AssistantCatalogueLoader, useValue: {} },
        { provide: AssistantStore, useValue: {} },
        { provide: EngineClient, useValue: {} },
        { provide: AudienceDirectory, useValue: {} },
      ],
    }).compile();
    expect((moduleRef.get(AssistantChatUseCase) as unknown as { planner: unknown }).planner).toBeInstanceOf(expected);
  });
});

describe('AssistantChatUseCase with the model planner', () => {
  it('awaits the model’s plan and computes it: the answer is about what the model planned', async () => {
    const server = await endpoint((_req, res) => json(res, 200, completion(JSON.stringify(INSTAGRAM))));
    try {
      const loader = { load: async () => ({ planner: testPlannerCatalogue(), organisation: testOrganisationCatalogue() }) };
      const store = { context: async () => undefined, saveTurn: async () => undefined };
      const { engine, payloads } = fakeEngine(async (payload) => engineSums(payload));
      const usecase = new AssistantChatUseCase(
        loader as unknown as AssistantCatalogueLoader,
        store as unknown as AssistantStore,
        engine,
        { readable: async () => [] } as unknown as AudienceDirectory,
        planner(server.url).model,
      );
      const out = await usecase.chat({ orgId: 'org-a', userId: 1, requestId: 'r1', prompt: PROMPT });
      expect(out.message).toContain('Instagram');
      expect(out.sources.locations).toEqual([{ code: 'us', name: 'United States' }]);
      expect(JSON.stringify(payloads)).toContain('instagram');
    } finally {
      await server.close();
    }
  });
});
