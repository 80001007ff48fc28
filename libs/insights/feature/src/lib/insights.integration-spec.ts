import { Test, TestingModule } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { CatalogueAccess, type Category, type CatalogueView, type OrganisationCatalogue } from '@aas/shared-contracts';
import { AppConfigModule, CommonConfig, loadConfig } from '@aas/shared-infra';
import { DatabaseModule } from '@aas/shared-infra/database';
import { createTestDatabase, TestDatabase } from '@aas/shared-infra/testing';
import { INSIGHT_ORDER_BY, InsightOrderBy } from './insights-filter.dto';
import { InsightQuery, InsightRow, InsightsRepository } from './insights.repository';
import { InsightInput, replaceInsights } from './insights.writer';
import { INSIGHTS_MIGRATIONS } from './migrations/1763769700001-Insights';

/** Two trees: 10 > 11 > 12, and 20 alone. */
const CATEGORIES: Category[] = [
  { id: 10, dataset_code: 'core', name: 'Media', description: '', order: 1, parent_id: null },
  { id: 11, dataset_code: 'core', name: 'Social', description: '', order: 1, parent_id: 10 },
  { id: 12, dataset_code: 'core', name: 'Video', description: '', order: 1, parent_id: 11 },
  { id: 20, dataset_code: 'core', name: 'Retail', description: '', order: 2, parent_id: null },
];

/** The catalogue's side of the contract the repository reads the category tree through (the catalogue lib is out of this lib's scope). */
class CategoryTree extends CatalogueAccess {
  categories = CATEGORIES;
  async view(): Promise<CatalogueView> {
    return { version: '1', datasets: [], categories: this.categories, questions: [], locations: [], waves: [] };
  }
  async forOrganisation(): Promise<OrganisationCatalogue> {
    throw new Error('the insights read no organisation catalogue');
  }
}

const day = (d: number, hour = 0) => new Date(Date.UTC(2025, 0, d, hour)).toISOString();
const image = (id: number) => ({
  id,
  is_main: id % 2 === 0,
  page_preview_thumb_path: `/p/${id}.png`,
  page_thumb_path: `/t/${id}.png`,
  thumb_path: `/s/${id}.png`,
});

/**
 * Twelve insights with ties in every order key (names equal but for case, equal dates, equal
 * popularity, trending and not), so only the id tie-break makes an order total.
 */
const INSIGHTS: InsightInput[] = (
  [
    // id, name, type, categories, trending, popularity, published, created, updated
    [1, 'delta', 'report', [12], true, 5, day(3), day(1), day(9)],
    [2, 'Alpha', 'chart', [11], false, 5, day(3), day(2), day(9)],
    [3, 'charlie', 'report', [10, 20], true, 1, day(1), day(1), day(8)],
    [4, 'alpha', 'infographic', [20], false, 7, day(5), day(3), day(7)],
    [5, 'Bravo', 'powerpoint', [], true, 7, day(5), day(3), day(7)],
    [6, 'echo', 'report', [12, 20], false, 2, day(2), day(4), day(6)],
    [7, 'bravo', 'chart', [10], true, 5, day(4), day(4), day(6)],
    [8, 'foxtrot', 'infographic', [11], false, 0, day(4), day(5), day(5)],
    [9, 'Echo', 'report', [99], true, 2, day(6), day(5), day(5)],
    [10, 'golf', 'powerpoint', [20], false, 9, day(6), day(6), day(4)],
    [11, 'hotel', 'chart', [12], true, 9, day(3), day(6), day(4)],
    [12, 'alpha', 'report', [], false, 1, day(2), day(7), day(3)],
  ] as const
).map(([id, name, type, category_ids, is_trending, popularity, published_at, created_at, updated_at]) => ({
  id,
  name,
  description: `insight ${id}`,
  type,
  category_ids: [...category_ids],
  is_trending,
  popularity,
  published_at,
  created_at,
  updated_at,
  images: [image(id), image(id + 100)],
}));

