import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CatalogueAccess, type Category } from '@aas/shared-contracts';
import { InsightOrderBy } from './insights-filter.dto';

export interface InsightQuery {
  categories?: number[];
  isTrending?: boolean;
  types?: string[];
  limit: number;
  offset: number;
  order: 'asc' | 'desc';
  orderBy: InsightOrderBy;
}

export interface InsightRow {
  id: number;
  name: string;
  description: string;
  type: string;
  category_ids: number[];
  is_trending: boolean;
  popularity: number;
  published_at: Date;
  images: { id: number; is_main: boolean; page_preview_thumb_path: string; page_thumb_path: string; thumb_path: string }[];
}

/** Whitelisted ORDER BY expressions: the column name never comes from the request. */
const ORDER_COLUMNS: Record<InsightOrderBy, string> = {
  name: 'lower(name)',
  published_at: 'published_at',
  created_at: 'created_at',
  updated_at: 'updated_at',
  trending: 'is_trending::int, popularity',
  popularity: 'popularity',
  id: 'id',
};

/** The given categories that exist and every category below them (the catalogue's tree). */
function categoriesUnder(categories: readonly Pick<Category, 'id' | 'parent_id'>[], ids: readonly number[]): number[] {
  const children = new Map<number, number[]>();
  for (const c of categories) if (c.parent_id !== null) children.set(c.parent_id, [...(children.get(c.parent_id) ?? []), c.id]);
  const known = new Set(categories.map((c) => c.id));
  const out = new Set<number>();
  const stack = ids.filter((id) => known.has(id));
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...out].sort((a, b) => a - b);
}

/** The insights table (this lib's own); the category tree comes from the catalogue, through its contract. */
@Injectable()
export class InsightsRepository {
  constructor(
    private readonly ds: DataSource,
    private readonly catalogue: CatalogueAccess,
  ) {}

  async filter(query: InsightQuery): Promise<{ rows: InsightRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.categories && query.categories.length > 0) {
      // A category filter covers its sub-categories too.
      params.push(categoriesUnder((await this.catalogue.view()).categories, query.categories));
      where.push(`category_ids && $${params.length}::int[]`);
    }
    if (query.isTrending !== undefined) {
      params.push(query.isTrending);
      where.push(`is_trending = $${params.length}`);
    }
    if (query.types && query.types.length > 0) {
      params.push(query.types);
      where.push(`type = ANY($${params.length}::text[])`);
    }
    const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    const orderSql = ORDER_COLUMNS[query.orderBy]
      .split(', ')
      .map((column) => `${column} ${direction}`)
      .concat(`id ${direction}`)
      .join(', ');
    const countRows: { total: string }[] = await this.ds.query(`SELECT count(*)::text AS total FROM insights ${whereSql}`, params);
    const rows: InsightRow[] = await this.ds.query(
      `SELECT id, name, description, type, category_ids, is_trending, popularity, published_at, images
       FROM insights ${whereSql} ORDER BY ${orderSql} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.limit, query.offset],
    );
    return { rows, total: Number(countRows[0].total) };
  }
}
