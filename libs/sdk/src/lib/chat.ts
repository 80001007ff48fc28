import type { ChatAnswer, InsightDetails } from './types.js';

/** What a chat session needs from the client: the two assistant calls. */
export interface ChatTransport {
  ask(body: { prompt: string; chat_id?: string; docked_audiences?: string[] }, signal?: AbortSignal): Promise<ChatAnswer>;
  insight(id: string, signal?: AbortSignal): Promise<InsightDetails>;
}

export interface ChatTurn {
  prompt: string;
  answer: ChatAnswer;
}

/**
 * A conversation with the assistant: it carries the `chat_id` of the first answer into every
 * follow-up ("and in Germany?"), keeps the turns in order, and reads the insights behind an answer.
 */
export class ChatSession {
  private id: string | undefined;
  private readonly history: ChatTurn[] = [];

  constructor(
    private readonly transport: ChatTransport,
    options: { chatId?: string; dockedAudiences?: string[] } = {},
  ) {
    this.id = options.chatId;
    this.docked = options.dockedAudiences ?? [];
  }

  /** Saved audience ids sent with every prompt (they are the audiences when a prompt names none). */
  docked: string[];

  /** The conversation's id once the first answer has come (undefined before). */
  get chatId(): string | undefined {
    return this.id;
  }

  get turns(): readonly ChatTurn[] {
    return this.history;
  }

  async ask(prompt: string, options: { signal?: AbortSignal } = {}): Promise<ChatAnswer> {
    const answer = await this.transport.ask(
      { prompt, ...(this.id ? { chat_id: this.id } : {}), ...(this.docked.length > 0 ? { docked_audiences: this.docked } : {}) },
      options.signal,
    );
    this.id = answer.chat_id;
    this.history.push({ prompt, answer });
    return answer;
  }

  /** Every insight of an answer, read in parallel: the figures with what computed them. */
  insightsOf(answer: ChatAnswer, options: { signal?: AbortSignal } = {}): Promise<InsightDetails[]> {
    return Promise.all(answer.insights.map((i) => this.transport.insight(i.id, options.signal)));
  }

  /** Starts over: the next prompt opens a new conversation. */
  reset(): void {
    this.id = undefined;
    this.history.length = 0;
  }
}
