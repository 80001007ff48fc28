import { randomUUID } from 'node:crypto';
import { Test, TestingModule } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import type { AnalysisPlan } from '@aas/assistant-domain';
import { AppConfigModule, CommonConfig, loadConfig, ProblemException, upsertOrganisation } from '@aas/shared-infra';
import { DatabaseModule, IDENTITY_MIGRATIONS } from '@aas/shared-infra/database';
import { createTestDatabase, TestDatabase } from '@aas/shared-infra/testing';
import { AssistantStore, StoredInsight, TurnChat } from './assistant.store';
import { ASSISTANT_MIGRATIONS } from './migrations/1763770100000-Assistant';

/** A plan as the planner makes it; `question` tells two plans apart. */
function plan(question: string): AnalysisPlan {
  return {
    kind: 'share',
    topic: { question, questionName: `${question} name`, datapoints: [{ code: 'tiktok', name: 'TikTok' }], suffix: null },
    audiences: [{ id: 'everyone', name: 'All respondents', description: '', expression: {}, origin: 'everyone' }],
    locations: [{ code: 'gb', name: 'United Kingdom' }],
    splitByLocation: false,
    waves: [{ code: 'q1_2025', name: 'Q1 2025' }],
    splitByWave: false,
    limit: 10,
    ascending: false,
    count: false,
    dataset: { code: 'core', name: 'Core' },
  };
}

const insight = (text: string): StoredInsight => ({ id: randomUUID(), text, details: { text, metrics: { percentage: 12.5 } } });

