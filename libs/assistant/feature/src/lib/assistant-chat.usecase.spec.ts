import { MAX_SEGMENTS } from '@aas/assistant-domain';
import { AudienceDirectory } from '@aas/shared-contracts';
import { ProblemException } from '@aas/shared-infra';
import { AssistantCatalogueLoader } from './assistant-catalogue.loader';
import { AssistantChatUseCase, ChatRequest, JOB_CONCURRENCY } from './assistant-chat.usecase';
import { AssistantStore, StoredInsight, TurnChat } from './assistant.store';
import { engineSums, fakeEngine, FakeEngineRun, testOrganisationCatalogue, testPlannerCatalogue } from './testing/assistant-fixtures';

type Run = FakeEngineRun;

/** A store that keeps turns in memory, as the database would after each committed transaction. */
class MemoryStore {
  readonly chats = new Map<string, { orgId: string; context: unknown; plans: unknown[]; unanswered: string | null }>();
  readonly turns: { chat: TurnChat; message: string; insights: StoredInsight[] }[] = [];

  async context(chatId: string, orgId: string) {
    const chat = this.chats.get(chatId);
    return chat && chat.orgId === orgId ? { plan: chat.context } : undefined;
  }

  async history(chatId: string, orgId: string) {
    const chat = this.chats.get(chatId);
    return chat && chat.orgId === orgId ? chat.plans : [];
  }

  async lastUnanswered(chatId: string, orgId: string) {
    const chat = this.chats.get(chatId);
    return chat && chat.orgId === orgId ? chat.unanswered : null;
  }

  async saveTurn(chat: TurnChat, prompt: string, message: string, plan: unknown, insights: StoredInsight[]) {
    if (chat.isNew && !this.chats.has(chat.id)) this.chats.set(chat.id, { orgId: chat.orgId, context: null, plans: [], unanswered: null });
    const row = this.chats.get(chat.id);
    if (!row || row.orgId !== chat.orgId) throw ProblemException.notFound(`Chat '${chat.id}' not found`);
    if (plan !== null) {
      row.context = plan;
      row.plans.push(plan);
    }
    row.unanswered = plan === null ? prompt : null;
    this.turns.push({ chat, message, insights });
  }
}

/** No saved audiences readable (the directory is the audiences feature's; these tests dock none). */
const noAudiences = { readable: async () => [] } as unknown as AudienceDirectory;

function setup(run: Run) {
  const store = new MemoryStore();
  const loader = { load: async () => ({ planner: testPlannerCatalogue(), organisation: testOrganisationCatalogue() }) };
  const { engine, calls } = fakeEngine(run);
  const usecase = new AssistantChatUseCase(loader as unknown as AssistantCatalogueLoader, store as unknown as AssistantStore, engine, noAudiences);
  const ask = (prompt: string, extra: Partial<ChatRequest> = {}) => usecase.chat({ orgId: 'org-a', userId: 1, requestId: 'r1', prompt, ...extra });
  return { store, calls, ask };
}

