import { ApiError } from './errors';
import { CrosstabStream, crosstabQueryOf } from './crosstab';

const cell = (row: number, column: number) => ({ row_index: row, column_index: column, intersect: { index: 100 + row } });
const problem = { type: 'urn:aas:problem:unavailable', title: 'Service Unavailable', status: 503, detail: 'a worker died' };

function answer(pieces: string[], contentType = 'application/x-ndjson', onCancel?: () => void): Response {
  const queue = [...pieces];
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(next));
    },
    cancel: onCancel,
  });
  return new Response(body, { headers: { 'content-type': contentType, 'x-request-id': 'r-9' } });
}

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

describe('CrosstabStream', () => {
  it('yields the cells of each block as it arrives, and every cell when iterated', async () => {
    const pieces = [line(cell(1, 1)) + line(cell(1, 2)), line(cell(2, 1)) + line(cell(2, 2))];
    const batches: unknown[][] = [];
    for await (const batch of new CrosstabStream(async () => answer(pieces)).batches()) batches.push(batch);
    expect(batches).toEqual([
      [cell(1, 1), cell(1, 2)],
      [cell(2, 1), cell(2, 2)],
    ]);
    const cells: unknown[] = [];
    for await (const c of new CrosstabStream(async () => answer(pieces))) cells.push(c);
    expect(cells).toHaveLength(4);
  });

  it('reads json-seq the same way', async () => {
    const seq = (value: unknown) => `\u001e${JSON.stringify(value)}\n`;
    const cells = await new CrosstabStream(async () => answer([seq(cell(1, 1)) + seq(cell(1, 2))], 'application/json-seq')).collect();
    expect(cells).toEqual([cell(1, 1), cell(1, 2)]);
  });

  it('yields the cells before a problem element, then throws it as an ApiError', async () => {
    const stream = new CrosstabStream(async () => answer([line(cell(1, 1)) + line(problem)]));
    const seen: unknown[] = [];
    let failure: unknown;
    try {
      for await (const c of stream) seen.push(c);
    } catch (err) {
      failure = err;
    }
    expect(seen).toEqual([cell(1, 1)]);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'unavailable', message: 'a worker died', requestId: 'r-9' });
  });

  it('passes its signal to the request, aborts with the caller signal, and cancels the body when the loop stops', async () => {
    let cancelled = false;
    let signal: AbortSignal | undefined;
    const caller = new AbortController();
    const stream = new CrosstabStream(async (s) => {
      signal = s;
      return answer([line(cell(1, 1)), line(cell(1, 2))], undefined, () => (cancelled = true));
    }, caller.signal);
    for await (const _ of stream) break;
    expect(cancelled).toBe(true);
    caller.abort(new Error('gone'));
    expect(signal?.aborted).toBe(true);
    expect(stream.signal.reason).toEqual(new Error('gone'));
  });

  it('is read once', async () => {
    const stream = new CrosstabStream(async () => answer([]));
    await stream.collect();
    await expect(stream.collect()).rejects.toThrow(/read once/);
  });
});

describe('crosstabQueryOf', () => {
  it('makes the crosstab that computes an insight: audiences as rows, datapoints as columns', () => {
    const query = crosstabQueryOf({
      computed_from: {
        attributes: [
          { question: 'social_platform_usage', question_name: 'Platforms', datapoint: 'tiktok', datapoint_name: 'TikTok', suffix: null, suffix_name: null },
          { question: 'tv_hours', question_name: 'TV', datapoint: 'news', datapoint_name: 'News', suffix: '2', suffix_name: 'Daily' },
        ],
        audiences: [{ id: 'a', name: 'Gen Z', expression: { question: 'age_group', datapoints: ['16_24'] } }],
        locations: [{ code: 'gb', name: 'United Kingdom' }],
        waves: [{ code: 'q3_2026', name: 'Q3 2026' }],
        datasets: [{ code: 'core', name: 'Core' }],
        base_audience: { name: 'All', expression: {} },
      },
    });
    expect(query).toEqual({
      rows: [{ id: 'a', name: 'Gen Z', expression: { question: 'age_group', datapoints: ['16_24'] } }],
      columns: [
        { id: 'social_platform_usage.tiktok', name: 'TikTok', expression: { question: 'social_platform_usage', datapoints: ['tiktok'] } },
        { id: 'tv_hours.news.2', name: 'News (Daily)', expression: { question: 'tv_hours', datapoints: ['news'], suffixes: ['2'] } },
      ],
      base_audience: { id: 'base', name: 'All', expression: {} },
      locations: ['gb'],
      waves: ['q3_2026'],
    });
  });
});
