import request from 'supertest';
import { Stack } from '../support/stack';

interface Insight {
  id: number;
  name: string;
  type: string;
  popularity: number;
  is_trending: boolean;
  published_at: string;
  category_ids: number[];
}

describe('POST /v3/insights/filter', () => {
  let stack: Stack;
  let auth: string;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'insights', jobMode: 'inline', seed: true });
    auth = `Bearer ${await stack.token('demo', 1)}`;
  });
  afterAll(() => stack?.stop());

  const filter = (body: object) => request(stack.baseUrl).post('/v3/insights/filter').set('Authorization', auth).send(body);

  async function all(body: object): Promise<Insight[]> {
    const out: Insight[] = [];
    for (let offset = 0; ; offset += 100) {
      const res = await filter({ ...body, limit: 100, offset });
      expect(res.status).toBe(200);
      out.push(...res.body.insights);
      if (res.body.insights.length < 100) return out;
    }
  }

  it('defaults to 10 from 0 and echoes the paging state', async () => {
    const res = await filter({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ limit: 10, offset: 0, order: 'desc', order_by: 'published_at', total: 240 });
    expect(res.body.insights).toHaveLength(10);
    expect(Object.keys(res.body.insights[0])).toEqual(expect.arrayContaining(['id', 'name', 'description', 'images']));
    expect(res.body.insights[0].images[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), is_main: expect.any(Boolean), thumb_path: expect.any(String) }),
    );
  });

  it.each(['name', 'published_at', 'created_at', 'updated_at', 'trending', 'popularity', 'id'])(
    'pages through order_by=%s without gaps or repeats, ties broken by id',
    async (orderBy) => {
      const everything = await all({ order_by: orderBy, order: 'asc' });
      expect(everything).toHaveLength(240);
      expect(new Set(everything.map((i) => i.id)).size).toBe(240);
      const pageByPage: number[] = [];
      for (let offset = 0; offset < 240; offset += 37) {
        const res = await filter({ order_by: orderBy, order: 'asc', limit: 37, offset });
        pageByPage.push(...res.body.insights.map((i: Insight) => i.id));
      }
      expect(pageByPage).toEqual(everything.map((i) => i.id));
    },
  );

  it('orders ties by id in the same direction', async () => {
    const asc = await all({ order_by: 'popularity', order: 'asc' });
    for (let i = 1; i < asc.length; i++) {
      const [a, b] = [asc[i - 1], asc[i]];
      expect(a.popularity < b.popularity || (a.popularity === b.popularity && a.id < b.id)).toBe(true);
    }
    expect(asc.some((x, i) => i > 0 && asc[i - 1].popularity === x.popularity)).toBe(true);
    const desc = await all({ order_by: 'popularity', order: 'desc' });
    expect(desc.map((i) => i.id)).toEqual([...asc].reverse().map((i) => i.id));
  });

  it('answers the last page short and a page past the end empty, with the real total', async () => {
    const last = await filter({ limit: 100, offset: 200 });
    expect(last.body.insights).toHaveLength(40);
    expect(last.body.total).toBe(240);
    const past = await filter({ limit: 10, offset: 1000 });
    expect(past.status).toBe(200);
    expect(past.body.insights).toEqual([]);
    expect(past.body.total).toBe(240);
  });

  it('filters by type, trending and category (including sub-categories)', async () => {
    const charts = await all({ filters: { types: ['chart', 'report'] } });
    expect(charts.length).toBe(120);
    expect(charts.every((i) => i.type === 'chart' || i.type === 'report')).toBe(true);

    const trending = await filter({ filters: { is_trending: true }, limit: 100 });
    expect(trending.body.total).toBeGreaterThan(0);
    expect(trending.body.insights.every((i: Insight) => i.is_trending)).toBe(true);

    const children = await request(stack.baseUrl).get('/v2/categories/11?include=children').set('Authorization', auth);
    const subtree = [11, ...children.body.category.child_categories.map((c: { id: string }) => Number(c.id))];
    const social = await all({ filters: { categories: [11] } });
    expect(social.length).toBeGreaterThan(0);
    expect(social.every((i) => i.category_ids.some((id) => subtree.includes(id)))).toBe(true);
    const everything = await all({});
    expect(social.length).toBe(everything.filter((i) => i.category_ids.some((id) => subtree.includes(id))).length);
  });

  it.each([
    [{ limit: 0 }, '/limit'],
    [{ limit: 1000 }, '/limit'],
    [{ offset: -1 }, '/offset'],
    [{ order_by: 'colour' }, '/order_by'],
    [{ order: 'sideways' }, '/order'],
    [{ filters: { types: ['podcast'] } }, '/filters/types'],
    [{ filters: { categories: ['x'] } }, '/filters/categories'],
    [{ filters: { colour: 'red' } }, '/filters/colour'],
    [{ filters: { categories: [3_000_000_000] } }, '/filters/categories'],
    [{ offset: 1e21 }, '/offset'],
    [{ limit: 10.5 }, '/limit'],
  ])('rejects %j with 400 naming %s', async (body, path) => {
    const res = await filter(body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});
