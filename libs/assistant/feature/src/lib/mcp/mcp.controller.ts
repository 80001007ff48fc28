import { All, Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal, Principal, PROBLEM_TYPES, ProblemException } from '@aas/infra';
import { abortOnClose } from '../run-limited';
import { McpServer } from './mcp-server';

export const MCP_PATH = '/v1/assistant-api/mcp';

@ApiTags('assistant')
@Controller('v1/assistant-api/mcp')
export class McpController {
  constructor(private readonly server: McpServer) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'JSON-RPC 2.0 tool calls and a Model Context Protocol server over Streamable HTTP (spec 4.1)',
    description:
      'Methods: initialize (protocol versions 2025-11-25, 2025-06-18, 2025-03-26), notifications/* (202, no body), ping, tools/list, ' +
      'tools/call (tools chat_service, explore_insight, list_datasets, search_questions, run_crosstab). Errors: -32700 malformed JSON and ' +
      '-32600 invalid request, batch or a body that is not an object (HTTP 400), -32601 unknown method, -32602 unknown tool or bad ' +
      'arguments, -32603 internal error (HTTP 200). ' +
      'A tool that fails answers a result with isError: true. Stateless: no session id; GET answers 405.',
  })
  async post(@Body() body: unknown, @CurrentPrincipal() principal: Principal, @Req() req: Request & { id?: string }, @Res() res: Response): Promise<void> {
    const reply = await this.server.handle(body, principal, req.id ?? '', abortOnClose(res));
    if (reply.body === undefined) {
      res.status(reply.status).end();
      return;
    }
    res.status(reply.status).type('application/json').send(JSON.stringify(reply.body));
  }

  @Get()
  @ApiOperation({ summary: 'Not offered: this server sends no server-initiated stream (405)' })
  get(@Res({ passthrough: true }) res: Response): never {
    res.setHeader('Allow', 'POST');
    throw new ProblemException(405, PROBLEM_TYPES.methodNotAllowed, 'This MCP endpoint answers POST only (no server-initiated event stream)');
  }

  @All()
  @ApiOperation({ summary: 'Any other method: 405' })
  other(@Res({ passthrough: true }) res: Response): never {
    res.setHeader('Allow', 'POST');
    throw new ProblemException(405, PROBLEM_TYPES.methodNotAllowed, 'This MCP endpoint answers POST only');
  }
}
