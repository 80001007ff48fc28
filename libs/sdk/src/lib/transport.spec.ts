import { NetworkError } from './errors';
import { createTransport, isRetryable, retryDelayMs } from './transport';

describe('isRetryable', () => {
  it.each([
    ['GET', '/v2/saved/audiences', true],
    ['PUT', '/v2/saved/audiences/1', true],
    ['DELETE', '/v1/charts/1', true],
    ['POST', '/v2/query/crosstab?significance=95', true],
    ['POST', '/api/v3/questions/filter', true],
    ['POST', '/v3/insights/filter', true],
    ['POST', '/v1/charts/abc/calculate', true],
    ['POST', '/v2/saved/audiences', false],
    ['POST', '/v1/assistant-api/generic', false],
    ['PATCH', '/v2/saved/audiences/1', false],
  ])('%s %s: %s', (method, url, expected) => {
    expect(isRetryable(method, `http://h${url}`)).toBe(expected);
  });
});

describe('retryDelayMs', () => {
  const get = { method: 'GET', url: 'http://h/v2/waves' };
  it('waits what Retry-After says on 429 and 503, else doubles from the base', () => {
    expect(retryDelayMs({ status: 503, retryAfter: '2' }, get, 1)).toBe(2000);
    expect(retryDelayMs({ status: 429, retryAfter: null }, get, 1, { baseDelayMs: 100 })).toBe(100);
    expect(retryDelayMs({ status: 429, retryAfter: null }, get, 2, { baseDelayMs: 100 })).toBe(200);
  });
  it('gives up on other statuses, after the last try, past the longest wait, and for unsafe requests', () => {
    expect(retryDelayMs({ status: 500, retryAfter: '1' }, get, 1)).toBeUndefined();
    expect(retryDelayMs({ status: 503, retryAfter: '1' }, get, 3)).toBeUndefined();
    expect(retryDelayMs({ status: 503, retryAfter: '60' }, get, 1, { maxDelayMs: 30_000 })).toBeUndefined();
    expect(retryDelayMs({ status: 503, retryAfter: '1' }, { method: 'POST', url: 'http://h/v2/saved/audiences' }, 1)).toBeUndefined();
  });
});

describe('createTransport', () => {
  const respond = (status: number, headers: Record<string, string> = {}) => new Response(status === 204 ? null : '{}', { status, headers });

  it('asks for the token before every try, and sends a safe request again after a 503 with Retry-After', async () => {
    const tokens = ['t1', 't2'];
    const seen: { auth: string | null; body: string }[] = [];
    const answers = [respond(503, { 'retry-after': '0' }), respond(200)];
    const fetch = createTransport({
      token: () => tokens.shift(),
      fetch: async (request) => {
        seen.push({ auth: request.headers.get('authorization'), body: await request.text() });
        return answers.shift()!;
      },
    });
    const response = await fetch(new Request('http://h/v2/query/crosstab', { method: 'POST', body: '{"rows":[]}' }));
    expect(response.status).toBe(200);
    expect(seen).toEqual([
      { auth: 'Bearer t1', body: '{"rows":[]}' },
      { auth: 'Bearer t2', body: '{"rows":[]}' },
    ]);
  });

  it('hands a 429 of a write to the caller at once', async () => {
    let calls = 0;
    const fetch = createTransport({ fetch: async () => (calls++, respond(429, { 'retry-after': '0' })) });
    expect((await fetch(new Request('http://h/v2/saved/audiences', { method: 'POST', body: '{}' }))).status).toBe(429);
    expect(calls).toBe(1);
  });

  it('stops waiting when the request is aborted during the wait', async () => {
    const controller = new AbortController();
    const fetch = createTransport({ fetch: async () => respond(503, { 'retry-after': '20' }), onRetry: () => controller.abort(new Error('left the page')) });
    await expect(fetch(new Request('http://h/v2/waves', { signal: controller.signal }))).rejects.toThrow('left the page');
  });

  it('turns a failure to get any answer into a NetworkError', async () => {
    const fetch = createTransport({
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(fetch(new Request('http://h/v2/waves'))).rejects.toBeInstanceOf(NetworkError);
  });
});
