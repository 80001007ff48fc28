import { Injectable, Logger } from '@nestjs/common';
import { searchQuestions } from '@aas/assistant-domain';
import { labelExpression } from '@aas/audience-expression-domain';
import { EngineClient } from '@aas/crosstab-engine-client';
import { Principal, toProblem } from '@aas/shared-infra/http';
import { checkAverage, CheckedAverage, checkExpression, CheckedExpression, chooseUniverse, FieldProblems, resolveSelection } from '@aas/query-rules-domain';
import { AssistantChatUseCase } from '../assistant-chat.usecase';
import { AssistantStore } from '../assistant.store';
import { argumentProblems } from './mcp-arguments';
import { TOOLS } from './mcp-tools';

export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'];

export const JSONRPC = { parseError: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602, internalError: -32603 } as const;

type Id = string | number;

/** What the HTTP layer sends: a JSON-RPC response body with its status, or 202 with no body (notifications). */
export interface McpReply {
  status: number;
  body?: Record<string, unknown>;
}

export function rpcError(id: Id | null, code: number, message: string): Record<string, unknown> {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

interface ToolResult {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A tool's answer: the structured result, and the same as JSON text for clients that read text only. */
function structured(out: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(out) }], structuredContent: out };
}

/** A tool execution error (MCP 2025-11-25): a message the model can act on, as a result. */
function toolError(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * JSON-RPC 2.0 and the Model Context Protocol (Streamable HTTP, stateless: no session id, JSON
 * responses, no server-initiated stream). A plain JSON-RPC client may send `tools/call` alone,
 * without `initialize`; MCP clients initialize first. Invalid envelopes answer HTTP 400 (as the MCP reference
 * server does); unknown methods and malformed `tools/call` requests (no tool name, unknown tool,
 * arguments that are not an object) answer 200 with a JSON-RPC error; arguments that break the
 * tool's input schema, and a tool that fails, answer a result with `isError: true` and a message
 * naming what to fix (SEP-1303), so that a model can correct itself.
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
        const problems = argumentProblems(name, args);
        if (problems.length > 0) return ok({ ...toolError(`Invalid arguments for ${name}: ${problems.join('; ')}`) });
        try {
          return ok({ ...(await this.callTool(name, args, principal, requestId, signal)) });
        } catch (err) {
          const { problem, unexpected } = toProblem(err);
          if (unexpected) {
            // Logged with the request id; the client gets the JSON-RPC envelope, never the internals.
            this.logger.error({ err, requestId, tool: name }, 'MCP tool call failed unexpectedly');
            return { status: 200, body: rpcError(echo, JSONRPC.internalError, 'Internal error') };
          }
          return ok({ ...toolError(problem.detail) });
        }
      }
      default:
        return { status: 200, body: rpcError(echo, JSONRPC.methodNotFound, `Method not found: ${method}`) };
    }
  }

  /** Runs a tool whose arguments already satisfy its input schema (see `argumentProblems`). */
  private async callTool(name: string, args: Record<string, unknown>, principal: Principal, requestId: string, signal?: AbortSignal): Promise<ToolResult> {
    switch (name) {
      case 'chat_service': {
        const answer = await this.chats.chat({
          orgId: principal.orgId,
          userId: principal.userId,
          requestId,
          prompt: args['prompt'] as string,
          chatId: (args['chat_id'] as string | undefined) ?? '',
          signal,
        });
        return structured({ ...answer });
      }
      case 'explore_insight': {
        const id = args['insight_id'] as string;
        const insight = await this.store.insight(id, principal.orgId);
        if (!insight) return toolError(`Insight '${id}' not found: use an insight id returned by chat_service`);
        return structured({ id: insight.id, chat_id: insight.chat_id, text: insight.text, ...insight.details });
      }
      case 'list_datasets': {
        const { planner } = await this.chats.catalogue(principal.orgId);
        return structured({
          datasets: planner.datasets.map((d) => ({ code: d.code, name: d.name, licensed: d.entitled })),
          locations: planner.locations.filter((l) => l.entitled).map((l) => ({ code: l.code, name: l.name })),
          waves: planner.waves.filter((w) => w.entitled).map((w) => ({ code: w.code, name: w.name })),
        });
      }
      case 'search_questions': {
        const query = args['query'] as string;
        const limit = (args['limit'] as number | undefined) ?? 10;
        const { planner } = await this.chats.catalogue(principal.orgId);
        const licensed = { ...planner, questions: planner.questions.filter((q) => q.entitled) };
        const questions = searchQuestions(query, licensed)
          .slice(0, limit)
          .map((q) => ({ code: q.code, name: q.name, description: q.description, dataset: q.datasetCode, datapoints: q.datapoints, suffixes: q.suffixes }));
        return structured({ questions });
      }
      case 'run_crosstab':
        return this.runCrosstab(args, principal, requestId, signal);
      default:
        // Unreachable: handle() answers -32602 for a tool it does not list.
        throw new Error(`No implementation for tool ${name}`);
    }
  }

  private async runCrosstab(args: Record<string, unknown>, principal: Principal, requestId: string, signal?: AbortSignal): Promise<ToolResult> {
    type Side = { name?: string; expression?: Record<string, unknown>; avg?: Record<string, unknown> };
    /** Wave or location codes: absent or empty = the default; repeated codes count once. */
    const codes = (key: 'waves' | 'locations'): string[] | undefined => {
      const v = args[key] as string[] | undefined;
      return v === undefined || v.length === 0 ? undefined : [...new Set(v)];
    };
    const { organisation } = await this.chats.catalogue(principal.orgId);
    const given = (args['rows'] as Side[] | undefined) ?? [];
    const rowSides = given.length > 0 ? given : [{ name: 'All respondents', expression: {} }];
    const columnSides = args['columns'] as Side[];
    // The rules of POST /v2/query/crosstab: the last 4 licensed waves and every licensed location unless
    // named; unknown and unlicensed codes refused; one dataset that asks every question (universe rule).
    const problems = new FieldProblems();
    const check = (side: Side, path: string) => (side.expression === undefined ? undefined : checkExpression(side.expression, path, organisation, problems));
    const checkedRows = rowSides.map((r, i) => check(r, `/rows/${i}/expression`));
    const checkedColumns = columnSides.map((c, i) => check(c, `/columns/${i}/expression`));
    const averages = columnSides.map((c, i) => (c.avg === undefined ? undefined : checkAverage(c.avg, `/columns/${i}/avg`, organisation, problems)));
    const { waves, locations } = resolveSelection({ waves: codes('waves'), locations: codes('locations') }, organisation, { waveDefault: 'latest' }, problems);
    const refuse = (what: string) => toolError(`The crosstab cannot run: ${what}`);
    if (!problems.empty) return refuse([...problems.forbidden, ...problems.badRequest].map((e) => `${e.path}: ${e.message}`).join('; '));
    const checked = [...checkedRows, ...checkedColumns].filter((c): c is CheckedExpression => c !== undefined);
    // Unnamed audiences get the label charts and crosstabs give them, so every cell names its row and column.
    const label = (side: Side, c: CheckedExpression | undefined, average?: CheckedAverage) =>
      side.name ?? (c ? labelExpression(c.expression, organisation) : average ? `Average: ${average.name}` : '');
    const rowNames = rowSides.map((r, i) => label(r, checkedRows[i]));
    const columnNames = columnSides.map((c, i) => label(c, checkedColumns[i], averages[i]));
    const universe = chooseUniverse([...checked.flatMap((c) => c.questions), ...averages.flatMap((a) => a?.questions ?? [])], organisation);
    if (!universe.ok) return refuse(universe.detail);
    const rows = (checkedRows as CheckedExpression[]).map((c) => c.wire);
    const columns = columnSides.map((_, i) => checkedColumns[i]?.wire ?? (averages[i] as CheckedAverage).answered);
    const query = { base: {}, waves, locations, dataset: universe.value };
    const call = { orgId: principal.orgId, requestId, signal };
    // With an average column, the engine client's spec (its answers with their midpoints); else the plain crosstab.
    const result = averages.some((a) => a !== undefined)
      ? await this.engine.crosstabSpec(
          {
            ...query,
            spec: {
              rows: rows.map((expression) => ({ expression })),
              columns: columns.map((expression, i) => ({
                expression,
                ...(averages[i] ? { average: (averages[i] as CheckedAverage).parts.map((p) => ({ expression: p.wire, value: p.value })) } : {}),
              })),
              validBases: [],
            },
          },
          call,
        )
      : await this.engine.crosstab({ ...query, rows, columns }, call);
    const cells = result.cells.map((c) => ({
      row: rowNames[c.rowIndex],
      column: columnNames[c.columnIndex],
      audience_percentage: c.row.intersectPercentage,
      base_percentage: c.column.percentage,
      index: c.intersect.index,
      audience_sample: c.row.sample,
      intersect_sample: c.intersect.sample,
      // The engine's flag: the cell's own sample (row AND column) under 50, as every crosstab cell.
      low_base: c.flags.lowBase,
      ...(c.average ? { average: { value: c.average.value, std_dev: c.average.stdDev, sample: c.average.sample } } : {}),
    }));
    return structured({ cells, waves, locations, datasets: [universe.value] });
  }
}
