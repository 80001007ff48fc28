import { ApiProperty, ApiPropertyOptional, ApiSchema, getSchemaPath } from '@nestjs/swagger';

/*
 * OpenAPI description of the MCP endpoint's bodies: JSON-RPC 2.0 requests and responses, and the
 * MCP results this server returns. The MCP specification (2025-11-25) is the authority; these say
 * what this server sends and accepts.
 */

const ID = { oneOf: [{ type: 'string' }, { type: 'number' }] };

@ApiSchema({ name: 'JsonRpcRequest', description: 'A JSON-RPC 2.0 request (with id) or notification (without id)' })
export class JsonRpcRequestSchema {
  @ApiProperty({ enum: ['2.0'] }) jsonrpc!: '2.0';
  @ApiPropertyOptional({ ...ID, description: 'Absent for a notification (answered 202 with no body)' }) id?: string | number;
  @ApiProperty({
    example: 'tools/call',
    description: 'initialize, ping, tools/list, tools/call, or a notification such as notifications/initialized',
  })
  method!: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      "initialize: {protocolVersion, capabilities, clientInfo}; tools/call: {name, arguments} (each tool's `inputSchema` in tools/list says what arguments it takes)",
  })
  params?: Record<string, unknown>;
}

@ApiSchema({ name: 'JsonRpcErrorObject' })
export class JsonRpcErrorObjectSchema {
  @ApiProperty({
    type: 'integer',
    description:
      '-32700 parse error, -32600 invalid request, -32601 unknown method, -32602 unknown tool or malformed tools/call, -32603 internal error, ' +
      '-32000 refused by the transport (Host, Origin, MCP-Protocol-Version)',
  })
  code!: number;
  @ApiProperty() message!: string;
}

@ApiSchema({ name: 'JsonRpcErrorResponse' })
export class JsonRpcErrorResponseSchema {
  @ApiProperty({ enum: ['2.0'] }) jsonrpc!: '2.0';
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }], description: "The request's id; null when it could not be read" })
  id!: string | number | null;
  @ApiProperty({ type: JsonRpcErrorObjectSchema }) error!: JsonRpcErrorObjectSchema;
}

export class McpServerInfo {
  @ApiProperty() name!: string;
  @ApiProperty() title!: string;
  @ApiProperty() version!: string;
}

@ApiSchema({ name: 'McpInitializeResult' })
export class McpInitializeResultSchema {
  @ApiProperty({ enum: ['2025-11-25', '2025-06-18', '2025-03-26'], description: "The client's version when this server speaks it, else the latest" })
  protocolVersion!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, example: { tools: { listChanged: false } } }) capabilities!: Record<string, unknown>;
  @ApiProperty({ type: McpServerInfo }) serverInfo!: McpServerInfo;
  @ApiProperty() instructions!: string;
}

export class McpToolAnnotations {
  @ApiProperty() title!: string;
  @ApiProperty() readOnlyHint!: boolean;
  @ApiPropertyOptional() destructiveHint?: boolean;
  @ApiPropertyOptional() idempotentHint?: boolean;
  @ApiProperty() openWorldHint!: boolean;
}

@ApiSchema({ name: 'McpTool' })
export class McpToolSchema {
  @ApiProperty({ example: 'run_crosstab' }) name!: string;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'JSON Schema (2020-12) of the arguments' }) inputSchema!: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'JSON Schema (2020-12) of `structuredContent`' }) outputSchema!: Record<
    string,
    unknown
  >;
  @ApiProperty({ type: McpToolAnnotations }) annotations!: McpToolAnnotations;
}

@ApiSchema({ name: 'McpListToolsResult' })
export class McpListToolsResultSchema {
  @ApiProperty({ type: [McpToolSchema] }) tools!: McpToolSchema[];
}

export class McpTextContent {
  @ApiProperty({ enum: ['text'] }) type!: 'text';
  @ApiProperty({ description: 'The structured result as JSON, or what went wrong (isError)' }) text!: string;
}

@ApiSchema({ name: 'McpCallToolResult' })
export class McpCallToolResultSchema {
  @ApiProperty({ type: [McpTextContent] }) content!: McpTextContent[];
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: "The result, valid under the tool's outputSchema" })
  structuredContent?: Record<string, unknown>;
  @ApiPropertyOptional({ description: 'true: the tool failed or its arguments were invalid; `content` says why, so a model can correct itself' })
  isError?: boolean;
}

@ApiSchema({ name: 'JsonRpcResultResponse' })
export class JsonRpcResultResponseSchema {
  @ApiProperty({ enum: ['2.0'] }) jsonrpc!: '2.0';
  @ApiProperty(ID) id!: string | number;
  @ApiProperty({
    description: 'initialize: McpInitializeResult; tools/list: McpListToolsResult; tools/call: McpCallToolResult; ping: {}',
    anyOf: [
      { $ref: getSchemaPath(McpInitializeResultSchema) },
      { $ref: getSchemaPath(McpListToolsResultSchema) },
      { $ref: getSchemaPath(McpCallToolResultSchema) },
      { type: 'object', maxProperties: 0 },
    ],
  })
  result!: Record<string, unknown>;
}

/** Every model the endpoint's description names, for @ApiExtraModels. */
export const MCP_SCHEMAS = [
  JsonRpcRequestSchema,
  JsonRpcErrorResponseSchema,
  JsonRpcResultResponseSchema,
  McpInitializeResultSchema,
  McpListToolsResultSchema,
  McpCallToolResultSchema,
];
