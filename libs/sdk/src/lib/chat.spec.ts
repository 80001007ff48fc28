import { ChatSession, type ChatTransport } from './chat';

const answer = (chatId: string, insights: string[] = []) => ({
  message: 'm',
  chat_id: chatId,
  insights: insights.map((id) => ({ id, text: `insight ${id}` })),
  sources: { topics: [], audiences: [], datasets: [], locations: [], waves: [] },
});

describe('ChatSession', () => {
  it('sends no chat_id first, then the one of the first answer with every follow-up, and keeps the turns', async () => {
    const sent: unknown[] = [];
    const transport: ChatTransport = {
      ask: async (body) => (sent.push(body), answer('c-1')),
      insight: async () => {
        throw new Error('not used');
      },
    };
    const chat = new ChatSession(transport, { dockedAudiences: ['aud-1'] });
    expect(chat.chatId).toBeUndefined();
    await chat.ask('What share of Gen Z use TikTok?');
    await chat.ask('and in Germany?');
    expect(sent).toEqual([
      { prompt: 'What share of Gen Z use TikTok?', docked_audiences: ['aud-1'] },
      { prompt: 'and in Germany?', chat_id: 'c-1', docked_audiences: ['aud-1'] },
    ]);
    expect(chat.turns.map((t) => t.prompt)).toEqual(['What share of Gen Z use TikTok?', 'and in Germany?']);
    chat.reset();
    expect([chat.chatId, chat.turns.length]).toEqual([undefined, 0]);
  });

  it('reads the insights of an answer', async () => {
    const transport: ChatTransport = { ask: async () => answer('c'), insight: async (id) => ({ id }) as never };
    const chat = new ChatSession(transport);
    expect(await chat.insightsOf(answer('c', ['i-1', 'i-2']))).toEqual([{ id: 'i-1' }, { id: 'i-2' }]);
  });
});
