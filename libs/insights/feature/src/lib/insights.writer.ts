import { insertRows, type Queryable } from '@aas/shared-infra';

/** A published insight as a seed provides it (the columns of the insights table). */
export interface InsightInput {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly type: 'report' | 'infographic' | 'powerpoint' | 'chart';
  readonly category_ids: readonly number[];
  readonly is_trending: boolean;
  readonly popularity: number;
  readonly published_at: string;
  readonly created_at: string;
  readonly updated_at: string;
  readonly images: readonly object[];
}

/** Replaces every published insight inside the caller's transaction (the demo seed). */
export async function replaceInsights(tx: Queryable, insights: readonly InsightInput[]): Promise<void> {
  await tx.query(`DELETE FROM insights`);
  await insertRows(
    tx,
    'insights',
    ['id', 'name', 'description', 'type', 'category_ids', 'is_trending', 'popularity', 'published_at', 'created_at', 'updated_at', 'images'],
    insights.map((i) => [
      i.id,
      i.name,
      i.description,
      i.type,
      i.category_ids,
      i.is_trending,
      i.popularity,
      i.published_at,
      i.created_at,
      i.updated_at,
      JSON.stringify(i.images),
    ]),
  );
}
