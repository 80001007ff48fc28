import { createClient } from './client';
import { ApiError } from './errors';

/** A fetch that records each request and answers from a list. */
function fakeFetch(answers: Response[]) {
  const requests: Request[] = [];
  return {
    requests,
    fetch: async (request: Request) => {
      requests.push(request);
      const next = answers.shift();
      if (!next) throw new Error(`unexpected ${request.method} ${request.url}`);
      return next;
    },
  };
}

const json = (status: number, body: unknown, type = 'application/json') => new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });

describe('createClient', () => {
  it('sends the token, the path and the query the method names, and answers the typed body', async () => {
    const fake = fakeFetch([json(200, { data: [], paging: { limit: 5, offset: 10, total: 10 } })]);
    const aas = createClient({ baseUrl: 'http://svc/', token: () => 'tok', fetch: fake.fetch });
    const page = await aas.audiences.list({ limit: 5, offset: 10 });
    expect(page.paging.total).toBe(10);
    expect(fake.requests[0].url).toBe('http://svc/v2/saved/audiences?limit=5&offset=10');
    expect(fake.requests[0].headers.get('authorization')).toBe('Bearer tok');
  });

  it('throws an ApiError with the field problems of a 400', async () => {
    const problem = {
      type: 'urn:aas:problem:validation',
      title: 'Bad Request',
      status: 400,
      detail: 'The request is invalid: /expression/and/0/min_count',
      errors: [{ path: '/expression/and/0/min_count', message: 'must be >= 1' }],
    };
    const fake = fakeFetch([json(400, problem, 'application/problem+json')]);
    const aas = createClient({ baseUrl: 'http://svc', fetch: fake.fetch });
    const failure = await aas.audiences
      .create({ name: 'x', expression: { and: [{ question: 'gender', min_count: 0 }] }, folder_id: null, position: 1 })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).errorsAt('/expression/and/0')).toEqual(problem.errors);
  });

  it('asks for the export format and answers a Blob of it', async () => {
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const fake = fakeFetch([new Response(new Uint8Array([80, 75, 3, 4]), { headers: { 'content-type': xlsx } })]);
    const aas = createClient({ baseUrl: 'http://svc', fetch: fake.fetch });
    const blob = await aas.crosstab.export({ rows: [{ expression: {} }] }, { format: 'xlsx', metric: 'index' });
    expect(fake.requests[0].headers.get('accept')).toBe(xlsx);
    expect(fake.requests[0].url).toBe('http://svc/v2/query/crosstab?metric=index');
    expect([blob.type, blob.size]).toEqual([xlsx, 4]);
  });

  it('streams a crosstab with the options as query parameters and json-seq when asked', async () => {
    const fake = fakeFetch([new Response('\u001e{"row_index":1,"column_index":1}\n', { headers: { 'content-type': 'application/json-seq' } })]);
    const aas = createClient({ baseUrl: 'http://svc', fetch: fake.fetch });
    const cells = await aas.crosstab.stream({ rows: [{ expression: {} }] }, { significance: '95', format: 'json-seq' }).collect();
    expect(cells).toEqual([{ row_index: 1, column_index: 1 }]);
    expect(fake.requests[0].url).toBe('http://svc/v2/query/crosstab?significance=95');
    expect(fake.requests[0].headers.get('accept')).toBe('application/json-seq');
  });

  it('fails a crosstab that is refused before it starts with the status of the refusal', async () => {
    const fake = fakeFetch([
      json(403, { type: 'urn:aas:problem:forbidden', title: 'Forbidden', status: 403, detail: 'not licensed: jp' }, 'application/problem+json'),
    ]);
    const aas = createClient({ baseUrl: 'http://svc', fetch: fake.fetch, retry: false });
    await expect(aas.crosstab.stream({ locations: ['jp'] }).collect()).rejects.toMatchObject({ kind: 'forbidden', message: 'not licensed: jp' });
  });
});
