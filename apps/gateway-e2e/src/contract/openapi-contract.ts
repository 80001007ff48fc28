import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type HttpMethod = (typeof METHODS)[number];

/** A response as the test received it. */
export interface ObservedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body text ('' when none). */
  text: string;
}

interface Operation {
  id: string;
  method: HttpMethod;
  path: string;
  pattern: RegExp;
  responses: Json;
  requestSchema?: Json;
  isPublic: boolean;
}

/** Media types whose body is a sequence of JSON values, each valid under the media type's schema. */
const SEQUENCES: Record<string, (text: string) => unknown[]> = {
  'application/x-ndjson': (text) =>
    text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as unknown),
  'application/json-seq': (text) =>
    text
      .split('\u001e')
      .filter((record) => record !== '')
      .map((record) => {
        if (!record.endsWith('\n')) throw new Error(`a json-seq record does not end with LF: ${JSON.stringify(record.slice(-20))}`);
        return JSON.parse(record) as unknown;
      }),
};

/** JSON bodies (and sequences of JSON values), which the checker validates against their schema. */
function isJsonMediaType(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json') || SEQUENCES[mediaType] !== undefined;
}

/** `#/components/schemas/X` -> `<base>#/$defs/X`: references into the schema registered as `base`. */
function rebase<T>(node: T, base: string): T {
  return JSON.parse(JSON.stringify(node).replace(/"#\/components\/schemas\//g, `"${base}#/$defs/`)) as T;
}

/**
 * Makes response schemas closed: an object schema that lists its properties and says nothing
 * about others accepts no others, so a member the service sends but the document does not name
 * is a mismatch (a generated client would not know it). `unevaluatedProperties` sees through
 * allOf/anyOf/oneOf and $ref, unlike additionalProperties.
 */
function closeObjects(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(closeObjects);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Json;
  if (typeof schema['properties'] === 'object' && !('additionalProperties' in schema) && !('unevaluatedProperties' in schema)) {
    schema['unevaluatedProperties'] = false;
  }
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && typeof value === 'object' && value !== null) Object.values(value).forEach(closeObjects);
    else if (key !== 'example' && key !== 'examples' && key !== 'enum' && key !== 'const' && key !== 'default') closeObjects(value);
  }
}

/**
 * Checks real responses against an OpenAPI 3.1 document: the operation exists, the status is one
 * it documents (explicitly, not through `default`), the content type is one documented for that
 * status, and the body (each element of a streamed one) is valid under its schema with no
 * undocumented member. Records which statuses of which operations were seen, so a test can prove
 * it exercised every operation.
 */
