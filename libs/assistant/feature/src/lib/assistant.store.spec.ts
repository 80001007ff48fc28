import { DataSource } from 'typeorm';
import { AssistantStore } from './assistant.store';

/** A DataSource whose transaction records its statements; `updated` is what the chat UPDATE matches. */
function fakeDataSource(updated: { id: string }[]) {
  const statements: { sql: string; params: unknown[]; inTransaction: boolean }[] = [];
  const query =
    (inTransaction: boolean) =>
    async (sql: string, params: unknown[] = []) => {
      statements.push({ sql: sql.replace(/\s+/g, ' ').trim(), params, inTransaction });
      if (/UPDATE assistant_chats/.test(sql)) return updated;
      if (/INSERT INTO assistant_turns/.test(sql)) return [{ id: '1' }];
      return [];
    };
  const ds = {
    query: query(false),
    transaction: async (work: (m: { query: ReturnType<typeof query> }) => Promise<unknown>) => work({ query: query(true) }),
  };
  return { ds: ds as unknown as DataSource, statements };
}

const INSIGHT = { id: 'i1', text: 't', details: {} };

describe('AssistantStore.saveTurn', () => {
  it('creates a new chat in the same transaction as its turn and insights', async () => {
    const { ds, statements } = fakeDataSource([{ id: 'c1' }]);
    await new AssistantStore(ds).saveTurn({ id: 'c1', orgId: 'org-a', userId: 7, isNew: true }, 'p', 'm', null, [INSIGHT]);
    expect(statements.every((s) => s.inTransaction)).toBe(true);
    expect(statements.map((s) => s.sql.split(' ').slice(0, 3).join(' '))).toEqual([
      'INSERT INTO assistant_chats',
      'WITH updated AS',
      'INSERT INTO assistant_turns',
      'INSERT INTO assistant_insights',
    ]);
    expect(statements[0].sql).toContain('ON CONFLICT (id) DO NOTHING');
    expect(statements[0].params).toEqual(['c1', 'org-a', 7]);
  });

  it("updates an existing chat only within the caller's organisation", async () => {
    const { ds, statements } = fakeDataSource([{ id: 'c1' }]);
    await new AssistantStore(ds).saveTurn({ id: 'c1', orgId: 'org-a', userId: 7, isNew: false }, 'p', 'm', null, []);
    expect(statements.some((s) => s.sql.startsWith('INSERT INTO assistant_chats'))).toBe(false);
    const update = statements.find((s) => s.sql.includes('UPDATE assistant_chats'));
    expect(update?.sql).toMatch(/WHERE id = \$1 AND org_id = \$2/);
    expect(update?.params.slice(0, 2)).toEqual(['c1', 'org-a']);
  });

  it('fails (and so rolls the transaction back) when no chat row of the organisation was updated', async () => {
    const { ds, statements } = fakeDataSource([]);
    await expect(new AssistantStore(ds).saveTurn({ id: 'c1', orgId: 'org-b', userId: 7, isNew: false }, 'p', 'm', null, [INSIGHT])).rejects.toThrow(
      /Chat 'c1' not found/,
    );
    expect(statements.some((s) => s.sql.startsWith('INSERT INTO assistant_turns'))).toBe(false);
  });
});

describe('AssistantStore.history', () => {
  it("reads the chat's answered plans within the caller's organisation, newest last", async () => {
    const statements: { sql: string; params: unknown[] }[] = [];
    const ds = {
      query: async (sql: string, params: unknown[] = []) => {
        statements.push({ sql: sql.replace(/\s+/g, ' ').trim(), params });
        return [{ plan: { n: 2 } }, { plan: { n: 1 } }];
      },
    } as unknown as DataSource;
    const chatId = '00000000-0000-4000-8000-000000000001';
    expect(await new AssistantStore(ds).history(chatId, 'org-a')).toEqual([{ n: 1 }, { n: 2 }]);
    expect(statements[0].sql).toMatch(/t\.plan IS NOT NULL ORDER BY t\.id DESC LIMIT \$3/);
    expect(statements[0].sql).toMatch(/c\.org_id = \$2/);
    expect(statements[0].params).toEqual([chatId, 'org-a', 6]);
    expect(await new AssistantStore(ds).history('not-a-uuid', 'org-a')).toEqual([]);
  });
});

describe('AssistantStore.lastUnanswered', () => {
  const storeAnswering = (rows: unknown[]) => {
    const statements: { sql: string; params: unknown[] }[] = [];
    const ds = {
      query: async (sql: string, params: unknown[] = []) => {
        statements.push({ sql: sql.replace(/\s+/g, ' ').trim(), params });
        return rows;
      },
    } as unknown as DataSource;
    return { store: new AssistantStore(ds), statements };
  };
  const chatId = '00000000-0000-4000-8000-000000000001';

  it("reads the last turn's prompt when it got no plan, within the caller's organisation", async () => {
    const { store, statements } = storeAnswering([{ prompt: 'What share of Italians use Netflix?', answered: false }]);
    expect(await store.lastUnanswered(chatId, 'org-a')).toBe('What share of Italians use Netflix?');
    expect(statements[0].sql).toMatch(/c\.org_id = \$2 ORDER BY t\.id DESC LIMIT 1/);
    expect(statements[0].params).toEqual([chatId, 'org-a']);
  });

  it('is null after an answered turn, in a chat with no turn, or for an id that is no uuid', async () => {
    expect(await storeAnswering([{ prompt: 'x', answered: true }]).store.lastUnanswered(chatId, 'org-a')).toBeNull();
    expect(await storeAnswering([]).store.lastUnanswered(chatId, 'org-a')).toBeNull();
    expect(await storeAnswering([]).store.lastUnanswered('not-a-uuid', 'org-a')).toBeNull();
  });
});
