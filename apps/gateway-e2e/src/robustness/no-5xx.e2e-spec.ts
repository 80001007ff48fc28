import fc from 'fast-check';
import { Stack } from '../support/stack';

/**
 * "No request a client can send makes a 5xx": random and mutated bodies, query strings and
 * path parameters against every endpoint that takes input. Every answer must be below 500,
 * and every error must be in the service's one error shape (JSON-RPC's envelope on the MCP path).
 */
const GEN_Z = { question: 'age_group', datapoints: ['16_24'] };

const VALID: Record<string, object> = {
  '/v2/query/crosstab': { rows: [{ id: 'a', expression: GEN_Z }], columns: [{ id: 'b', expression: { question: 'gender', datapoints: ['female'] } }] },
  '/v2/saved/audiences': { name: 'x', expression: GEN_Z, folder_id: '00000000-0000-0000-0000-000000000000', position: 1 },
  '/v2/saved/crosstabs': { name: 'x', rows: [{ expression: { qustion: 'gender', options: ['male'] } }], columns: [] },
  '/v1/charts': {
    name: 'x',
    attributes: [{ namespace_code: 'core', question_code: 'gender', datapoint_code: 'female', suffix_code: '' }],
    audiences: [{ id: 'a', name: 'a', expression: GEN_Z }],
  },
  '/v3/insights/filter': { filters: { types: ['report'] }, limit: 5 },
  '/v3/questions/filter': { include: { datapoints: true }, questions: [{ namespace_code: 'core', question: 'gender' }] },
  '/v2/questions/filter': { include: { datasets: true }, questions: [{ code: 'gender', namespace_code: 'core' }] },
  '/v1/assistant-api/generic': { prompt: 'What % of women use TikTok?' },
  '/v1/assistant-api/mcp': { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'chat_service', arguments: { prompt: 'hi', chat_id: '' } } },
};

/** Replaces one randomly chosen member somewhere in the body with a random JSON value. */
function mutate(body: unknown, path: number[], value: unknown): unknown {
  if (path.length === 0 || body === null || typeof body !== 'object') return value;
  const keys = Object.keys(body as object);
  if (keys.length === 0) return value;
  const key = keys[path[0] % keys.length];
  const copy: Record<string, unknown> = Array.isArray(body) ? ([...body] as unknown as Record<string, unknown>) : { ...(body as Record<string, unknown>) };
  copy[key] = mutate((body as Record<string, unknown>)[key], path.slice(1), value);
  return copy;
}

describe('no request makes a 5xx', () => {
  let stack: Stack;
  let auth: string;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'robust', jobMode: 'inline', seed: true });
    auth = `Bearer ${await stack.token('demo', 1)}`;
  });
  afterAll(() => stack?.stop());

  async function send(method: string, path: string, body?: string): Promise<{ status: number; text: string; type: string }> {
    const res = await fetch(`${stack.baseUrl}${path}`, {
      method,
      headers: { authorization: auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body,
    });
    return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
  }

  function expectNo5xx(r: { status: number; text: string; type: string }, what: string): void {
    if (r.status >= 500) throw new Error(`${what} answered ${r.status}: ${r.text.slice(0, 500)}`);
    if (r.status >= 400 && r.type.startsWith('application/problem+json')) {
      const problem = JSON.parse(r.text) as { status: number; type: string };
      expect(problem.status).toBe(r.status);
      expect(problem.type).toMatch(/^urn:aas:problem:/);
    }
  }

  it.each(Object.keys(VALID))('POST %s survives random and mutated bodies', async (path) => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue({ maxDepth: 4 }),
          fc.tuple(fc.array(fc.nat(), { maxLength: 5 }), fc.jsonValue({ maxDepth: 3 })).map(([p, v]) => mutate(VALID[path], p, v)),
        ),
        async (body) => {
          expectNo5xx(await send('POST', path, JSON.stringify(body)), `POST ${path} ${JSON.stringify(body).slice(0, 200)}`);
        },
      ),
      { seed: 20261122, numRuns: 25 },
    );
  });

  it('GET endpoints survive random path parameters and query strings', async () => {
    const templates = [
      (s: string) => `/v2/saved/audiences/${s}`,
      (s: string) => `/v2/saved/crosstabs/${s}`,
      (s: string) => `/v1/charts/${s}`,
      (s: string) => `/v2/questions/${s}`,
      (s: string) => `/v2/categories/${s}`,
      (s: string) => `/v1/assistant-api/generic/insights/${s}`,
      (s: string) => `/v2/questions/search?q=${s}&limit=${s}`,
      (s: string) => `/v2/saved/audiences?limit=${s}&folder_id=${s}`,
      (s: string) => `/v2/questions/core.gender?include=${s}`,
    ];
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: templates.length - 1 }), fc.string({ maxLength: 40 }), async (i, raw) => {
        const path = templates[i](encodeURIComponent(raw));
        expectNo5xx(await send('GET', path), `GET ${path}`);
      }),
      { seed: 20261122, numRuns: 120 },
    );
  });

  it('bodies of the wrong content type or empty are client errors', async () => {
    for (const path of Object.keys(VALID)) {
      const res = await fetch(`${stack.baseUrl}${path}`, { method: 'POST', headers: { authorization: auth, 'content-type': 'text/plain' }, body: 'hello' });
      expect(res.status).toBeLessThan(500);
      const empty = await fetch(`${stack.baseUrl}${path}`, { method: 'POST', headers: { authorization: auth } });
      expect(empty.status).toBeLessThan(500);
    }
  });
});
