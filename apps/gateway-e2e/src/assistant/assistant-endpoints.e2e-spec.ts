import { Redis } from 'ioredis';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Stack } from '../support/stack';
import { AssistantClient } from './assistant-helpers';

const MCP = '/v1/assistant-api/mcp';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('assistant endpoints: generic chat, insights, JSON-RPC/MCP', () => {
  let stack: Stack;
  let demo: AssistantClient;
  let acme: AssistantClient;

  beforeAll(async () => {
    // Queue mode: the assistant's engine runs go through BullMQ to a real worker.
    stack = await Stack.start({ label: 'assistant_endpoints', jobMode: 'queue', workers: 1, seed: true });
    demo = new AssistantClient(stack, await stack.token('demo', 1));
    acme = new AssistantClient(stack, await stack.token('acme-retail', 2));
  });
  afterAll(() => stack?.stop());

  const raw = (body: string, token = demo.token, contentType = 'application/json') =>
    fetch(`${stack.baseUrl}${MCP}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, body });

  describe('POST /v1/assistant-api/generic', () => {
    it('answers with insights, sources and a chat id; the insight details say what they were computed from', async () => {
      const answer = await demo.ask('Which social platforms do women use most?');
      expect(answer.chat_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.insights).toHaveLength(5);
      expect(answer.sources).toMatchObject({
        topics: ['Social media platforms used'],
        audiences: [{ name: 'Women' }],
        datasets: [{ code: 'core', name: 'Core survey' }],
      });
      const { details } = await demo.verify(answer.insights[0].id);
      expect(details.chat_id).toBe(answer.chat_id);
      expect(details.computed_from.datasets).toEqual([{ code: 'core', name: 'Core survey' }]);
    });

    it("docked audiences: its own and curated ones are used; another organisation's is 404 naming it", async () => {
      const created = await acme.post('/v2/saved/audiences', {
        name: 'Acme shoppers',
        expression: { question: 'gender', datapoints: ['female'] },
        folder_id: '00000000-0000-0000-0000-000000000000',
        position: 1,
      });
      expect(created.status).toBeLessThan(300);
      const acmeAudience = created.body.data.id as string;

      const own = await acme.ask('What % use Instagram?', '', [acmeAudience]);
      expect(own.sources.audiences).toEqual([expect.objectContaining({ id: acmeAudience, name: 'Acme shoppers' })]);
      await acme.verifyAll(own);

      const foreign = await demo.post('/v1/assistant-api/generic', { prompt: 'What % use Instagram?', docked_audiences: [acmeAudience] });
      expect(foreign.status).toBe(404);
      expect(foreign.body.detail).toContain(acmeAudience);
      expect(foreign.body.type).toBe('urn:aas:problem:not-found');

      const notUuid = await demo.post('/v1/assistant-api/generic', { prompt: 'x', docked_audiences: ['nope'] });
      expect(notUuid.status).toBe(400);
    });

    it("another organisation's chat and insight are 404", async () => {
      const answer = await demo.ask('What % of men use TikTok?');
      const follow = await acme.post('/v1/assistant-api/generic', { prompt: 'and in Germany?', chat_id: answer.chat_id });
      expect(follow.status).toBe(404);
      const res = await fetch(`${stack.baseUrl}/v1/assistant-api/generic/insights/${answer.insights[0].id}`, {
        headers: { authorization: `Bearer ${acme.token}` },
      });
      expect(res.status).toBe(404);
      const missing = await fetch(`${stack.baseUrl}/v1/assistant-api/generic/insights/00000000-0000-0000-0000-000000000000`, {
        headers: { authorization: `Bearer ${demo.token}` },
      });
      expect(missing.status).toBe(404);
    });

    it('refuses a prompt too broad to compute, saying why, with no number', async () => {
      const answer = await demo.ask('How has TikTok use changed in the US, Germany, France and Japan?');
      expect(answer.insights).toEqual([]);
      expect(answer.message).toMatch(/too broad.*4 markets across \d+ waves/);
      expect(answer.message).toMatch(/fewer markets/);
    });

    it('validates the body and needs a token', async () => {
      expect((await demo.post('/v1/assistant-api/generic', {})).status).toBe(400);
      expect((await demo.post('/v1/assistant-api/generic', { prompt: 'x'.repeat(2001) })).status).toBe(400);
      expect((await demo.post('/v1/assistant-api/generic', { prompt: 'hi', extra: 1 })).status).toBe(400);
      const res = await fetch(`${stack.baseUrl}/v1/assistant-api/generic`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"prompt":"x"}',
      });
      expect(res.status).toBe(401);
    });
  });

  describe('POST /v1/assistant-api/mcp as plain JSON-RPC (tools/call without initialize)', () => {
    it('tools/call chat_service without initialize, then a follow-up with the chat id', async () => {
      const first = await demo.post(MCP, {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'chat_service', arguments: { prompt: 'What % of Gen Z use TikTok?', chat_id: '' } },
      });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ jsonrpc: '2.0', id: 7 });
      const result = first.body.result;
      expect(result.isError).toBeUndefined();
      expect(result.content[0].type).toBe('text');
      expect(result.structuredContent.insights.length).toBeGreaterThan(0);
      await demo.verifyAll(result.structuredContent);

      const next = await demo.post(MCP, {
        jsonrpc: '2.0',
        id: 8,
        method: 'tools/call',
        params: { name: 'chat_service', arguments: { prompt: 'what about men?', chat_id: result.structuredContent.chat_id } },
      });
      const [checked] = await demo.verifyAll(next.body.result.structuredContent);
      expect(checked.details.computed_from.audiences[0].name).toBe('Men');
      expect(checked.details.computed_from.attributes[0].datapoint).toBe('tiktok');
    });

    it('the JSON-RPC error table', async () => {
      const parse = await raw('{"jsonrpc": "2.0", "id": 1, ');
      expect(parse.status).toBe(400);
      expect(await parse.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.any(String) } });

      const batch = await demo.post(MCP, [{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
      expect(batch.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });

      const version = await demo.post(MCP, { jsonrpc: '1.0', id: 2, method: 'ping' });
      expect(version.body).toMatchObject({ id: 2, error: { code: -32600 } });
      const noMethod = await demo.post(MCP, { jsonrpc: '2.0', id: 3 });
      expect(noMethod.body).toMatchObject({ id: 3, error: { code: -32600 } });
      // Valid JSON that is not an object is an Invalid Request; only text that is not JSON is a Parse error.
      for (const body of ['"tools/call"', '42', 'null', '[]']) {
        const notObject = await raw(body);
        expect(notObject.status).toBe(400);
        expect(await notObject.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/^Invalid Request/) } });
      }
      const notJson = await raw('tools/call');
      expect(notJson.status).toBe(400);
      expect(await notJson.json()).toMatchObject({ id: null, error: { code: -32700 } });

      const unknownMethod = await demo.post(MCP, { jsonrpc: '2.0', id: 4, method: 'resources/list' });
      expect(unknownMethod.status).toBe(200);
      expect(unknownMethod.body).toMatchObject({ id: 4, error: { code: -32601 } });

      // A malformed tools/call (no such tool) is a protocol error...
      const unknownTool = await demo.post(MCP, { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'nope', arguments: {} } });
      expect(unknownTool.body).toMatchObject({ id: 5, error: { code: -32602 } });
      // ...arguments that break the tool's input schema are a tool error a model can act on (SEP-1303).
      const toolError = async (id: number, name: string, args: unknown) => {
        const res = await demo.post(MCP, { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ jsonrpc: '2.0', id, result: { isError: true, content: [{ type: 'text' }] } });
        return res.body.result.content[0].text as string;
      };
      expect(await toolError(6, 'chat_service', { prompt: 42 })).toBe('Invalid arguments for chat_service: /prompt must be string');
      expect(await toolError(7, 'chat_service', { prompt: 'hi', foo: 1 })).toBe('Invalid arguments for chat_service: unknown argument "foo"');
      // Bounded arguments: the prompt, ids, the query and every list.
      expect(await toolError(10, 'chat_service', { prompt: 'x'.repeat(2001) })).toBe(
        'Invalid arguments for chat_service: /prompt must NOT have more than 2000 characters',
      );
      const tiktok = { question: 'social_platform_usage', datapoints: ['tiktok'] };
      expect(await toolError(11, 'run_crosstab', { columns: [{ expression: tiktok }], waves: Array.from({ length: 501 }, () => 'q1_2026') })).toBe(
        'Invalid arguments for run_crosstab: /waves must NOT have more than 500 items',
      );
      expect(await toolError(12, 'run_crosstab', { columns: Array.from({ length: 101 }, () => ({ expression: tiktok })) })).toBe(
        'Invalid arguments for run_crosstab: /columns must NOT have more than 100 items',
      );
      expect(await toolError(13, 'run_crosstab', { columns: [{ expression: { question: 'gender', datapoints: 'female' } }] })).toBe(
        'Invalid arguments for run_crosstab: /columns/0/expression/datapoints: "datapoints" must be an array of strings, got a string',
      );

      const failing = await demo.post(MCP, {
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: { name: 'chat_service', arguments: { prompt: 'hi', chat_id: '00000000-0000-0000-0000-000000000000' } },
      });
      expect(failing.body.result.isError).toBe(true);
      expect(failing.body.result.content[0].text).toMatch(/not found/);

      const notification = await demo.post(MCP, { jsonrpc: '2.0', method: 'notifications/initialized' });
      expect(notification.status).toBe(202);
      expect(notification.body).toBeUndefined();

      const get = await fetch(`${stack.baseUrl}${MCP}`, { headers: { authorization: `Bearer ${demo.token}` } });
      expect(get.status).toBe(405);
      const anonymous = await raw('{"jsonrpc":"2.0","id":1,"method":"ping"}', '');
      expect(anonymous.status).toBe(401);
    });

    it('run_crosstab: empty waves and locations mean the defaults, repeated codes count once, unknown and unlicensed codes are refused', async () => {
      const tiktok = { question: 'social_platform_usage', datapoints: ['tiktok'] };
      const run = async (args: Record<string, unknown>) =>
        (
          await demo.post(MCP, {
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'run_crosstab', arguments: { columns: [{ expression: tiktok }], ...args } },
          })
        ).body.result;
      const [engine] = await demo.crosstab({}, [tiktok], [], []);
      const empty = await run({ waves: [], locations: [] });
      expect(empty.isError).toBeUndefined();
      expect(empty.structuredContent.waves).toHaveLength(4);
      expect(empty.structuredContent.locations.length).toBeGreaterThan(1);
      expect(empty.structuredContent.cells[0].audience_percentage).toBeCloseTo(engine.audiences.row.intersect_percentage, 9);
      expect(empty.structuredContent.cells[0].audience_sample).toBe(engine.audiences.row.sample);
      expect(empty.structuredContent).toEqual((await run({})).structuredContent);

      const twice = await run({ waves: ['q1_2026', 'q1_2026'], locations: ['de', 'de'] });
      expect(twice.structuredContent).toMatchObject({ waves: ['q1_2026'], locations: ['de'] });
      const [once] = await demo.crosstab({}, [tiktok], ['de'], ['q1_2026']);
      expect(twice.structuredContent.cells[0].audience_percentage).toBeCloseTo(once.audiences.row.intersect_percentage, 9);

      const unknown = await run({ waves: ['q9_2099'], locations: ['xx'] });
      expect(unknown.isError).toBe(true);
      expect(unknown.content[0].text).toContain("unknown wave 'q9_2099'");
      expect(unknown.content[0].text).toContain("unknown location 'xx'");
      const acmeUnlicensed = (
        await acme.post(MCP, {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'run_crosstab', arguments: { columns: [{ expression: tiktok }], locations: ['jp'] } },
        })
      ).body.result;
      expect(acmeUnlicensed.isError).toBe(true);
      expect(acmeUnlicensed.content[0].text).toContain("location 'jp' is not licensed to your organisation");
    });

    it('initialize negotiates the protocol version; ping and tools/list answer', async () => {
      for (const version of ['2025-11-25', '2025-06-18', '2025-03-26']) {
        const res = await demo.post(MCP, {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } },
        });
        expect(res.body.result).toMatchObject({ protocolVersion: version, capabilities: { tools: {} }, serverInfo: { name: 'aas-assistant' } });
      }
      const old = await demo.post(MCP, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2020-01-01' } });
      expect(old.body.result.protocolVersion).toBe('2025-11-25');
      expect((await demo.post(MCP, { jsonrpc: '2.0', id: 2, method: 'ping' })).body).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
      const list = await demo.post(MCP, { jsonrpc: '2.0', id: 3, method: 'tools/list' });
      expect(list.body.result.tools.map((t: { name: string }) => t.name)).toEqual([
        'chat_service',
        'explore_insight',
        'list_datasets',
        'search_questions',
        'run_crosstab',
      ]);
    });
  });

  describe('MCP SDK client over Streamable HTTP', () => {
    it('connects, lists tools, chats, follows up and uses the other tools', async () => {
      const client = new Client({ name: 'aas-e2e', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(`${stack.baseUrl}${MCP}`), {
        requestInit: { headers: { Authorization: `Bearer ${demo.token}` } },
      });
      await client.connect(transport);
      try {
        expect(client.getServerVersion()).toMatchObject({ name: 'aas-assistant' });
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toContain('chat_service');
        expect(tools.every((t) => t.outputSchema !== undefined)).toBe(true);

        const first = (await client.callTool({
          name: 'chat_service',
          arguments: { prompt: 'Which streaming services do parents use most?', chat_id: '' },
        })) as unknown as {
          structuredContent: { chat_id: string; insights: { id: string }[] };
          content: { type: string; text: string }[];
        };
        expect(first.content[0].type).toBe('text');
        await demo.verifyAll(first.structuredContent as never);
        const follow = (await client.callTool({
          name: 'chat_service',
          arguments: { prompt: 'and in Germany?', chat_id: first.structuredContent.chat_id },
        })) as unknown as typeof first;
        expect(follow.structuredContent.chat_id).toBe(first.structuredContent.chat_id);
        const [checked] = await demo.verifyAll(follow.structuredContent as never);
        expect(checked.details.computed_from.locations.map((l) => l.code)).toEqual(['de']);
        expect(checked.details.computed_from.audiences[0].name).toBe('Parents');

        const explored = (await client.callTool({
          name: 'explore_insight',
          arguments: { insight_id: follow.structuredContent.insights[0].id },
        })) as unknown as { structuredContent: { metrics: { index: number } } };
        expect(explored.structuredContent.metrics.index).toBeCloseTo(checked.cell.intersect.index, 9);

        const datasets = (await client.callTool({ name: 'list_datasets', arguments: {} })) as unknown as {
          structuredContent: { datasets: { code: string }[] };
        };
        expect(datasets.structuredContent.datasets.map((d) => d.code)).toEqual(['core', 'gaming']);
        const search = (await client.callTool({ name: 'search_questions', arguments: { query: 'podcasts', limit: 3 } })) as unknown as {
          structuredContent: { questions: { code: string }[] };
        };
        expect(search.structuredContent.questions.some((q) => q.code.startsWith('podcast_'))).toBe(true);

        const tiktok = { question: 'social_platform_usage', datapoints: ['tiktok'] };
        const genZ = { question: 'age_group', datapoints: ['16_24'] };
        const xt = (await client.callTool({
          name: 'run_crosstab',
          arguments: { rows: [{ name: 'Gen Z', expression: genZ }], columns: [{ name: 'TikTok', expression: tiktok }] },
        })) as unknown as {
          structuredContent: { cells: { audience_percentage: number; index: number }[] };
        };
        const [engine] = await demo.crosstab(genZ, [tiktok], [], []);
        expect(xt.structuredContent.cells[0].audience_percentage).toBeCloseTo(engine.audiences.row.intersect_percentage, 9);
        expect(xt.structuredContent.cells[0].index).toBeCloseTo(engine.intersect.index, 9);
      } finally {
        await client.close();
      }
    });
  });

  describe('a request that fails or is abandoned', () => {
    it('runs at most 4 engine jobs at once, stops them when the client goes away and leaves no chat behind', async () => {
      const chats = async () => Number((await stack.query<{ n: string }>('SELECT count(*) AS n FROM assistant_chats'))[0].n);
      const before = await chats();
      // With no worker running, every job waits in the queue: the test controls when the client leaves.
      await Promise.all(stack.workers.map((w) => w.stop()));
      const redis = new Redis(stack.redisUrl);
      const controller = new AbortController();
      try {
        const pending = fetch(`${stack.baseUrl}/v1/assistant-api/generic`, {
          method: 'POST',
          headers: { authorization: `Bearer ${demo.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ prompt: 'What % use TikTok in the US, the UK, Germany, France, Spain and Japan?' }),
          signal: controller.signal,
        }).catch((err: unknown) => err);
        const queued = async () => redis.llen(`${stack.prefix}:engine:wait`);
        for (let i = 0; i < 50 && (await queued()) < 4; i++) await sleep(100);
        await sleep(500);
        expect(await queued()).toBe(4); // six markets one by one: 6 jobs, 4 at a time (a trend is one job per market, split by wave)
        expect(await chats()).toBe(before);
        controller.abort();
        expect(await pending).toMatchObject({ name: 'AbortError' });
        let waiting = -1;
        for (let i = 0; i < 50 && waiting !== 0; i++) {
          waiting = await queued();
          if (waiting !== 0) await sleep(100);
        }
        expect(waiting).toBe(0);
        await sleep(300);
        expect(await queued()).toBe(0); // no further job was started
        expect(await chats()).toBe(before);
      } finally {
        redis.disconnect();
        await stack.startWorker();
      }
      const after = await demo.ask('What % of women use TikTok?');
      expect(after.insights).toHaveLength(1);
      expect(await chats()).toBe(before + 1);
    });
  });
});