export class OpenApiContract {
  readonly operations: Operation[] = [];
  /** operationId -> statuses seen. */
  readonly seen = new Map<string, Set<number>>();
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: Json) {
    this.ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, discriminator: true });
    addFormats(this.ajv);
    // OpenAPI's annotation keywords: meaningful to readers, not to validation.
    this.ajv.addVocabulary(['example', 'xml', 'externalDocs']);
    const schemas = ((document['components'] as Json | undefined)?.['schemas'] ?? {}) as Json;
    const closed = structuredClone(schemas);
    closeObjects(Object.values(closed));
    this.ajv.addSchema({ $id: 'responses', $defs: rebase(closed, 'responses') });
    this.ajv.addSchema({ $id: 'requests', $defs: rebase(schemas, 'requests') });

    for (const [path, item] of Object.entries(document['paths'] as Record<string, Json>)) {
      for (const method of METHODS) {
        const op = item[method] as Json | undefined;
        if (!op) continue;
        const pattern = new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}/g, '[^/]+')}$`);
        const content = ((op['requestBody'] as Json | undefined)?.['content'] as Record<string, Json> | undefined)?.['application/json'];
        this.operations.push({
          id: op['operationId'] as string,
          method,
          path,
          pattern,
          responses: op['responses'] as Json,
          requestSchema: content?.['schema'] as Json | undefined,
          isPublic: Array.isArray(op['security']) && (op['security'] as unknown[]).length === 0,
        });
      }
    }
  }

  /** The operation a request goes to (literal path segments win over templated ones). */
  operation(method: HttpMethod, url: string): Operation {
    const path = url.split('?')[0];
    const matches = this.operations.filter((o) => o.method === method && o.pattern.test(path));
    matches.sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0));
    if (matches.length === 0) throw new Error(`the document has no operation for ${method.toUpperCase()} ${path}`);
    return matches[0];
  }

  /** Mismatches between a response and the document (empty: none); records the status as seen. */
  check(method: HttpMethod, url: string, response: ObservedResponse): string[] {
    const op = this.operation(method, url);
    const where = `${op.id} (${method.toUpperCase()} ${url}) answered ${response.status}`;
    const declared = this.resolve(op.responses[String(response.status)] as Json | undefined);
    if (!declared) return [`${where}: the document does not list status ${response.status} (only ${Object.keys(op.responses).join(', ')})`];
    if (!this.seen.has(op.id)) this.seen.set(op.id, new Set());
    this.seen.get(op.id)?.add(response.status);
    const content = declared['content'] as Record<string, Json> | undefined;
    const rawType = response.headers['content-type'];
    const mediaType = (Array.isArray(rawType) ? rawType[0] : rawType)?.split(';')[0].trim().toLowerCase();
    if (!content) {
      return response.text === ''
        ? []
        : [`${where}: the document says no body, the service sent ${mediaType ?? 'no content type'} ${response.text.slice(0, 200)}`];
    }
    if (!mediaType || !content[mediaType]) {
      return [`${where}: content type ${mediaType ?? '(none)'} is not one of the documented ${Object.keys(content).join(', ')}`];
    }
    const schema = content[mediaType]['schema'] as Json | undefined;
    if (!schema) return [];
    // A file (CSV, a workbook) is documented as a string: what it holds is for the tests of that format.
    if (!isJsonMediaType(mediaType)) return response.text === '' ? [`${where}: the ${mediaType} body is empty`] : [];
    let values: unknown[];
    try {
      values = SEQUENCES[mediaType] ? SEQUENCES[mediaType](response.text) : [JSON.parse(response.text) as unknown];
    } catch (err) {
      return [`${where}: the ${mediaType} body does not parse: ${(err as Error).message}`];
    }
    const validate = this.validator(`responses:${op.id}:${response.status}:${mediaType}`, 'responses', schema);
    const problems: string[] = [];
    values.forEach((value, i) => {
      if (!validate(value)) {
        const at = values.length > 1 || SEQUENCES[mediaType] ? ` (element ${i})` : '';
        problems.push(`${where}${at}: ${this.ajv.errorsText(validate.errors, { separator: '; ', dataVar: 'body' })}`);
      }
    });
    return problems.slice(0, 5);
  }

  /** Mismatches between a request body the test sends as valid and the document's request schema. */
  checkRequest(method: HttpMethod, url: string, body: unknown): string[] {
    const op = this.operation(method, url);
    if (!op.requestSchema || body === undefined) return [];
    const validate = this.validator(`requests:${op.id}`, 'requests', op.requestSchema);
    return validate(body) ? [] : [`${op.id} request body: ${this.ajv.errorsText(validate.errors, { separator: '; ', dataVar: 'body' })}`];
  }

  /** The request body examples the document gives for an operation. */
  examples(operationId: string): { name: string; value: unknown }[] {
    const op = this.operations.find((o) => o.id === operationId);
    if (!op) return [];
    const item = (this.document['paths'] as Record<string, Json>)[op.path][op.method] as Json;
    const examples = (((item['requestBody'] as Json | undefined)?.['content'] as Record<string, Json> | undefined)?.['application/json']?.['examples'] ??
      {}) as Record<string, { value: unknown }>;
    return Object.entries(examples).map(([name, e]) => ({ name, value: e.value }));
  }

  private resolve(response: Json | undefined): Json | undefined {
    const ref = response?.['$ref'];
    if (typeof ref !== 'string') return response;
    const name = ref.replace('#/components/responses/', '');
    return ((this.document['components'] as Json)['responses'] as Record<string, Json>)[name];
  }

  /** Compiles a schema whose `#/components/...` references point into the document (closed for responses). */
  private validator(key: string, base: 'responses' | 'requests', schema: Json): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      const rebased = rebase(schema, base);
      if (base === 'responses') closeObjects(rebased);
      validate = this.ajv.compile(rebased);
      this.validators.set(key, validate);
    }
    return validate;
  }
}
