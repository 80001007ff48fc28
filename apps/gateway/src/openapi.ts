import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { OpenAPIObject } from '@nestjs/swagger';
import { expressionSchemaComponents } from '@aas/audience-expression-domain';
import { createOpenApiDocument, OpenApiOptions } from '@aas/shared-infra/http';
import { AppModule } from './app.module';
import { GatewayConfig } from './gateway.config';

/** The tags of the document, in the order a reader meets them. */
const TAGS: OpenApiOptions['tags'] = [
  { name: 'catalogue', description: 'Questions, datapoints, categories, datasets, locations and waves, each with `accessible` for your organisation' },
  { name: 'insights', description: 'Published insights (reports, infographics, charts), filtered and paged' },
  { name: 'saved audiences', description: "Your organisation's audiences (boolean expressions over survey answers) and the curated ones" },
  { name: 'crosstabs', description: 'Bulk crosstabs: audiences x audiences computed by the engine and streamed cell by cell' },
  { name: 'saved crosstabs', description: "Your organisation's crosstab projects" },
  { name: 'charts', description: "Your organisation's charts and their calculation (audiences x attributes over waves and locations)" },
  { name: 'assistant', description: 'The assistant grounded in engine numbers, and the same tools as an MCP server (JSON-RPC 2.0 over Streamable HTTP)' },
  { name: 'admin', description: 'Organisations, their entitlements and survey imports, for administrators (tokens with `admin: true`)' },
  { name: 'system', description: 'Probes of the job path' },
  { name: 'health', description: 'Liveness and readiness for orchestrators (no token)' },
  { name: 'metrics', description: 'Prometheus metrics for monitoring (no user token; the METRICS_TOKEN bearer when the deployment sets one)' },
  { name: 'authorization', description: 'OAuth 2.0 protected-resource metadata (RFC 9728): where the tokens this API accepts come from (no token)' },
];

/** What the gateway's document says about itself: title, version, tags and where to send requests. */
export function gatewayOpenApiOptions(config: Pick<GatewayConfig, 'PUBLIC_BASE_URL'>): OpenApiOptions {
  return {
    title: 'Audience Analytics Service',
    version: '1.0',
    tags: TAGS,
    // The three wire forms of the expression grammar, which DTOs reference by name.
    schemas: { ...expressionSchemaComponents('standard'), ...expressionSchemaComponents('chart'), ...expressionSchemaComponents('crosstab') },
    servers: config.PUBLIC_BASE_URL
      ? [{ url: config.PUBLIC_BASE_URL.replace(/\/+$/, ''), description: 'This deployment' }]
      : [{ url: '/', description: 'The host that served this document' }],
  };
}

/**
 * The gateway's OpenAPI document without starting anything: the app is created in preview mode
 * (no provider is instantiated, so no database or Redis is needed). `npm run openapi` writes it.
 */
export async function buildGatewayOpenApiDocument(config: GatewayConfig): Promise<OpenAPIObject> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { preview: true, logger: false, abortOnError: false });
  try {
    return createOpenApiDocument(app, gatewayOpenApiOptions(config));
  } finally {
    await app.close();
  }
}
