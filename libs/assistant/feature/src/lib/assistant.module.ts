import { MiddlewareConsumer, Module, NestModule, OnModuleInit, RequestMethod } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import { CommonConfig, Metrics } from '@aas/shared-infra';
import { AssistantCatalogueLoader } from './assistant-catalogue.loader';
import { AssistantChatUseCase } from './assistant-chat.usecase';
import { AssistantStore } from './assistant.store';
import { GenericChatController } from './generic-chat.controller';
import { ASSISTANT_PLANNER, plannerFromConfig } from './model-planner';
import { MCP_PATH, McpController, McpResourceMetadataController, McpTransportMiddleware } from './mcp/mcp.controller';
import { JSONRPC, McpServer, rpcError } from './mcp/mcp-server';

/**
 * The envelope for a body the JSON parser refused. The parser (strict) also refuses valid JSON
 * that is neither an object nor an array (`"tools/call"`, `42`, `null`): that is an Invalid
 * Request (-32600), not a Parse error (-32700), which is only for text that is not JSON.
 */
export function parseFailure(raw: unknown): Record<string, unknown> {
  if (typeof raw === 'string') {
    try {
      JSON.parse(raw);
      return rpcError(null, JSONRPC.invalidRequest, 'Invalid Request: the body must be a JSON-RPC 2.0 object');
    } catch {
      // not JSON at all
    }
  }
  return rpcError(null, JSONRPC.parseError, 'Parse error: the body is not valid JSON');
}

/**
 * The assistant: POST /v1/assistant-api/generic (+ GET .../insights/{id}) and the JSON-RPC/MCP
 * endpoint. Needs CatalogueAccess, the EngineClient and the database.
 */
@Module({
  controllers: [GenericChatController, McpController, McpResourceMetadataController],
  providers: [
    AssistantCatalogueLoader,
    AssistantStore,
    AssistantChatUseCase,
    McpServer,
    // The rules alone unless ASSISTANT_MODEL_URL names a model endpoint.
    // Its plans and fallbacks are counted in the process's metrics (countingLog).
    { provide: ASSISTANT_PLANNER, useFactory: plannerFromConfig, inject: [CommonConfig, { token: Metrics, optional: true }] },
  ],
})
export class AssistantModule implements OnModuleInit, NestModule {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /** Host, Origin and MCP-Protocol-Version are checked before anything else runs, the token included. */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(McpTransportMiddleware).forRoutes({ path: MCP_PATH.slice(1), method: RequestMethod.ALL });
  }

  /**
   * The JSON body parser rejects malformed JSON before any route runs, and the global filter would
   * answer problem+json. JSON-RPC clients expect a -32700 envelope instead, so an error handler for
   * the MCP path alone goes in here: after the routes (registered before init hooks run) and before
   * Nest's own error handler (registered after them).
   */
  onModuleInit(): void {
    const instance = this.adapterHost.httpAdapter?.getInstance?.() as { use?: (fn: unknown) => void } | undefined;
    instance?.use?.((err: { type?: string; body?: unknown } | undefined, req: Request, res: Response, next: NextFunction) => {
      if (err && err.type === 'entity.parse.failed' && req.path === MCP_PATH && !res.headersSent) {
        res
          .status(400)
          .type('application/json')
          .send(JSON.stringify(parseFailure(err.body)));
        return;
      }
      next(err);
    });
  }
}
