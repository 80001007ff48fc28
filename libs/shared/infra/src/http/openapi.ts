import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, getSchemaPath, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { PROBLEM_CONTENT_TYPE } from '@aas/shared-contracts';
import { problemContent, problemDescription } from './api-docs';
import { ProblemSchema } from './problem.schema';

/** Marks an operation that needs no token (set by `@Public()`); the builder turns it into `security: []`. */
export const PUBLIC_OPERATION_EXTENSION = 'x-aas-public';

export interface OpenApiOptions {
  title: string;
  version: string;
  /** Where clients send requests (default: `/`, the host that served the document). */
  servers?: { url: string; description?: string }[];
  /** Every tag the operations use, with what it groups. */
  tags?: { name: string; description: string }[];
  /** Schemas written as JSON Schema rather than classes (e.g. a recursive grammar), by component name. */
  schemas?: Record<string, Record<string, unknown>>;
}

const DESCRIPTION =
  'Survey-based audience analytics. Every error of every endpoint is an RFC 9457 problem-details body ' +
  '(schema `Problem`, media type `application/problem+json`), with `errors: [{path, message}]` for validation ' +
  'failures and the request id in `request_id` and the `x-request-id` header. Every endpoint but `/health/*` needs ' +
  '`Authorization: Bearer <jwt>`; the organisation always comes from the token.';

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Builds the service's OpenAPI 3.1 document from the controllers' decorators, then applies the
 * conventions every operation shares, so no controller has to repeat them: error bodies under
 * `application/problem+json`; 401 (with its `WWW-Authenticate` challenge), 429 (with `Retry-After`)
 * and 503 on every operation that needs a token; 400 and 413 on every operation with a body; a `default` problem for
 * the unexpected; `security: []` on the public ones. Works on an app created with `preview: true`.
 */
export function createOpenApiDocument(app: INestApplication, options: OpenApiOptions): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle(options.title)
    .setVersion(options.version)
    .setDescription(DESCRIPTION)
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A JWT with `sub` (user id), `org` (organisation id) and `exp`' },
      'bearer',
    )
    .addSecurityRequirements('bearer');
  for (const server of options.servers ?? [{ url: '/', description: 'The host that served this document' }]) {
    builder.addServer(server.url, server.description);
  }
  for (const tag of options.tags ?? []) builder.addTag(tag.name, tag.description);
  const config = builder.build();
  config.components = { ...config.components, schemas: { ...config.components?.schemas, ...options.schemas } };
  const document = SwaggerModule.createDocument(app, config, { extraModels: [ProblemSchema] });
  applyConventions(document);
  return document;
}

/**
 * `{allOf: [{$ref: X}], description}` (how Nest attaches a description to a reference) becomes
 * `{$ref: X, description}`, which OpenAPI 3.1 allows and which reads as what it means.
 */
function simplifySingleAllOf(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(simplifySingleAllOf);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Json;
  const allOf = schema['allOf'];
  if (Array.isArray(allOf) && allOf.length === 1 && typeof allOf[0] === 'object' && allOf[0] !== null && '$ref' in allOf[0] && !('$ref' in schema)) {
    delete schema['allOf'];
    schema['$ref'] = (allOf[0] as Json)['$ref'];
    if (schema['type'] === 'object' && !('properties' in schema)) delete schema['type'];
  }
  for (const [key, value] of Object.entries(schema)) if (key !== 'example' && key !== 'examples') simplifySingleAllOf(value);
}

function applyConventions(document: OpenAPIObject): void {
  simplifySingleAllOf(document.paths);
  simplifySingleAllOf(document.components?.schemas);
  const problemRef = getSchemaPath(ProblemSchema);
  document.components ??= {};
  document.components.responses = {
    ...document.components.responses,
    Unauthorized: {
      description: problemDescription(401),
      headers: {
        'WWW-Authenticate': {
          description:
            'The Bearer challenge (RFC 6750), with `resource_metadata`: the URL of the OAuth 2.0 protected-resource metadata (RFC 9728) that names the authorization server',
          schema: { type: 'string', example: 'Bearer realm="aas", resource_metadata="https://aas.example.com/.well-known/oauth-protected-resource"' },
        },
      },
      content: problemContent(),
    },
    TooManyRequests: {
      description: problemDescription(429),
      headers: {
        'Retry-After': {
          description: "Seconds until the organisation's rate-limit window ends",
          schema: { type: 'integer', minimum: 1, example: 12 },
        },
      },
      content: problemContent(),
    },
    Unavailable: { description: problemDescription(503), content: problemContent() },
    Unexpected: { description: 'An unexpected error (500); quote `request_id` when reporting it', content: problemContent() },
  };
  for (const pathItem of Object.values(document.paths) as Json[]) {
    for (const method of METHODS) {
      const op = pathItem[method] as Json | undefined;
      if (!op) continue;
      const responses = (op['responses'] ??= {}) as Json;
      for (const response of Object.values(responses) as Json[]) {
        const content = response['content'] as Record<string, { schema?: { $ref?: string } }> | undefined;
        const json = content?.['application/json'];
        if (json?.schema?.$ref === problemRef) response['content'] = { [PROBLEM_CONTENT_TYPE]: json };
      }
      const isPublic = op[PUBLIC_OPERATION_EXTENSION] === true;
      delete op[PUBLIC_OPERATION_EXTENSION];
      if (isPublic) {
        op['security'] = [];
      } else {
        responses['401'] ??= { $ref: '#/components/responses/Unauthorized' };
        responses['429'] ??= { $ref: '#/components/responses/TooManyRequests' };
        responses['503'] ??= { $ref: '#/components/responses/Unavailable' };
      }
      if (op['requestBody']) {
        responses['400'] ??= { description: `${problemDescription(400)} (also a body that is not JSON)`, content: problemContent() };
        responses['413'] ??= { description: problemDescription(413), content: problemContent() };
      }
      responses['default'] ??= { $ref: '#/components/responses/Unexpected' };
      op['responses'] = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => (a === 'default' ? 1 : b === 'default' ? -1 : a.localeCompare(b))));
    }
  }
}
