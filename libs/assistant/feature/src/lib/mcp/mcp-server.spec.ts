import { Logger } from '@nestjs/common';
import { Principal } from '@aas/shared-infra/http';
import { AssistantChatUseCase } from '../assistant-chat.usecase';
import { AssistantStore } from '../assistant.store';
import { fakeEngine, testOrganisationCatalogue, testPlannerCatalogue } from '../testing/assistant-fixtures';
import { JSONRPC, McpServer } from './mcp-server';
import { MCP_LIMITS } from './mcp-tools';

const principal = { orgId: 'org-a', userId: 1 } as Principal;
const TIKTOK = { question: 'social_platform_usage', datapoints: ['tiktok'] };

function setup(overrides: { chat?: () => Promise<unknown>; insight?: () => Promise<unknown> } = {}) {
  const { engine, payloads } = fakeEngine();
  const chats = {
    catalogue: async () => ({ planner: testPlannerCatalogue(), organisation: testOrganisationCatalogue() }),
    chat: overrides.chat ?? (async () => ({ message: 'ok', chat_id: 'c', insights: [], sources: {} })),
  };
  const store = { insight: overrides.insight ?? (async () => undefined) };
  const server = new McpServer(chats as unknown as AssistantChatUseCase, store as unknown as AssistantStore, engine);
  const call = (name: string, args: unknown) =>
    server.handle({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, principal, 'req-1');
  return { server, call, payloads };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const result = (reply: { body?: Record<string, unknown> }) => reply.body?.['result'] as any;

describe('McpServer', () => {
  afterEach(() => jest.restoreAllMocks());

  describe('run_crosstab waves and locations', () => {
    it('empty lists count as absent: the last 4 licensed waves and every licensed location', async () => {
      const { call, payloads } = setup();
      for (const args of [{ columns: [{ expression: TIKTOK }] }, { columns: [{ expression: TIKTOK }], waves: [], locations: [] }]) {
        const reply = await call('run_crosstab', args);
        expect(result(reply).isError).toBeUndefined();
        expect(result(reply).structuredContent.waves).toEqual(['q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']);
        expect(result(reply).structuredContent.locations).toEqual(['us', 'gb', 'de', 'fr', 'jp']);
      }
      expect(payloads.map((p) => [p.waves, p.locations])).toEqual([
        [
          ['q4_2025', 'q1_2026', 'q2_2026', 'q3_2026'],
          ['us', 'gb', 'de', 'fr', 'jp'],
        ],
        [
          ['q4_2025', 'q1_2026', 'q2_2026', 'q3_2026'],
          ['us', 'gb', 'de', 'fr', 'jp'],
        ],
      ]);
    });

    it('repeated codes count once', async () => {
      const { call, payloads } = setup();
      const reply = await call('run_crosstab', { columns: [{ expression: TIKTOK }], waves: ['q1_2026', 'q1_2026'], locations: ['de', 'us', 'de'] });
      expect(result(reply).structuredContent).toMatchObject({ waves: ['q1_2026'], locations: ['de', 'us'] });
      expect(payloads[0]).toMatchObject({ waves: ['q1_2026'], locations: ['de', 'us'] });
    });

    it('unknown and unlicensed codes are a tool error naming each, and nothing runs', async () => {
      const { call, payloads } = setup();
      const reply = await call('run_crosstab', { columns: [{ expression: TIKTOK }], waves: ['q9_2099', 'q3_2024'], locations: ['xx', 'br'] });
      expect(result(reply).isError).toBe(true);
      const text = result(reply).content[0].text as string;
      expect(text).toContain("unknown wave 'q9_2099'");
      expect(text).toContain("wave 'q3_2024' is not licensed to your organisation");
      expect(text).toContain("unknown location 'xx'");
      expect(text).toContain("location 'br' is not licensed to your organisation");
      expect(payloads).toHaveLength(0);
    });
  });

  describe('arguments that break the input schema are tool errors a model can act on (SEP-1303)', () => {
    it.each([
      ['chat_service', { prompt: 'x'.repeat(MCP_LIMITS.prompt + 1) }, '/prompt must NOT have more than 2000 characters'],
      ['chat_service', { prompt: '   ' }, '/prompt must not be blank'],
      ['chat_service', { prompt: 'hi', chat_id: 'x'.repeat(MCP_LIMITS.id + 1) }, '/chat_id must NOT have more than 64 characters'],
      ['chat_service', {}, 'missing argument "prompt"'],
      ['explore_insight', { insight_id: 'x'.repeat(MCP_LIMITS.id + 1) }, '/insight_id must NOT have more than 64 characters'],
      ['search_questions', { query: 'x'.repeat(MCP_LIMITS.query + 1) }, '/query must NOT have more than 500 characters'],
      ['search_questions', { query: 'tiktok', limit: 51 }, '/limit must be <= 50'],
      ['list_datasets', { colour: 'red' }, 'unknown argument "colour"'],
      [
        'run_crosstab',
        { columns: Array.from({ length: MCP_LIMITS.columns + 1 }, () => ({ expression: TIKTOK })) },
        '/columns must NOT have more than 100 items',
      ],
      [
        'run_crosstab',
        { columns: [{ expression: TIKTOK }], rows: Array.from({ length: MCP_LIMITS.rows + 1 }, () => ({ expression: {} })) },
        '/rows must NOT have more than 20 items',
      ],
      [
        'run_crosstab',
        { columns: [{ expression: TIKTOK }], waves: Array.from({ length: MCP_LIMITS.codes + 1 }, () => 'q1_2026') },
        '/waves must NOT have more than 500 items',
      ],
      [
        'run_crosstab',
        { columns: [{ expression: TIKTOK }], locations: ['x'.repeat(MCP_LIMITS.code + 1)] },
        '/locations/0 must NOT have more than 64 characters',
      ],
      ['run_crosstab', { columns: [{ name: 'x'.repeat(MCP_LIMITS.name + 1), expression: TIKTOK }] }, '/columns/0/name must NOT have more than 255 characters'],
      ['run_crosstab', { columns: [{ name: 42, expression: TIKTOK }] }, '/columns/0/name must be string'],
      ['run_crosstab', { columns: [] }, '/columns must NOT have fewer than 1 items'],
      ['run_crosstab', { columns: [{ name: 'TikTok' }] }, '/columns/0: missing member "expression"'],
      ['run_crosstab', { columns: [{ expression: TIKTOK }], colour: 'red' }, 'unknown argument "colour"'],
    ])('%s %#', async (name, args, message) => {
      const { call, payloads } = setup();
      const reply = await call(name, args);
      expect(reply.status).toBe(200);
      expect(result(reply).isError).toBe(true);
      expect(result(reply).content[0].text).toBe(`Invalid arguments for ${name}: ${message}`);
      expect(payloads).toHaveLength(0);
    });

    it('an expression that breaks the grammar is described by the parser, member by member', async () => {
      const { call } = setup();
      const reply = await call('run_crosstab', {
        columns: [{ expression: { and: [{ qustion: 'social_platform_usage' }, { question: 'gender', datapoints: ['f', 'f'] }] } }],
      });
      expect(result(reply).isError).toBe(true);
      expect(result(reply).content[0].text).toBe(
        'Invalid arguments for run_crosstab: /columns/0/expression/and/0/qustion: unknown member "qustion" (this form spells it "question"); ' +
          '/columns/0/expression/and/1/datapoints/1: datapoint "f" is listed twice (also at index 0)',
      );
    });

    it('accepts a prompt at the bound', async () => {
      const { call } = setup();
      expect(result(await call('chat_service', { prompt: 'x'.repeat(MCP_LIMITS.prompt) })).structuredContent.message).toBe('ok');
    });
  });

  describe('malformed tools/call requests stay JSON-RPC errors (-32602)', () => {
    it.each([
      ['an unknown tool', { name: 'no_such_tool', arguments: {} }, 'Unknown tool: no_such_tool'],
      ['no tool name', { arguments: {} }, 'Invalid params: name must be a string'],
      ['arguments that are not an object', { name: 'list_datasets', arguments: [1] }, 'Invalid params: arguments must be an object'],
    ])('%s', async (_what, params, message) => {
      const { server } = setup();
      const reply = await server.handle({ jsonrpc: '2.0', id: 7, method: 'tools/call', params }, principal, 'req-1');
      expect(reply).toEqual({ status: 200, body: { jsonrpc: '2.0', id: 7, error: { code: JSONRPC.invalidParams, message } } });
    });
  });

  describe('results', () => {
    it('carry the structured result, and the same as JSON text for clients that read text only', async () => {
      const { call } = setup();
      const reply = await call('run_crosstab', {
        rows: [{ name: 'Women', expression: { question: 'gender', datapoints: ['female'] } }],
        columns: [{ expression: TIKTOK }],
      });
      const { content, structuredContent } = result(reply);
      expect(content).toEqual([{ type: 'text', text: JSON.stringify(structuredContent) }]);
      expect(structuredContent.cells.length).toBeGreaterThan(0);
    });

    it('name an unnamed audience with the label made from its expression', async () => {
      const { call } = setup();
      const reply = await call('run_crosstab', { columns: [{ expression: TIKTOK }] });
      expect(result(reply).structuredContent.cells[0]).toMatchObject({ row: 'All respondents', column: 'Social media platforms used: TikTok' });
    });
  });

  it('every tool has a title and annotations saying it changes nothing outside this service', async () => {
    const { server } = setup();
    const reply = await server.handle({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, principal, 'req-1');
    const tools = result(reply).tools as { name: string; title: string; annotations: Record<string, unknown> }[];
    expect(tools.map((t) => [t.name, t.annotations])).toEqual([
      ['chat_service', { title: 'Ask the audience assistant', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false }],
      ['explore_insight', { title: 'Explore an insight', readOnlyHint: true, openWorldHint: false }],
      ['list_datasets', { title: 'List datasets', readOnlyHint: true, openWorldHint: false }],
      ['search_questions', { title: 'Search questions', readOnlyHint: true, openWorldHint: false }],
      ['run_crosstab', { title: 'Run a crosstab', readOnlyHint: true, openWorldHint: false }],
    ]);
    expect(tools.every((t) => t.title === t.annotations['title'])).toBe(true);
  });

  it('an unexpected failure is logged and answers -32603 "Internal error", without internals', async () => {
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const { call } = setup({
      chat: async () => {
        throw new Error('connection to 10.0.0.5:5432 refused (secret internals)');
      },
    });
    const reply = await call('chat_service', { prompt: 'hi' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ jsonrpc: '2.0', id: 1, error: { code: JSONRPC.internalError, message: 'Internal error' } });
    expect(JSON.stringify(reply.body)).not.toContain('10.0.0.5');
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toMatchObject({ requestId: 'req-1', tool: 'chat_service' });
  });

  it('an expected failure (a problem) stays a tool error', async () => {
    const { call } = setup();
    const reply = await call('explore_insight', { insight_id: '00000000-0000-0000-0000-000000000000' });
    expect(result(reply).isError).toBe(true);
  });
});
