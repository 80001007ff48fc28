import { Controller, Get, Header, Req, SetMetadata } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CommonConfig } from '../config/common.config';
import { Public } from './principal';

/** Where RFC 9728 puts the metadata of a protected resource (then the resource's path, if it has one). */
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';

/**
 * Marks a controller (or route) as a protected resource of its own, identified by its path, as an
 * MCP server is: its 401s point at `/.well-known/oauth-protected-resource<path>`, which it serves
 * with {@link protectedResourceMetadata}. Other routes point at the root metadata (the whole API).
 */
export const OWN_PROTECTED_RESOURCE = 'aas:ownProtectedResource';
export const OwnProtectedResource = (): MethodDecorator & ClassDecorator => SetMetadata(OWN_PROTECTED_RESOURCE, true);

const SANE_HOST = /^[A-Za-z0-9.\-[\]:]{1,255}$/;

/**
 * The base URL clients reach the service at: PUBLIC_BASE_URL, else the scheme and Host of the
 * request (undefined when the Host header is not a plain host name, so nothing odd is echoed).
 */
export function publicBaseUrl(config: Pick<CommonConfig, 'PUBLIC_BASE_URL'>, req: Pick<Request, 'protocol' | 'headers'>): string | undefined {
  if (config.PUBLIC_BASE_URL) return config.PUBLIC_BASE_URL.replace(/\/+$/, '');
  const host = req.headers.host;
  return typeof host === 'string' && SANE_HOST.test(host) ? `${req.protocol}://${host}` : undefined;
}

/** OAuth 2.0 Protected Resource Metadata (RFC 9728 section 2). */
export class ProtectedResourceMetadata {
  @ApiProperty({ format: 'uri', example: 'https://aas.example.com/v1/assistant-api/mcp', description: 'The resource identifier' })
  resource!: string;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', format: 'uri' },
    description: 'The issuer of the tokens this resource accepts (JWT_ISSUER); absent when none is configured (tokens are issued out of band)',
  })
  authorization_servers?: string[];

  @ApiProperty({ type: [String], enum: ['header'], description: 'The token goes in the Authorization header' })
  bearer_methods_supported!: string[];

  @ApiProperty({ example: 'Audience Analytics Service' })
  resource_name!: string;

  @ApiProperty({ format: 'uri', description: 'The API documentation' })
  resource_documentation!: string;
}

/** The metadata of the resource at `resourcePath` ('' for the whole API) of the service at `base`. */
export function protectedResourceMetadata(config: Pick<CommonConfig, 'JWT_ISSUER'>, base: string, resourcePath = ''): ProtectedResourceMetadata {
  return {
    resource: `${base}${resourcePath}`,
    ...(config.JWT_ISSUER ? { authorization_servers: [config.JWT_ISSUER] } : {}),
    bearer_methods_supported: ['header'],
    resource_name: 'Audience Analytics Service',
    resource_documentation: `${base}/docs`,
  };
}

/** Serves the metadata of the whole API at the root well-known URI (RFC 9728). */
@ApiTags('authorization')
@Public()
@Controller()
export class ProtectedResourceMetadataController {
  constructor(private readonly config: CommonConfig) {}

  @Get(PROTECTED_RESOURCE_METADATA_PATH)
  @Header('Cache-Control', 'max-age=300')
  @ApiOperation({
    operationId: 'getProtectedResourceMetadata',
    summary: 'OAuth 2.0 protected-resource metadata of the API (RFC 9728): which authorization server issues its tokens',
  })
  @ApiOkResponse({ type: ProtectedResourceMetadata, description: 'The metadata' })
  metadata(@Req() req: Request): ProtectedResourceMetadata {
    return protectedResourceMetadata(this.config, publicBaseUrl(this.config, req) ?? '', '');
  }
}
