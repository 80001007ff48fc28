import { Injectable, Logger } from '@nestjs/common';
import { searchQuestions } from '@aas/assistant-domain';
import { EngineClient } from '@aas/engine-client';
import { Principal, toProblem } from '@aas/infra';
import { checkExpression, CheckedExpression, chooseUniverse, FieldProblems, resolveSelection } from '@aas/query-rules';
import { AssistantChatUseCase } from '../assistant-chat.usecase';
import { AssistantStore } from '../assistant.store';
import { MCP_LIMITS, TOOLS } from './mcp-tools';

export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'];

export const JSONRPC = { parseError: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602, internalError: -32603 } as const;

type Id = string | number;

/** What the HTTP layer sends: a JSON-RPC response body with its status, or 202 with no body (notifications). */
export interface McpReply {
  status: number;
  body?: Record<string, unknown>;
}

export function rpcError(id: Id | null, code: number, message: string, data?: unknown): Record<string, unknown> {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } };
}

class InvalidParams extends Error {}

interface ToolResult {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * JSON-RPC 2.0 and the Model Context Protocol (Streamable HTTP, stateless: no session id, JSON
 * responses, no server-initiated stream). A plain client may send `tools/call` alone, as in spec
 * 4.1; MCP clients initialize first. Invalid envelopes answer HTTP 400 (as the MCP reference
 * server does); method and parameter errors answer 200 with the error envelope; a tool that fails
 * answers a result with `isError: true`.
 */
@Injectable()
export class McpServer {
  private readonly logger = new Logger('Mcp');

  constructor(
    private readonly chats: AssistantChatUseCase,
    private readonly store: AssistantStore,
    private readonly engine: EngineClient,
  ) {}

  async handle(body: unknown, principal: Principal, requestId: string, signal?: AbortSignal): Promise<McpReply> {
    if (Array.isArray(body)) return { status: 400, body: rpcError(null, JSONRPC.invalidRequest, 'Invalid Request: batches are not supported') };
    if (!isObject(body)) return { status: 400, body: rpcError(null, JSONRPC.invalidRequest, 'Invalid Request: the body must be a JSON-RPC 2.0 object') };
    const hasId = 'id' in body;
    const id = body['id'];
    const validId = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
    const echo: Id | null = validId ? (id as Id) : null;
    if (body['jsonrpc'] !== '2.0') return { status: 400, body: rpcError(echo, JSONRPC.invalidRequest, 'Invalid Request: jsonrpc must be "2.0"') };
    if (hasId && !validId) return { status: 400, body: rpcError(null, JSONRPC.invalidRequest, 'Invalid Request: id must be a string or a number') };
    const method = body['method'];
    if (method === undefined && hasId && ('result' in body || 'error' in body)) return { status: 202 };
    if (typeof method !== 'string') return { status: 400, body: rpcError(echo, JSONRPC.invalidRequest, 'Invalid Request: method must be a string') };
    if ('params' in body && !isObject(body['params']))
      return { status: 200, body: rpcError(echo, JSONRPC.invalidParams, 'Invalid params: params must be an object') };
    // A notification gets no answer (202), whatever its method.
    if (!hasId) return { status: 202 };
    const params = (body['params'] as Record<string, unknown> | undefined) ?? {};
    const ok = (result: Record<string, unknown>): McpReply => ({ status: 200, body: { jsonrpc: '2.0', id: echo, result } });

    switch (method) {
      case 'initialize': {
        const asked = typeof params['protocolVersion'] === 'string' ? params['protocolVersion'] : '';
        return ok({
          protocolVersion: SUPPORTED_PROTOCOL_VERSIONS.includes(asked) ? asked : SUPPORTED_PROTOCOL_VERSIONS[0],
          capabilities: { tools: { listChanged: false } },
          serverInfo: { name: 'aas-assistant', title: 'Audience Analytics assistant', version: '1.0.0' },
          instructions: 'Ask chat_service about survey audiences; every number it gives is computed by the crosstab engine for that call.',
        });
      }
      case 'ping':
        return ok({});
      case 'tools/list':
        return ok({ tools: TOOLS });
      case 'tools/call': {
        const name = params['name'];
        const args = params['arguments'] ?? {};
        if (typeof name !== 'string') return { status: 200, body: rpcError(echo, JSONRPC.invalidParams, 'Invalid params: name must be a string') };
        if (!TOOLS.some((t) => t.name === name)) return { status: 200, body: rpcError(echo, JSONRPC.invalidParams, `Unknown tool: ${name}`) };
        if (!isObject(args)) return { status: 200, body: rpcError(echo, JSONRPC.invalidParams, 'Invalid params: arguments must be an object') };
        try {
          return ok({ ...(await this.callTool(name, args, principal, requestId, signal)) });
        } catch (err) {
          if (err instanceof InvalidParams) return { status: 200, body: rpcError(echo, JSONRPC.invalidParams, `Invalid params: ${err.message}`) };
          const { problem, unexpected } = toProblem(err);
          if (unexpected) {
            // Logged with the request id; the client gets the JSON-RPC envelope, never the internals.
            this.logger.error({ err, requestId, tool: name }, 'MCP tool call failed unexpectedly');
            return { status: 200, body: rpcError(echo, JSONRPC.internalError, 'Internal error') };
          }
          return ok({ content: [{ type: 'text', text: problem.detail }], isError: true });
        }
      }
      default:
        return { status: 200, body: rpcError(echo, JSONRPC.methodNotFound, `Method not found: ${method}`) };
    }
  }