/** The order the endpoint promises: the key(s) in the asked direction, then id in the same direction. */
function expectedOrder(rows: readonly InsightInput[], orderBy: InsightOrderBy, order: 'asc' | 'desc'): number[] {
  const keys: Record<InsightOrderBy, (i: InsightInput) => (string | number)[]> = {
    name: (i) => [i.name.toLowerCase()],
    published_at: (i) => [Date.parse(i.published_at)],
    created_at: (i) => [Date.parse(i.created_at)],
    updated_at: (i) => [Date.parse(i.updated_at)],
    trending: (i) => [i.is_trending ? 1 : 0, i.popularity],
    popularity: (i) => [i.popularity],
    id: () => [],
  };
  const sign = order === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const [ka, kb] = [
        [...keys[orderBy](a), a.id],
        [...keys[orderBy](b), b.id],
      ];
      for (let k = 0; k < ka.length; k++) if (ka[k] !== kb[k]) return (ka[k] < kb[k] ? -1 : 1) * sign;
      return 0;
    })
    .map((i) => i.id);
}

describe('InsightsRepository and replaceInsights (real Postgres)', () => {
  let db: TestDatabase;
  let moduleRef: TestingModule;
  let repository: InsightsRepository;
  let ds: DataSource;
  const tree = new CategoryTree();

  beforeAll(async () => {
    db = await createTestDatabase('insights', INSIGHTS_MIGRATIONS);
    moduleRef = await Test.createTestingModule({
      imports: [AppConfigModule.forRoot(loadConfig(CommonConfig, { NODE_ENV: 'test', DATABASE_URL: db.url })), DatabaseModule],
      providers: [InsightsRepository, { provide: CatalogueAccess, useValue: tree }],
    }).compile();
    repository = moduleRef.get(InsightsRepository);
    ds = moduleRef.get(DataSource);
    await ds.transaction((tx) => replaceInsights(tx, INSIGHTS));
  });
  afterAll(async () => {
    await moduleRef?.close();
    await db?.drop();
  });

  const query = (q: Partial<InsightQuery>): InsightQuery => ({ limit: 100, offset: 0, order: 'desc', orderBy: 'published_at', ...q });
  const ids = async (q: Partial<InsightQuery>) => (await repository.filter(query(q))).rows.map((r) => r.id);
  const matching = (keep: (i: InsightInput) => boolean) => expectedOrder(INSIGHTS.filter(keep), 'id', 'asc');

  it('stores every column of what the writer was given and reads it back', async () => {
    const { rows, total } = await repository.filter(query({ orderBy: 'id', order: 'asc' }));
    expect(total).toBe(12);
    const byId = new Map<number, InsightRow>(rows.map((r) => [r.id, r]));
    for (const input of INSIGHTS) {
      const row = byId.get(input.id)!;
      expect({ ...row, published_at: new Date(row.published_at).toISOString() }).toEqual({
        id: input.id,
        name: input.name,
        description: input.description,
        type: input.type,
        category_ids: input.category_ids,
        is_trending: input.is_trending,
        popularity: input.popularity,
        published_at: input.published_at,
        images: input.images,
      });
    }
  });

  describe.each(INSIGHT_ORDER_BY.flatMap((orderBy) => (['asc', 'desc'] as const).map((order) => [orderBy, order] as const)))(
    'order_by %s %s',
    (orderBy, order) => {
      it('orders by the key, ties by id in the same direction, and pages without gaps or repeats', async () => {
        const want = expectedOrder(INSIGHTS, orderBy, order);
        const pages: number[] = [];
        for (let offset = 0; offset < 12; offset += 5) {
          const page = await repository.filter(query({ orderBy, order, limit: 5, offset }));
          expect(page.total).toBe(12);
          expect(page.rows.length).toBe(Math.min(5, 12 - offset));
          pages.push(...page.rows.map((r) => r.id));
        }
        expect(pages).toEqual(want);
      });
    },
  );

  it('filters by type, trending, and category with its sub-categories, all together', async () => {
    expect(await ids({ types: ['report'], orderBy: 'id', order: 'asc' })).toEqual(matching((i) => i.type === 'report'));
    expect(await ids({ types: ['chart', 'powerpoint'], orderBy: 'id', order: 'asc' })).toEqual(matching((i) => ['chart', 'powerpoint'].includes(i.type)));
    expect(await ids({ isTrending: true, orderBy: 'id', order: 'asc' })).toEqual(matching((i) => i.is_trending));
    expect(await ids({ isTrending: false, orderBy: 'id', order: 'asc' })).toEqual(matching((i) => !i.is_trending));
    // 10 covers 11 and 12 below it; 11 covers 12 but not its parent 10.
    const inAny = (cats: number[]) => matching((i) => i.category_ids.some((c) => cats.includes(c)));
    expect(await ids({ categories: [10], orderBy: 'id', order: 'asc' })).toEqual(inAny([10, 11, 12]));
    expect(await ids({ categories: [11], orderBy: 'id', order: 'asc' })).toEqual(inAny([11, 12]));
    expect(await ids({ categories: [12, 20], orderBy: 'id', order: 'asc' })).toEqual(inAny([12, 20]));
    expect(inAny([11, 12])).toEqual([1, 2, 6, 8, 11]);
    const combined = await repository.filter(query({ categories: [10], isTrending: true, types: ['report'], orderBy: 'id', order: 'asc' }));
    expect(combined.rows.map((r) => r.id)).toEqual([1, 3]);
    expect(combined.total).toBe(2);
  });

  it('matches nothing for a category the catalogue does not have, even one an insight names', async () => {
    // Insight 9 names category 99, which is in no tree: an unknown category is not a wildcard.
    expect(await repository.filter(query({ categories: [99] }))).toEqual({ rows: [], total: 0 });
    expect(await repository.filter(query({ categories: [12345] }))).toEqual({ rows: [], total: 0 });
  });

  it('reads the tree the catalogue has now: a category moved under another follows it', async () => {
    tree.categories = CATEGORIES.map((c) => (c.id === 20 ? { ...c, parent_id: 11 } : c));
    try {
      expect(await ids({ categories: [11], orderBy: 'id', order: 'asc' })).toEqual(matching((i) => i.category_ids.some((c) => [11, 12, 20].includes(c))));
    } finally {
      tree.categories = CATEGORIES;
    }
  });

  it('counts every match whatever the page, and answers an empty page past the end', async () => {
    const trending = matching((i) => i.is_trending).length;
    expect(await repository.filter(query({ isTrending: true, limit: 1, offset: 0 }))).toMatchObject({ total: trending, rows: [expect.anything()] });
    expect(await repository.filter(query({ isTrending: true, limit: 100, offset: trending - 1 }))).toMatchObject({
      total: trending,
      rows: [expect.anything()],
    });
    expect(await repository.filter(query({ isTrending: true, limit: 10, offset: trending }))).toEqual({ total: trending, rows: [] });
    expect(await repository.filter(query({ limit: 100, offset: 1_000_000_000 }))).toEqual({ total: 12, rows: [] });
    expect((await repository.filter(query({ limit: 100 }))).rows).toHaveLength(12);
  });

  it('replaces the whole set on a second write, and leaves it as it was when the transaction fails', async () => {
    const next = INSIGHTS.slice(0, 3).map((i) => ({ ...i, id: i.id + 100, name: `new ${i.name}` }));
    await expect(
      ds.transaction(async (tx) => {
        await replaceInsights(tx, next);
        throw new Error('the seed failed after writing');
      }),
    ).rejects.toThrow('the seed failed after writing');
    expect(await ids({ orderBy: 'id', order: 'asc' })).toEqual(INSIGHTS.map((i) => i.id));

    await ds.transaction((tx) => replaceInsights(tx, next));
    expect(await ids({ orderBy: 'id', order: 'asc' })).toEqual([101, 102, 103]);
    await ds.transaction((tx) => replaceInsights(tx, INSIGHTS));
    expect((await repository.filter(query({}))).total).toBe(12);
  });
});
