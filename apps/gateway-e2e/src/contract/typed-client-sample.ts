import createClient from 'openapi-fetch';
import type { components, paths } from '@aas/sdk';

type Schemas = components['schemas'];

/** What the sample saw, for the test that runs it to check. */
export interface SampleOutcome {
  datasets: string[];
  question: string;
  searchHits: number;
  insights: number;
  audience: Schemas['AudienceResponse'];
  cells: Schemas['CrosstabCell'][];
  project: Schemas['SavedCrosstabResponse'];
  calculation: Schemas['ChartCalculationResponse'];
  answer: Schemas['ChatAnswer'];
  insight?: Schemas['InsightDetails'];
  tools: string[];
  ping: Schemas['PingResponse'];
  ready: Schemas['ReadinessResponse'];
  missingAudience: Schemas['Problem'];
}

/** Throws with what the service said when a call did not succeed; else its typed body. */
function ok<T>(result: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (result.data === undefined) throw new Error(`${what}: HTTP ${result.response.status} ${JSON.stringify(result.error)}`);
  return result.data;
}

/**
 * How an integrator uses the client generated from docs/api/openapi.json (openapi-typescript
 * types + openapi-fetch): one call or more per endpoint family, with no cast and no `any`. It is
 * type-checked by `npm run typecheck` (and against freshly generated types by the contract test),
 * and run against a real gateway by apps/gateway-e2e/src/contract/typed-client.e2e-spec.ts.
 */
export async function runTypedClientSample(baseUrl: string, token: string): Promise<SampleOutcome> {
  const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });

  // Catalogue.
  const datasets = ok(await api.GET('/v2/datasets'), 'listDatasets').datasets.filter((d) => d.accessible);
  const { question } = ok(
    await api.GET('/v2/questions/{question_code}', { params: { path: { question_code: 'core.gender' }, query: { include: ['datapoints'] } } }),
    'getQuestion',
  );
  const female = question.datapoints?.find((d) => d.name === 'Female');
  if (!female) throw new Error('gender has no Female datapoint');
  const search = ok(await api.GET('/v2/questions/search', { params: { query: { q: 'tiktok', limit: 5 } } }), 'searchQuestions');

  // Insights.
  const insights = ok(await api.POST('/v3/insights/filter', { body: { filters: { is_trending: true }, limit: 3 } }), 'filterInsights');

  // Saved audiences: create, change, read back, delete; a missing one is a typed problem.
  const women: Schemas['AudienceExpression'] = { question: 'gender', datapoints: [female.code] };
  const created = ok(
    await api.POST('/v2/saved/audiences', {
      body: { name: 'Women (sample)', expression: women, folder_id: '00000000-0000-0000-0000-000000000000', position: 1 },
    }),
    'createSavedAudience',
  ).data;
  ok(await api.PATCH('/v2/saved/audiences/{id}', { params: { path: { id: created.id } }, body: { name: 'Women' } }), 'patchSavedAudience');
  const audience = ok(await api.GET('/v2/saved/audiences/{id}', { params: { path: { id: created.id } } }), 'getSavedAudience').data;
  await api.DELETE('/v2/saved/audiences/{id}', { params: { path: { id: created.id } } });
  const gone = await api.GET('/v2/saved/audiences/{id}', { params: { path: { id: created.id } } });
  if (!gone.error) throw new Error('a deleted audience was still found');
  const missingAudience: Schemas['Problem'] = gone.error;

  // A crosstab: the stream, one JSON cell per line.
  const stream = await api.POST('/v2/query/crosstab', {
    body: {
      rows: [{ expression: audience.expression }],
      columns: [{ name: 'TikTok', expression: { question: 'social_platform_usage', datapoints: ['tiktok'] } }],
    },
    parseAs: 'text',
  });
  const cells = ok(stream, 'runCrosstab')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Schemas['CrosstabCell']);

  // A saved crosstab with no base (bases: null).
  const project = ok(
    await api.POST('/v2/saved/crosstabs', {
      body: { name: 'Sample project', rows: [{ expression: { qustion: 'gender', options: [female.code] } }], bases: null },
    }),
    'createSavedCrosstab',
  );
  await api.DELETE('/v2/saved/crosstabs/{uuid}', { params: { path: { uuid: project.uuid } } });

  // A chart, calculated on a worker.
  const chart = ok(
    await api.POST('/v1/charts', {
      body: {
        name: 'Sample chart',
        attributes: [{ namespace_code: 'core', question_code: 'social_platform_usage', datapoint_code: 'tiktok' }],
        audiences: [{ id: 'women', expression: women }],
      },
    }),
    'createChart',
  );
  // The calculation is JSON by default; the document also offers it as CSV (`Accept: text/csv`), so the type says either.
  const calculated = ok(await api.POST('/v1/charts/{id}/calculate', { params: { path: { id: chart.id } }, body: {} }), 'calculateChart');
  if (typeof calculated === 'string') throw new Error('calculateChart answered CSV to a request that did not ask for it');
  const calculation = calculated;
  await api.DELETE('/v1/charts/{id}', { params: { path: { id: chart.id } } });

  // The assistant, and one of its insights.
  const answer = ok(await api.POST('/v1/assistant-api/generic', { body: { prompt: 'What share of women use TikTok?' } }), 'askAssistant');
  const first = answer.insights[0];
  const insight = first
    ? ok(await api.GET('/v1/assistant-api/generic/insights/{id}', { params: { path: { id: first.id } } }), 'getAssistantInsight')
    : undefined;

  // The MCP endpoint as plain JSON-RPC.
  const listed = ok(await api.POST('/v1/assistant-api/mcp', { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }), 'callMcp');
  const tools = 'result' in listed && 'tools' in listed.result ? listed.result.tools.map((t) => t.name) : [];

  // System and health (no token needed for health).
  const ping = ok(await api.POST('/v1/system/ping', { body: {} }), 'pingJobPath');
  const ready = ok(await createClient<paths>({ baseUrl }).GET('/health/ready'), 'getReadiness');

  return {
    datasets: datasets.map((d) => d.code),
    question: question.name,
    searchHits: search.total,
    insights: insights.insights.length,
    audience,
    cells,
    project,
    calculation,
    answer,
    insight,
    tools,
    ping,
    ready,
    missingAudience,
  };
}