  private async callTool(name: string, args: Record<string, unknown>, principal: Principal, requestId: string, signal?: AbortSignal): Promise<ToolResult> {
    const string = (key: string, required: boolean, max: number): string | undefined => {
      const v = args[key];
      if (v === undefined && !required) return undefined;
      if (typeof v !== 'string' || (required && v.trim() === '')) throw new InvalidParams(`${key} must be a non-empty string`);
      if (v.length > max) throw new InvalidParams(`${key} is longer than ${max} characters`);
      return v;
    };
    const allowOnly = (keys: string[]) => {
      const extra = Object.keys(args).filter((k) => !keys.includes(k));
      if (extra.length > 0) throw new InvalidParams(`unknown argument ${extra.join(', ')}`);
    };
    switch (name) {
      case 'chat_service': {
        allowOnly(['prompt', 'chat_id']);
        const prompt = string('prompt', true, MCP_LIMITS.prompt) as string;
        const chatId = string('chat_id', false, MCP_LIMITS.id) ?? '';
        const answer = await this.chats.chat({ orgId: principal.orgId, userId: principal.userId, requestId, prompt, chatId, signal });
        const text = [answer.message, ...answer.insights.map((i) => `- ${i.text} [insight ${i.id}]`), `chat_id: ${answer.chat_id}`].join('\n');
        return { content: [{ type: 'text', text }], structuredContent: { ...answer } };
      }
      case 'explore_insight': {
        allowOnly(['insight_id']);
        const id = string('insight_id', true, MCP_LIMITS.id) as string;
        const insight = await this.store.insight(id, principal.orgId);
        if (!insight) return { content: [{ type: 'text', text: `Insight '${id}' not found` }], isError: true };
        const out = { id: insight.id, chat_id: insight.chat_id, text: insight.text, ...insight.details };
        return { content: [{ type: 'text', text: JSON.stringify(out) }], structuredContent: out };
      }
      case 'list_datasets': {
        allowOnly([]);
        const { planner } = await this.chats.catalogue(principal.orgId);
        const out = {
          datasets: planner.datasets.map((d) => ({ code: d.code, name: d.name, licensed: d.entitled })),
          locations: planner.locations.filter((l) => l.entitled).map((l) => ({ code: l.code, name: l.name })),
          waves: planner.waves.filter((w) => w.entitled).map((w) => ({ code: w.code, name: w.name })),
        };
        const text = `Datasets: ${out.datasets.map((d) => `${d.name} (${d.code}${d.licensed ? '' : ', not licensed'})`).join(', ')}. Markets: ${out.locations.map((l) => l.name).join(', ')}. Waves: ${out.waves.map((w) => w.name).join(', ')}.`;
        return { content: [{ type: 'text', text }], structuredContent: out };
      }
      case 'search_questions': {
        allowOnly(['query', 'limit']);
        const query = string('query', true, MCP_LIMITS.query) as string;
        const limit = args['limit'] === undefined ? 10 : args['limit'];
        if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 50) throw new InvalidParams('limit must be an integer from 1 to 50');
        const { planner } = await this.chats.catalogue(principal.orgId);
        const licensed = { ...planner, questions: planner.questions.filter((q) => q.entitled) };
        const ranked = searchQuestions(query, licensed).slice(0, limit);
        const questions = ranked.map((q) => ({
          code: q.code,
          name: q.name,
          description: q.description,
          dataset: q.datasetCode,
          datapoints: q.datapoints,
          suffixes: q.suffixes,
        }));
        const text = questions.length === 0 ? `No question matches “${query}”.` : questions.map((q) => `${q.code}: ${q.name}`).join('\n');
        return { content: [{ type: 'text', text }], structuredContent: { questions } };
      }
      case 'run_crosstab':
        allowOnly(['rows', 'columns', 'locations', 'waves']);
        return this.runCrosstab(args, principal, requestId, signal);
      default:
        throw new InvalidParams(`Unknown tool: ${name}`);
    }
  }

