import { All, Body, Controller, Get, Header, HttpCode, Injectable, NestMiddleware, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiExcludeEndpoint, ApiExtraModels, ApiOkResponse, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { CommonConfig, PROBLEM_TYPES, ProblemException } from '@aas/shared-infra';
import {
  clientGoneSignal,
  CurrentPrincipal,
  OwnProtectedResource,
  Principal,
  PROTECTED_RESOURCE_METADATA_PATH,
  protectedResourceMetadata,
  ProtectedResourceMetadata,
  Public,
  publicBaseUrl,
} from '@aas/shared-infra/http';
import { checkMcpRequest, mcpAccessPolicy, McpAccessPolicy } from './mcp-access';
import { JsonRpcErrorResponseSchema, JsonRpcRequestSchema, JsonRpcResultResponseSchema, MCP_SCHEMAS } from './mcp-openapi.schema';
import { McpServer, rpcError, SUPPORTED_PROTOCOL_VERSIONS } from './mcp-server';

export const MCP_PATH = '/v1/assistant-api/mcp';

/** JSON-RPC's code for errors the transport raises before any method runs (as the MCP SDKs use it). */
const TRANSPORT_ERROR = -32000;
const rpcErrorContent = { 'application/json': { schema: { $ref: getSchemaPath(JsonRpcErrorResponseSchema) } } };

/**
 * Runs before the token is checked: a request with a Host or Origin the endpoint does not trust is
 * refused with 403 (DNS rebinding protection), and one with an MCP-Protocol-Version the server does
 * not speak with 400, each with a JSON-RPC error that has no id.
 */
@Injectable()
export class McpTransportMiddleware implements NestMiddleware {
  private readonly policy: McpAccessPolicy;

  constructor(config: CommonConfig) {
    this.policy = mcpAccessPolicy(config);
  }

  use(req: Request, res: Response, next: NextFunction): void {
    const refusal = checkMcpRequest(req.headers, this.policy, SUPPORTED_PROTOCOL_VERSIONS);
    if (!refusal) {
      next();
      return;
    }
    res
      .status(refusal.status)
      .type('application/json')
      .send(JSON.stringify(rpcError(null, TRANSPORT_ERROR, refusal.message)));
  }
}

@ApiTags('assistant')
@OwnProtectedResource()
@Controller('v1/assistant-api/mcp')
export class McpController {
  constructor(private readonly server: McpServer) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'callMcp',
    summary: 'JSON-RPC 2.0 tool calls and a Model Context Protocol server over Streamable HTTP',
    description:
      'One JSON-RPC message per POST. Methods: initialize (protocol versions 2025-11-25, 2025-06-18, 2025-03-26), notifications/* ' +
      '(202, no body), ping, tools/list, tools/call (tools chat_service, explore_insight, list_datasets, search_questions, run_crosstab). ' +
      "Stateless: no session id; GET and other methods answer 405. Arguments that break a tool's input schema, and a tool that fails, " +
      'answer a result with isError: true and a message saying what to fix. The Host (and Origin, when sent) must be one the server ' +
      'answers for (MCP_ALLOWED_HOSTS, MCP_ALLOWED_ORIGINS, PUBLIC_BASE_URL, loopback); an MCP-Protocol-Version header, when sent, ' +
      'one it speaks. A 401 names the protected-resource metadata (RFC 9728) in WWW-Authenticate.',
  })
  @ApiExtraModels(...MCP_SCHEMAS)
  @ApiBody({
    schema: { $ref: getSchemaPath(JsonRpcRequestSchema) },
    examples: {
      initialize: {
        value: {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'docs', version: '1.0' } },
        },
      },
      'list the tools': { value: { jsonrpc: '2.0', id: 2, method: 'tools/list' } },
      'run a crosstab': {
        value: {
          jsonrpc: '2.0',
          id: 3,
          method: 'tools/call',
          params: {
            name: 'run_crosstab',
            arguments: {
              rows: [{ name: 'Gen Z', expression: { question: 'age_group', datapoints: ['16_24'] } }],
              columns: [{ name: 'TikTok', expression: { question: 'social_platform_usage', datapoints: ['tiktok'] } }],
            },
          },
        },
      },
    },
  })
  @ApiOkResponse({
    description: 'The JSON-RPC response: a result, or an error (unknown method -32601, unknown tool or malformed tools/call -32602, internal -32603)',
    content: {
      'application/json': {
        schema: { oneOf: [{ $ref: getSchemaPath(JsonRpcResultResponseSchema) }, { $ref: getSchemaPath(JsonRpcErrorResponseSchema) }] },
      },
    },
  })
  @ApiResponse({ status: 202, description: 'A notification or a response was accepted (no body)' })
  @ApiResponse({
    status: 400,
    description: 'Not JSON (-32700), not a JSON-RPC request (-32600: batches included), or an unsupported MCP-Protocol-Version (-32000)',
    content: rpcErrorContent,
  })
  @ApiResponse({ status: 403, description: 'A Host or Origin this endpoint does not answer for (-32000): DNS rebinding protection', content: rpcErrorContent })
  async post(@Body() body: unknown, @CurrentPrincipal() principal: Principal, @Req() req: Request & { id?: string }, @Res() res: Response): Promise<void> {
    const reply = await this.server.handle(body, principal, req.id ?? '', clientGoneSignal(res));
    if (reply.body === undefined) {
      res.status(reply.status).end();
      return;
    }
    res.status(reply.status).type('application/json').send(JSON.stringify(reply.body));
  }

  @Get()
  @ApiExcludeEndpoint()
  get(@Res({ passthrough: true }) res: Response): never {
    res.setHeader('Allow', 'POST');
    throw new ProblemException(405, PROBLEM_TYPES.methodNotAllowed, 'This MCP endpoint answers POST only (no server-initiated event stream)');
  }

  @All()
  @ApiExcludeEndpoint()
  other(@Res({ passthrough: true }) res: Response): never {
    res.setHeader('Allow', 'POST');
    throw new ProblemException(405, PROBLEM_TYPES.methodNotAllowed, 'This MCP endpoint answers POST only');
  }
}

/** The MCP server's own protected-resource metadata (RFC 9728, path-inserted), which its 401s point at. */
@ApiTags('authorization')
@Public()
@Controller()
export class McpResourceMetadataController {
  constructor(private readonly config: CommonConfig) {}

  @Get(`${PROTECTED_RESOURCE_METADATA_PATH}${MCP_PATH}`)
  @Header('Cache-Control', 'max-age=300')
  @ApiOperation({
    operationId: 'getMcpProtectedResourceMetadata',
    summary: 'OAuth 2.0 protected-resource metadata of the MCP server (RFC 9728): which authorization server issues its tokens',
  })
  @ApiOkResponse({ type: ProtectedResourceMetadata, description: 'The metadata' })
  metadata(@Req() req: Request): ProtectedResourceMetadata {
    return protectedResourceMetadata(this.config, publicBaseUrl(this.config, req) ?? '', MCP_PATH);
  }
}