describe('AssistantStore (real Postgres): chats, turns and insights, per organisation', () => {
  let db: TestDatabase;
  let moduleRef: TestingModule;
  let store: AssistantStore;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('assistantstore', [...IDENTITY_MIGRATIONS, ...ASSISTANT_MIGRATIONS]);
    moduleRef = await Test.createTestingModule({
      imports: [AppConfigModule.forRoot(loadConfig(CommonConfig, { NODE_ENV: 'test', DATABASE_URL: db.url })), DatabaseModule],
      providers: [AssistantStore],
    }).compile();
    store = moduleRef.get(AssistantStore);
    ds = moduleRef.get(DataSource);
    // Quiet: some tests fail writes on purpose (an empty list still replaces the logger, `false` would not).
    ds.setOptions({ logging: [] });
    for (const org of ['org-a', 'org-b']) await upsertOrganisation(ds, org, org);
  });
  afterAll(async () => {
    await moduleRef?.close();
    await db?.drop();
  });

  const count = async (table: string, chatId: string) =>
    ((await ds.query(`SELECT count(*)::int AS n FROM ${table} WHERE chat_id = $1`, [chatId])) as { n: number }[])[0].n;
  const chatRow = async (chatId: string) =>
    (await ds.query(`SELECT org_id, user_id, context FROM assistant_chats WHERE id = $1`, [chatId])) as { org_id: string; user_id: number; context: unknown }[];
  const newChat = (orgId = 'org-a'): TurnChat => ({ id: randomUUID(), orgId, userId: 7, isNew: true });

  it('stores a new chat with its first turn and insights, and reads the plan back as the context', async () => {
    const chat = newChat();
    const found = [insight('12.5% of adults use TikTok'), insight('Up from 10% a year ago')];
    await store.saveTurn(chat, 'What share use TikTok?', 'Here is what I found', plan('platforms'), found);
    expect(await chatRow(chat.id)).toEqual([{ org_id: 'org-a', user_id: 7, context: plan('platforms') }]);
    expect(await ds.query(`SELECT prompt, message, plan FROM assistant_turns WHERE chat_id = $1`, [chat.id])).toEqual([
      { prompt: 'What share use TikTok?', message: 'Here is what I found', plan: plan('platforms') },
    ]);
    expect(await store.context(chat.id, 'org-a')).toEqual({ plan: plan('platforms') });
    for (const i of found) {
      const stored = await store.insight(i.id, 'org-a');
      expect(stored).toEqual({ id: i.id, chat_id: chat.id, text: i.text, details: i.details, created_at: expect.any(String) });
      expect(Date.now() - Date.parse(stored!.created_at)).toBeLessThan(60_000);
    }
  });

  it('keeps the context through a turn without a plan, and replaces it with the next plan', async () => {
    const chat = newChat();
    await store.saveTurn(chat, 'first', 'm1', plan('platforms'), []);
    const next = { ...chat, isNew: false };
    await store.saveTurn(next, 'not understood', 'Sorry?', null, []);
    expect(await store.context(chat.id, 'org-a')).toEqual({ plan: plan('platforms') });
    await store.saveTurn(next, 'and gender?', 'm3', plan('gender'), []);
    expect(await store.context(chat.id, 'org-a')).toEqual({ plan: plan('gender') });
    expect(await ds.query(`SELECT prompt, plan IS NULL AS unplanned FROM assistant_turns WHERE chat_id = $1 ORDER BY id`, [chat.id])).toEqual([
      { prompt: 'first', unplanned: false },
      { prompt: 'not understood', unplanned: true },
      { prompt: 'and gender?', unplanned: false },
    ]);
  });

  it("answers another organisation's chat and insight like missing ones", async () => {
    const chat = newChat('org-a');
    const mine = insight('mine');
    await store.saveTurn(chat, 'p', 'm', plan('platforms'), [mine]);
    expect(await store.context(chat.id, 'org-b')).toBeUndefined();
    expect(await store.insight(mine.id, 'org-b')).toBeUndefined();
    expect(await store.context(randomUUID(), 'org-a')).toBeUndefined();
    expect(await store.insight(randomUUID(), 'org-a')).toBeUndefined();
    // Not an id at all: no query, no database error.
    expect(await store.context("'; DROP TABLE assistant_chats; --", 'org-a')).toBeUndefined();
    expect(await store.insight('42', 'org-a')).toBeUndefined();
  });

  it("reads a chat's history: its own organisation's own chat's plans only, oldest first, the last `limit` of them", async () => {
    // Two organisations, two chats each side of the scoping, their turns interleaved so that an order
    // by turn id across chats, or a read of another chat's turns, shows.
    const mine = newChat('org-a');
    const sibling = newChat('org-a');
    const theirs = newChat('org-b');
    const asked: string[] = [];
    for (let i = 1; i <= 8; i++) {
      await store.saveTurn(mine, `mine ${i}`, 'm', i === 3 ? null : plan(`mine-${i}`), []);
      if (i <= 3) await store.saveTurn(sibling, `sibling ${i}`, 'm', plan(`sibling-${i}`), []);
      if (i <= 2) await store.saveTurn(theirs, `theirs ${i}`, 'm', plan(`theirs-${i}`), []);
      if (i !== 3) asked.push(`mine-${i}`);
      mine.isNew = sibling.isNew = theirs.isNew = false;
    }
    const questions = (plans: AnalysisPlan[]) => plans.map((p) => p.topic?.question);

    // The turn without a plan (the third) is not history; the default bound is the last six answered turns.
    expect(questions(await store.history(mine.id, 'org-a'))).toEqual(['mine-2', 'mine-4', 'mine-5', 'mine-6', 'mine-7', 'mine-8']);
    expect(questions(await store.history(mine.id, 'org-a', 2))).toEqual(['mine-7', 'mine-8']);
    expect(questions(await store.history(mine.id, 'org-a', 20))).toEqual(asked);
    expect(questions(await store.history(sibling.id, 'org-a'))).toEqual(['sibling-1', 'sibling-2', 'sibling-3']);
    expect(questions(await store.history(theirs.id, 'org-b'))).toEqual(['theirs-1', 'theirs-2']);
    // The last of the history is the chat's context.
    expect(await store.context(mine.id, 'org-a')).toEqual({ plan: plan('mine-8') });

    // Another organisation's chat reads like a missing one: nothing, whichever side asks.
    const missing = await store.history(randomUUID(), 'org-b');
    expect(missing).toEqual([]);
    expect(await store.history(mine.id, 'org-b')).toEqual(missing);
    expect(await store.history(theirs.id, 'org-a')).toEqual(missing);
    // Not an id at all: no query, no database error.
    expect(await store.history("'; DROP TABLE assistant_turns; --", 'org-a')).toEqual([]);
  });

  it("reads the prompt of a chat's last turn only when that turn got no plan, in its own organisation's chat only", async () => {
    const mine = newChat('org-a');
    const other = newChat('org-a');
    const theirs = newChat('org-b');
    await store.saveTurn(mine, 'What share of Italians use Threads?', 'Italy is not in the survey', null, []);
    // Turns of other chats after it, refused too: the last turn is the chat's own, not the table's.
    await store.saveTurn(other, 'other chat, answered', 'm', plan('platforms'), []);
    await store.saveTurn(theirs, 'their refused turn', 'no', null, []);
    expect(await store.lastUnanswered(mine.id, 'org-a')).toBe('What share of Italians use Threads?');
    expect(await store.lastUnanswered(other.id, 'org-a')).toBeNull();

    // Once answered, the refusal before is no longer the last turn.
    mine.isNew = false;
    await store.saveTurn(mine, 'sorry, I meant Spaniards', 'm', plan('platforms'), []);
    expect(await store.lastUnanswered(mine.id, 'org-a')).toBeNull();
    await store.saveTurn(mine, 'and in Narnia?', 'not in the survey', null, []);
    expect(await store.lastUnanswered(mine.id, 'org-a')).toBe('and in Narnia?');

    // Another organisation's chat reads like a missing one, whichever side asks.
    expect(await store.lastUnanswered(randomUUID(), 'org-b')).toBeNull();
    expect(await store.lastUnanswered(theirs.id, 'org-a')).toBeNull();
    expect(await store.lastUnanswered(mine.id, 'org-b')).toBeNull();
    expect(await store.lastUnanswered(theirs.id, 'org-b')).toBe('their refused turn');
    expect(await store.lastUnanswered("'; DROP TABLE assistant_turns; --", 'org-a')).toBeNull();
  });

  it("refuses a turn on another organisation's chat with a 404, and stores none of it", async () => {
    const chat = newChat('org-a');
    await store.saveTurn(chat, 'p', 'm', plan('platforms'), [insight('first')]);
    for (const intruder of [
      { id: chat.id, orgId: 'org-b', userId: 9, isNew: false },
      // Claiming to start a chat whose id another organisation holds changes nothing either.
      { id: chat.id, orgId: 'org-b', userId: 9, isNew: true },
    ]) {
      const failure = await store.saveTurn(intruder, 'hijack', 'm', plan('gender'), [insight('theirs')]).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(ProblemException);
      expect((failure as ProblemException).getStatus()).toBe(404);
    }
    expect(await chatRow(chat.id)).toEqual([{ org_id: 'org-a', user_id: 7, context: plan('platforms') }]);
    expect([await count('assistant_turns', chat.id), await count('assistant_insights', chat.id)]).toEqual([1, 1]);
  });

  it('stores nothing of a turn that fails halfway: not the new chat, not the turn, not the insights before the failure', async () => {
    const chat = newChat();
    const duplicate = insight('twice');
    await expect(store.saveTurn(chat, 'p', 'm', plan('platforms'), [insight('fine'), duplicate, duplicate])).rejects.toThrow(/duplicate key/);
    expect(await chatRow(chat.id)).toEqual([]);
    expect([await count('assistant_turns', chat.id), await count('assistant_insights', chat.id)]).toEqual([0, 0]);
    expect(await store.context(chat.id, 'org-a')).toBeUndefined();

    // The same on an existing chat: its context stays, no turn is added.
    const existing = newChat();
    await store.saveTurn(existing, 'p', 'm', plan('platforms'), []);
    await expect(store.saveTurn({ ...existing, isNew: false }, 'p2', 'm2', plan('gender'), [duplicate, duplicate])).rejects.toThrow(/duplicate key/);
    expect(await store.context(existing.id, 'org-a')).toEqual({ plan: plan('platforms') });
    expect(await count('assistant_turns', existing.id)).toBe(1);
  });
});
