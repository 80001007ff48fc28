import { Stack } from '../support/stack';

export interface ChatAnswer {
  message: string;
  chat_id: string;
  insights: { id: string; text: string }[];
  sources: {
    topics: string[];
    audiences: { id: string; name: string; description: string }[];
    datasets: { code: string; name: string }[];
    locations: { code: string; name: string }[];
    waves: { code: string; name: string }[];
  };
}

export interface InsightDetails {
  id: string;
  chat_id: string;
  text: string;
  metrics: {
    audience_percentage: number;
    base_percentage: number;
    index: number;
    audience_sample: number;
    positive_sample: number;
    positive_size: number;
    low_base: boolean;
    unreliable: boolean;
    /** An average answer: the engine's mean and who it is over. */
    average?: { value: number; std_dev: number; std_error: number; size: number; sample: number };
    /** A wave of a trend: the engine's test against the previous wave. */
    trend?: { previous: string; level: number; z: number; significant: boolean; direction: 'up' | 'down' | null };
  };
  computed_from: {
    /** `expression`: the engine column as computed (a negated or combined subject is no single datapoint). */
    attributes: { question: string; datapoint: string; suffix: string | null; expression?: Record<string, unknown> }[];
    audiences: { id: string; name: string; expression: Record<string, unknown> }[];
    locations: { code: string; name: string }[];
    waves: { code: string; name: string }[];
    datasets: { code: string; name: string }[];
  };
}

export interface EngineCell {
  audiences: { row: { sample: number; intersect_percentage: number }; column: { percentage: number } };
  flags: { low_base: boolean; unreliable: boolean };
  intersect: { index: number; size: number };
  column_index: number;
}

export class AssistantClient {
  constructor(
    private readonly stack: Stack,
    readonly token: string,
  ) {}

  // The bodies are whatever the endpoint answered (chat, problem, JSON-RPC envelopes); the tests assert their shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async post(path: string, body: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(`${this.stack.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  async ask(prompt: string, chatId = '', docked?: string[]): Promise<ChatAnswer> {
    const res = await this.post('/v1/assistant-api/generic', { prompt, chat_id: chatId, ...(docked ? { docked_audiences: docked } : {}) });
    if (res.status !== 200) throw new Error(`${prompt}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as ChatAnswer;
  }

  async insight(id: string): Promise<InsightDetails> {
    const res = await fetch(`${this.stack.baseUrl}/v1/assistant-api/generic/insights/${id}`, { headers: { authorization: `Bearer ${this.token}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as InsightDetails;
  }

  /**
   * The engine's own answer for the same audience, attribute(s), markets and waves, through POST
   * /v2/query/crosstab, which computes in one dataset by the same universe rule as the assistant.
   */
  async crosstab(audience: Record<string, unknown>, columns: Record<string, unknown>[], locations: string[], waves: string[]): Promise<EngineCell[]> {
    const res = await fetch(`${this.stack.baseUrl}/v2/query/crosstab`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        rows: [{ id: 'a', expression: audience }],
        columns: columns.map((expression, i) => ({ id: `c${i}`, expression })),
        locations,
        waves,
      }),
    });
    expect(res.status).toBe(200);
    const cells = (await res.text())
      .split('\n')
      .filter((l) => l)
      .map((l) => JSON.parse(l) as EngineCell);
    return cells.sort((a, b) => a.column_index - b.column_index);
  }

  async datapoints(question: string): Promise<string[]> {
    const res = await fetch(`${this.stack.baseUrl}/v2/questions/${question}?include=datapoints`, { headers: { authorization: `Bearer ${this.token}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { question: { datapoints: { code: string }[] } };
    return body.question.datapoints.map((d) => d.code);
  }

  /**
   * Recomputes one insight on the engine from what it says it was computed from, and checks every
   * number of it (and of its sentence) against that. Returns the engine's cell.
   */
  async verify(id: string): Promise<{ details: InsightDetails; cell: EngineCell }> {
    const details = await this.insight(id);
    const attribute = details.computed_from.attributes[0];
    const column =
      attribute.expression ??
      (attribute.suffix
        ? { question: attribute.question, datapoints: [attribute.datapoint], suffixes: [attribute.suffix] }
        : { question: attribute.question, datapoints: [attribute.datapoint] });
    const datasets = details.computed_from.datasets.map((d) => d.code);
    // One respondent universe per answer: never the two panels added together.
    expect(datasets).toHaveLength(1);
    const [cell] = await this.crosstab(
      details.computed_from.audiences[0].expression,
      [column],
      details.computed_from.locations.map((l) => l.code),
      details.computed_from.waves.map((w) => w.code),
    );
    expect(details.metrics.audience_percentage).toBeCloseTo(cell.audiences.row.intersect_percentage, 9);
    expect(details.metrics.base_percentage).toBeCloseTo(cell.audiences.column.percentage, 9);
    expect(details.metrics.index).toBeCloseTo(cell.intersect.index, 9);
    expect(details.metrics.audience_sample).toBe(cell.audiences.row.sample);
    expect(details.text).toContain(`${cell.audiences.row.intersect_percentage.toFixed(1)}%`);
    if (details.computed_from.audiences[0].id !== 'all') expect(details.text).toContain(`index ${Math.round(cell.intersect.index)}`);
    expect(details.text).toContain(`base: ${cell.audiences.row.sample.toLocaleString('en-GB')} respondents`);
    // "How many": the projected number of people is the engine's weighted intersect size.
    const people = /about ([\d,]+) people/.exec(details.text);
    if (people) {
      expect(Number(people[1].replace(/,/g, ''))).toBe(Math.round(cell.intersect.size));
      expect(details.metrics.positive_size).toBeCloseTo(cell.intersect.size, 6);
    }
    // Reading conventions: audiences of fewer than 30 respondents are never reported; a figure
    // carries the engine's flags of its cell, as the crosstab stream does.
    expect(cell.audiences.row.sample).toBeGreaterThanOrEqual(30);
    expect(details.metrics.low_base).toBe(cell.flags.low_base);
    expect(details.metrics.unreliable).toBe(cell.flags.unreliable);
    expect(details.text.includes('low base')).toBe(cell.flags.low_base && !cell.flags.unreliable);
    expect(details.text.includes('unreliable')).toBe(cell.flags.unreliable);
    return { details, cell };
  }

  async verifyAll(answer: ChatAnswer): Promise<{ details: InsightDetails; cell: EngineCell }[]> {
    const out = [];
    for (const insight of answer.insights) out.push(await this.verify(insight.id));
    return out;
  }
}