const answer: Run = async (payload) => engineSums(payload);
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('AssistantChatUseCase', () => {
  it('stores a new chat only with its first turn, once computed', async () => {
    const { store, ask } = setup(answer);
    const out = await ask('What % of women use TikTok?');
    expect(out.insights).toHaveLength(1);
    expect(store.turns).toHaveLength(1);
    expect(store.turns[0].chat).toEqual({ id: out.chat_id, orgId: 'org-a', userId: 1, isNew: true });
    expect([...store.chats.keys()]).toEqual([out.chat_id]);

    const follow = await ask('and in Germany?', { chatId: out.chat_id });
    expect(follow.chat_id).toBe(out.chat_id);
    expect(store.turns[1].chat.isNew).toBe(false);
    expect(store.chats.size).toBe(1);
  });

  it('a failing or timed-out engine job stores nothing: no empty chat is left behind', async () => {
    const { store, ask } = setup(async () => {
      throw ProblemException.timeout('The job did not finish within 60000 ms');
    });
    await expect(ask('What % of women use TikTok?')).rejects.toThrow(/did not finish/);
    expect(store.chats.size).toBe(0);
    expect(store.turns).toHaveLength(0);
  });

  it('a refusal is stored as a turn of a new chat, without computing', async () => {
    const { store, calls, ask } = setup(answer);
    const out = await ask('What will TikTok use be in 2030?');
    expect(out.insights).toEqual([]);
    expect(calls).toHaveLength(0);
    expect(store.chats.has(out.chat_id)).toBe(true);
  });

  it('an ask the survey cannot measure says so and offers the nearest question, with no number and no engine job', async () => {
    const { calls, ask } = setup(answer);
    const out = await ask('What is the average satisfaction score for TikTok in Germany?');
    expect(calls).toHaveLength(0);
    expect(out.insights).toEqual([]);
    expect(out.message).toBe(
      'I cannot answer that: the survey does not measure a satisfaction score for TikTok. The nearest question it has is “Social media platforms used” — ask for it if that helps.',
    );
  });

  it('an answer names the words of the prompt it did not use', async () => {
    const { ask } = setup(answer);
    const out = await ask('What % of women use TikTok for fandom?');
    expect(out.insights).toHaveLength(1);
    expect(out.message.split('\n')[0]).toBe('Not used in this answer: “fandom”. Ask again with them if they matter.');
  });

  it('refuses a prompt that needs more than MAX_SEGMENTS engine jobs, saying what was too broad, and starts none', async () => {
    const { calls, ask } = setup(answer);
    const out = await ask('How has TikTok use changed in the US, Germany, France and Japan?');
    expect(calls).toHaveLength(0);
    expect(out.insights).toEqual([]);
    expect(out.message).toContain('4 markets across 8 waves');
    expect(out.message).toContain(`at most ${MAX_SEGMENTS}`);
  });

  it('ranks every licensed market with one engine job each and states the verdict from their numbers', async () => {
    // The engine's numbers differ by market: Germany's cells hold 1.5 times the others' (60% against 40%).
    const { calls, ask } = setup(async (payload) => {
      const sums = engineSums(payload);
      const factor = payload.locations.length === 1 && payload.locations[0] === 'de' ? 1.5 : 1;
      for (let i = 0; i < sums.cells.length; i += 3) {
        sums.cells[i] *= factor;
        sums.cells[i + 2] *= factor;
      }
      return sums;
    });
    const out = await ask('In which country is TikTok most used?');
    expect(calls.map((c) => c.payload.locations)).toEqual([['us'], ['gb'], ['de'], ['fr'], ['jp']]);
    expect(out.message).toContain('1. Germany 60.0%');
    expect(out.message).toContain('Highest: Germany at 60.0%, 20.0 points above');
  });

  it('compares a quarter with the same quarter a year earlier: one engine job over the two waves and whether it went up or down', async () => {
    const { calls, ask } = setup(async (payload) => {
      const sums = engineSums(payload);
      // Split by wave, the later quarter (the second group) holds a quarter fewer users.
      const later = payload.waves.indexOf('q3_2026');
      const stride = sums.groups * 3;
      if (payload.groupBy === 'wave' && later >= 0) for (let i = 0; i < sums.rowCount * sums.columnCount; i++) sums.cells[i * stride + later * 3] *= 0.75;
      return sums;
    });
    const out = await ask('Is TikTok up or down vs the same quarter last year?');
    expect(calls.map((c) => c.payload.waves)).toEqual([['q3_2025', 'q3_2026']]);
    // Laid out as a tracker: 200,000 of the column's 300,000 (66.7%), then three quarters of that (50.0%).
    expect(out.message).toContain('TikTok: down 16.7 points, 66.7% in Q3 2025 against 50.0% in Q3 2026.');
  });

  it(`runs at most ${JOB_CONCURRENCY} engine jobs at once, each with an abort signal`, async () => {
    let inFlight = 0;
    let most = 0;
    const { calls, ask } = setup(async (payload) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await tick();
      inFlight -= 1;
      return engineSums(payload);
    });
    const out = await ask('What % use TikTok in the US, the UK, Germany, France and Japan?');
    expect(calls).toHaveLength(5);
    expect(most).toBe(JOB_CONCURRENCY);
    expect(calls.every((c) => c.signal instanceof AbortSignal)).toBe(true);
    expect(out.insights.length).toBeGreaterThan(0);
  });

  it('a client that goes away aborts the jobs in flight, starts no more and stores nothing', async () => {
    const client = new AbortController();
    const { store, calls, ask } = setup(
      (_payload, signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(ProblemException.unavailable('The request was cancelled')), { once: true });
        }),
    );
    const pending = ask('What % use TikTok in the US, the UK, Germany, France and Japan?', { signal: client.signal });
    await tick();
    expect(calls).toHaveLength(JOB_CONCURRENCY);
    client.abort();
    await expect(pending).rejects.toThrow(/cancelled/);
    expect(calls).toHaveLength(JOB_CONCURRENCY);
    expect(calls.every((c) => c.signal?.aborted)).toBe(true);
    expect(store.turns).toHaveLength(0);
    expect(store.chats.size).toBe(0);
  });

  it('one failing job aborts its siblings', async () => {
    let n = 0;
    const { calls, ask } = setup((_payload, signal) => {
      n += 1;
      if (n === 2) return Promise.reject(ProblemException.timeout('The job did not finish within 60000 ms'));
      return new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
    });
    await expect(ask('What % use TikTok in the US, the UK, Germany, France and Japan?')).rejects.toThrow(/did not finish/);
    expect(calls.length).toBeLessThanOrEqual(JOB_CONCURRENCY);
    expect(calls.every((c) => c.signal?.aborted)).toBe(true);
  });

  it('a trend is one engine job per market, split by wave: each wave has its figures and the engine’s test against the previous one', async () => {
    const { calls, ask, store } = setup(answer);
    const out = await ask('How has TikTok use changed in the US and Germany?');
    expect(calls).toHaveLength(2);
    expect(calls.every((c) => c.payload.groupBy === 'wave' && c.payload.waves.length === 8)).toBe(true);
    expect(out.insights).toHaveLength(16);
    const metrics = store.turns[0].insights.map((i) => i.details['metrics'] as { audience_percentage: number; trend?: unknown });
    // Laid out as a tracker (attributes as rows, audiences as columns): the audience is the fixture's column (300,000), 200,000 of whom match.
    for (const m of metrics) expect(m.audience_percentage).toBeCloseTo((200_000 / 300_000) * 100, 9);
    // From the second wave of each market on, the engine's trend (no variance in these fixed sums: not significant).
    expect(metrics.filter((m) => m.trend !== undefined)).toHaveLength(14);
    expect(out.message).toContain('No wave-to-wave change is statistically significant (95% confidence).');
  });
});
