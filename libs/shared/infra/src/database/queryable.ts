/**
 * What a table owner's writer needs of a transaction: TypeORM's EntityManager inside
 * `DataSource.transaction` has it (rows come back as an array). Several owners write through one
 * transaction when their rows must change together (the demo seed, a survey import).
 */
export interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * Inserts rows into the caller's table in multi-row statements of at most ~30,000 parameters
 * (Postgres allows 65,535 per statement). The caller owns `table`; this only batches.
 */
export async function insertRows(tx: Queryable, table: string, columns: readonly string[], rows: readonly unknown[][]): Promise<void> {
  const chunk = Math.max(1, Math.floor(30000 / columns.length));
  for (let i = 0; i < rows.length; i += chunk) {
    const slice = rows.slice(i, i + chunk);
    const params: unknown[] = [];
    const tuples = slice.map((row) => `(${row.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`);
    await tx.query(`INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${tuples.join(', ')}`, params);
  }
}
