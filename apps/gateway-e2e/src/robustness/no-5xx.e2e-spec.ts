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

/** Text Postgres cannot store: a NUL, and lone surrogates (high, low, high at the very end). */
const UNSTORABLE = ['a\u0000b', 'a\ud800b', '\udc00', 'end\udbff'];

/** Random strings with one character Postgres cannot store somewhere in them. */
const unstorableString = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff'), fc.string({ maxLength: 8 }))
  .map(([a, bad, b]) => a + bad + b);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** JSON pointers of every string leaf (kind 'string') and every array member (kind 'array') of a body. */
function leaves(value: Json, path = ''): { path: string; kind: 'string' | 'array' }[] {
  if (typeof value === 'string') return [{ path, kind: 'string' }];
  if (value === null || typeof value !== 'object') return [];
  const here = Array.isArray(value) && path !== '' ? [{ path, kind: 'array' as const }] : [];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return [...here, ...entries.flatMap(([k, v]) => leaves(v, `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`))];
}

/** A copy of `value` with the member at `pointer` replaced. */
function setAt(value: Json, pointer: string, replacement: Json): Json {
  const [head, ...rest] = pointer.split('/').slice(1);
  if (head === undefined) return replacement;
  const key = head.replace(/~1/g, '/').replace(/~0/g, '~');
  const copy: Json = Array.isArray(value) ? [...value] : { ...(value as { [k: string]: Json }) };
  const child = (copy as { [k: string]: Json })[key];
  (copy as { [k: string]: Json })[key] = setAt(child, rest.length ? `/${rest.join('/')}` : '', replacement);
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

  it.each(Object.keys(VALID))('POST %s survives bodies with text Postgres cannot store, and nulls', async (path) => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(fc.array(fc.nat(), { maxLength: 5 }), fc.oneof(unstorableString, fc.constant(null))).map(([p, v]) => mutate(VALID[path], p, v)),
        async (body) => {
          expectNo5xx(await send('POST', path, JSON.stringify(body)), `POST ${path} ${JSON.stringify(body).slice(0, 200)}`);
        },
      ),
      { seed: 20261122, numRuns: 25 },
    );
  });

  /** Every string member of `body` replaced in turn by each unstorable text: each a 400 naming that member (or, for a member name, its path). */
  async function expectUnstorableRefused(method: 'POST' | 'PUT', path: string, body: Json): Promise<void> {
    const strings = leaves(body).filter((l) => l.kind === 'string');
    expect(strings.length).toBeGreaterThan(0);
    for (const leaf of strings) {
      for (const bad of UNSTORABLE) {
        const sent = JSON.stringify(setAt(body, leaf.path, bad));
        const r = await send(method, path, sent);
        const what = `${method} ${path} with ${JSON.stringify(bad)} at ${leaf.path}`;
        if (r.status !== 400) throw new Error(`${what} answered ${r.status}: ${r.text.slice(0, 300)}`);
        const problem = JSON.parse(r.text) as { type: string; errors: { path: string }[] };
        expect(problem.type).toBe('urn:aas:problem:validation');
        expect(problem.errors.map((e) => e.path)).toContain(leaf.path);
        expect(r.text).not.toContain('-32603');
      }
    }
    const key = await send(method, path, JSON.stringify({ ...(body as object), 'x\u0000': 1 }));
    expect(key.status).toBe(400);
    expect(JSON.parse(key.text).errors.map((e: { path: string }) => e.path)).toContain('/x\u0000');
  }

  it.each(Object.keys(VALID))('POST %s: text Postgres cannot store is a 400 naming the member', async (path) => {
    await expectUnstorableRefused('POST', path, VALID[path] as Json);
  });

  it('PUT bodies and query strings: text Postgres cannot store is a 400 naming the member', async () => {
    const chart = await send('POST', '/v1/charts', JSON.stringify(VALID['/v1/charts']));
    expect(chart.status).toBe(201);
    await expectUnstorableRefused('PUT', `/v1/charts/${JSON.parse(chart.text).id}`, VALID['/v1/charts'] as Json);
    const saved = await send('POST', '/v2/saved/crosstabs', JSON.stringify(VALID['/v2/saved/crosstabs']));
    expect(saved.status).toBe(200);
    await expectUnstorableRefused('PUT', `/v2/saved/crosstabs/${JSON.parse(saved.text).uuid}`, VALID['/v2/saved/crosstabs'] as Json);
    const search = await send('GET', `/v2/questions/search?q=${encodeURIComponent('gen\u0000der')}`);
    expect(search.status).toBe(400);
    expect(JSON.parse(search.text).errors.map((e: { path: string }) => e.path)).toContain('/q');
    const param = await send('GET', `/v2/questions/${encodeURIComponent('core.gen\u0000der')}`);
    expect(param.status).toBe(400);
  });

  it('a null where an array is expected is a 400 naming it (chart calculate and every body)', async () => {
    const chart = await send('POST', '/v1/charts', JSON.stringify(VALID['/v1/charts']));
    expect(chart.status).toBe(201);
    const calculate = `/v1/charts/${JSON.parse(chart.text).id}/calculate`;
    for (const member of ['waves', 'locations']) {
      const r = await send('POST', calculate, JSON.stringify({ [member]: null }));
      if (r.status !== 400) throw new Error(`calculate with "${member}": null answered ${r.status}: ${r.text.slice(0, 300)}`);
      expect(JSON.parse(r.text).errors.map((e: { path: string }) => e.path)).toContain(`/${member}`);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          { waves: fc.oneof(fc.constant(null), fc.jsonValue({ maxDepth: 2 })), locations: fc.oneof(fc.constant(null), fc.jsonValue({ maxDepth: 2 })) },
          { requiredKeys: [] },
        ),
        async (body) => expectNo5xx(await send('POST', calculate, JSON.stringify(body)), `POST ${calculate} ${JSON.stringify(body).slice(0, 200)}`),
      ),
      { seed: 20261122, numRuns: 30 },
    );
    for (const path of Object.keys(VALID)) {
      for (const leaf of leaves(VALID[path] as Json).filter((l) => l.kind === 'array')) {
        const r = await send('POST', path, JSON.stringify(setAt(VALID[path] as Json, leaf.path, null)));
        expectNo5xx(r, `POST ${path} with null at ${leaf.path}`);
      }
    }
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
