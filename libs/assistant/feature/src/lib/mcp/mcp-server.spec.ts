import { Logger } from '@nestjs/common';
import { Principal } from '@aas/infra';
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
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const error = (reply: { body?: Record<string, unknown> }) => reply.body?.['error'] as any;

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

  describe('argument bounds (-32602 past them)', () => {
    it.each([
      ['chat_service', { prompt: 'x'.repeat(MCP_LIMITS.prompt + 1) }],
      ['chat_service', { prompt: 'hi', chat_id: 'x'.repeat(MCP_LIMITS.id + 1) }],
      ['explore_insight', { insight_id: 'x'.repeat(MCP_LIMITS.id + 1) }],
      ['search_questions', { query: 'x'.repeat(MCP_LIMITS.query + 1) }],
      ['run_crosstab', { columns: Array.from({ length: MCP_LIMITS.columns + 1 }, () => ({ expression: TIKTOK })) }],
      ['run_crosstab', { columns: [{ expression: TIKTOK }], rows: Array.from({ length: MCP_LIMITS.rows + 1 }, () => ({ expression: {} })) }],
      ['run_crosstab', { columns: [{ expression: TIKTOK }], waves: Array.from({ length: MCP_LIMITS.codes + 1 }, () => 'q1_2026') }],
      ['run_crosstab', { columns: [{ expression: TIKTOK }], locations: ['x'.repeat(MCP_LIMITS.code + 1)] }],
      ['run_crosstab', { columns: [{ name: 'x'.repeat(MCP_LIMITS.name + 1), expression: TIKTOK }] }],
      ['run_crosstab', { columns: [{ name: 42, expression: TIKTOK }] }],
    ])('%s %#', async (name, args) => {
      const { call, payloads } = setup();
      const reply = await call(name, args);
      expect(reply.status).toBe(200);
      expect(error(reply).code).toBe(JSONRPC.invalidParams);
      expect(payloads).toHaveLength(0);
    });

    it('accepts a prompt at the bound', async () => {
      const { call } = setup();
      expect(result(await call('chat_service', { prompt: 'x'.repeat(MCP_LIMITS.prompt) })).structuredContent.message).toBe('ok');
    });
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