  private async runCrosstab(args: Record<string, unknown>, principal: Principal, requestId: string, signal?: AbortSignal): Promise<ToolResult> {
    const sides = (key: 'rows' | 'columns', required: boolean): { name: string; expression: Record<string, unknown> }[] => {
      const v = args[key];
      const max = MCP_LIMITS[key];
      if (v === undefined && !required) return [];
      if (!Array.isArray(v) || (required && v.length === 0) || v.length > max)
        throw new InvalidParams(`${key} must be ${required ? 'a non-empty' : 'an'} array of at most ${max} items`);
      return v.map((item, i) => {
        if (!isObject(item) || !isObject(item['expression'])) throw new InvalidParams(`${key}[${i}].expression must be an object`);
        const name = item['name'];
        if (name !== undefined && (typeof name !== 'string' || name.length > MCP_LIMITS.name))
          throw new InvalidParams(`${key}[${i}].name must be a string of at most ${MCP_LIMITS.name} characters`);
        return { name: name ?? `${key.slice(0, -1)} ${i + 1}`, expression: item['expression'] };
      });
    };
    /** Wave or location codes: absent or empty = the default; repeated codes count once. */
    const codes = (key: 'waves' | 'locations'): string[] | undefined => {
      const v = args[key];
      if (v === undefined) return undefined;
      if (!Array.isArray(v) || v.length > MCP_LIMITS.codes || v.some((x) => typeof x !== 'string' || x.length > MCP_LIMITS.code)) {
        throw new InvalidParams(`${key} must be an array of at most ${MCP_LIMITS.codes} strings of at most ${MCP_LIMITS.code} characters`);
      }
      return v.length === 0 ? undefined : [...new Set(v as string[])];
    };
    const rows = sides('rows', false);
    const columns = sides('columns', true);
    const { organisation } = await this.chats.catalogue(principal.orgId);
    // The rules of POST /v2/query/crosstab: the last 4 licensed waves and every licensed location unless
    // named; unknown and unlicensed codes refused; one dataset that asks every question (universe rule).
    const problems = new FieldProblems();
    const rowList = rows.length > 0 ? rows : [{ name: 'All respondents', expression: {} }];
    const check = (side: { expression: Record<string, unknown> }, path: string) => checkExpression(side.expression, path, organisation, problems);
    const checkedRows = rowList.map((r, i) => check(r, `/rows/${i}/expression`));
    const checkedColumns = columns.map((c, i) => check(c, `/columns/${i}/expression`));
    const { waves, locations } = resolveSelection({ waves: codes('waves'), locations: codes('locations') }, organisation, { waveDefault: 'latest' }, problems);
    const refuse = (what: string) => ({ content: [{ type: 'text' as const, text: `The crosstab cannot run: ${what}` }], isError: true });
    if (!problems.empty) return refuse([...problems.forbidden, ...problems.badRequest].map((e) => `${e.path}: ${e.message}`).join('; '));
    const checked = [...checkedRows, ...checkedColumns] as CheckedExpression[];
    const universe = chooseUniverse(
      checked.flatMap((c) => c.questions),
      organisation,
    );
    if (!universe.ok) return refuse(universe.detail);
    const result = await this.engine.crosstab(
      {
        rows: (checkedRows as CheckedExpression[]).map((c) => c.wire),
        columns: (checkedColumns as CheckedExpression[]).map((c) => c.wire),
        base: {},
        waves,
        locations,
        dataset: universe.value,
      },
      { orgId: principal.orgId, requestId, signal },
    );
    const cells = result.cells.map((c) => ({
      row: rowList[c.rowIndex].name,
      column: columns[c.columnIndex].name,
      audience_percentage: c.row.intersectPercentage,
      base_percentage: c.column.percentage,
      index: c.intersect.index,
      audience_sample: c.row.sample,
      intersect_sample: c.intersect.sample,
      // The engine's flag: the cell's own sample (row AND column) under 50, as every crosstab cell.
      low_base: c.flags.lowBase,
    }));
    const text = cells
      .map((c) => `${c.row} x ${c.column}: ${c.audience_percentage.toFixed(1)}% (index ${Math.round(c.index)}, base ${c.audience_sample})`)
      .join('\n');
    return { content: [{ type: 'text', text }], structuredContent: { cells, waves, locations, datasets: [universe.value] } };
  }
}
