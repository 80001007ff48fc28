import { EVAL_FAMILIES, type EvalCase, type EvalFamily } from '@aas/assistant-domain/eval';

/** Where a running service answers, and as whom. */
export interface ServiceClient {
  baseUrl: string;
  token: string;
}

/** The saved audiences the client may read (curated ones among them), by lower-case name → id. */
export async function readableAudiences(client: ServiceClient): Promise<Map<string, string>> {
  const byName = new Map<string, string>();
  for (let offset = 0; ; offset += 200) {
    const res = await call(client, 'GET', `/v2/saved/audiences?limit=200&offset=${offset}`);
    if (res.status !== 200) throw new Error(`GET /v2/saved/audiences: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    const page = res.body as { data: { id: string; name: string }[]; paging: { total: number } };
    for (const a of page.data) if (!byName.has(a.name.toLowerCase())) byName.set(a.name.toLowerCase(), a.id);
    if (offset + 200 >= page.paging.total) return byName;
  }
}

/** What the service did with a case's last prompt. */
export interface ServiceReply {
  /** The first HTTP status that was not 200, with its body, on any turn of the chat. */
  error?: string;
  message: string;
  insights: number;
  /** The questions every insight says it was computed from (insight details). */
  questions: string[];
}

/** Why an answer through the service is wrong although the plan may be right; absent = fine. */
export type ServiceProblem = 'http-error' | 'no-data' | 'no-insight' | 'numbers-without-insight' | 'insight-on-a-refusal' | 'other-question';

export interface ServiceVerdict {
  id: string;
  family: EvalFamily;
  prompt: string;
  message: string;
  /** The in-process planner resolves the case as it expects. */
  planRight: boolean;
  problem?: ServiceProblem;
}

const TIMEOUT_MS = 30_000;

/** How often a 429 is waited out (its Retry-After, at most a minute each time) before it counts as an error. */
const RATE_LIMIT_RETRIES = 5;

/** One request; a 429 is waited out as its Retry-After says, as a well-behaved client does. */
async function call(client: ServiceClient, method: 'GET' | 'POST', route: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  for (let attempt = 0; ; attempt++) {
    const reply = await callOnce(client, method, route, body);
    if (reply.status !== 429 || attempt === RATE_LIMIT_RETRIES) return reply;
    const seconds = Math.min(60, Math.max(1, Number(reply.retryAfter) || 1));
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}

async function callOnce(
  client: ServiceClient,
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
  const res = await fetch(`${client.baseUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${client.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: kept as text for the report
  }
  return { status: res.status, body: parsed, retryAfter: res.headers.get('retry-after') };
}

interface ChatBody {
  message: string;
  chat_id: string;
  insights: { id: string }[];
}

/**
 * Asks a case as a client would: its earlier prompts in one chat, then its prompt, with its docked
 * audiences (the curated audiences of its name, by id) on every turn; reads the details of every
 * insight of the last answer.
 */
export async function askCase(client: ServiceClient, evalCase: EvalCase, audiences: ReadonlyMap<string, string>): Promise<ServiceReply> {
  const docked = (evalCase.docked ?? []).map((name) => {
    const id = audiences.get(name.toLowerCase());
    if (!id) throw new Error(`${evalCase.id}: the service has no audience named '${name}' to dock`);
    return id;
  });
  let chatId = '';
  let last: ChatBody | null = null;
  for (const prompt of [...(evalCase.chat ?? []), evalCase.prompt]) {
    const res = await call(client, 'POST', '/v1/assistant-api/generic', { prompt, chat_id: chatId, ...(docked.length ? { docked_audiences: docked } : {}) });
    if (res.status !== 200) return { error: `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`, message: '', insights: 0, questions: [] };
    last = res.body as ChatBody;
    chatId = last.chat_id;
  }
  const reply = last as ChatBody;
  const questions: string[] = [];
  for (const insight of reply.insights) {
    const res = await call(client, 'GET', `/v1/assistant-api/generic/insights/${insight.id}`);
    if (res.status !== 200)
      return { error: `insight ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`, message: reply.message, insights: reply.insights.length, questions };
    const details = res.body as { computed_from: { attributes: { question: string }[] } };
    questions.push(...details.computed_from.attributes.map((a) => a.question));
  }
  return { message: reply.message, insights: reply.insights.length, questions: [...new Set(questions)] };
}

/** A figure in a sentence: a percentage, or a number of people. */
const FIGURE = /\d+(?:\.\d+)?\s?%|\b\d[\d,.]*\s+(?:million\s+)?people\b/i;
/**
 * The answer's own words when the engine computed no cell for the plan (narrative.ts). Not any
 * "no data": a refusal of the planner says "the survey has no data for <a place or a period>",
 * and that is a refusal (a wrong plan when the case expects numbers), not an engine that lost one.
 */
const NO_DATA = /\bengine returned no data\b/i;

/** Judges the service's reply to a case against what the case expects. */
export function serviceVerdict(evalCase: EvalCase, planRight: boolean, reply: ServiceReply): ServiceVerdict {
  const base = { id: evalCase.id, family: evalCase.family, prompt: evalCase.prompt, message: reply.error ?? reply.message, planRight };
  const problem = problemOf(evalCase, reply);
  return problem ? { ...base, problem } : base;
}

function problemOf(evalCase: EvalCase, reply: ServiceReply): ServiceProblem | undefined {
  if (reply.error) return 'http-error';
  const expect = evalCase.expect;
  if (expect.outcome !== 'answer') {
    if (reply.insights > 0) return 'insight-on-a-refusal';
    return FIGURE.test(reply.message) ? 'numbers-without-insight' : undefined;
  }
  if (reply.insights === 0) return NO_DATA.test(reply.message) ? 'no-data' : 'no-insight';
  const question = expect.topic?.question;
  if (question && !reply.questions.includes(question)) return 'other-question';
  return undefined;
}

export interface ServiceTally {
  family: EvalFamily | 'overall';
  cases: number;
  planRight: number;
  serviceRight: number;
  /** Cases whose plan is right but whose answer through the service is not. */
  lost: number;
  httpErrors: number;
  noData: number;
}

export function tallyServiceVerdicts(verdicts: readonly ServiceVerdict[]): ServiceTally[] {
  const tally = (family: ServiceTally['family'], of: readonly ServiceVerdict[]): ServiceTally => ({
    family,
    cases: of.length,
    planRight: of.filter((v) => v.planRight).length,
    serviceRight: of.filter((v) => !v.problem).length,
    lost: of.filter((v) => v.planRight && v.problem).length,
    httpErrors: of.filter((v) => v.problem === 'http-error').length,
    noData: of.filter((v) => v.problem === 'no-data').length,
  });
  const families = EVAL_FAMILIES.filter((f) => verdicts.some((v) => v.family === f));
  return [
    ...families.map((f) =>
      tally(
        f,
        verdicts.filter((v) => v.family === f),
      ),
    ),
    tally('overall', verdicts),
  ];
}

export function formatServiceTable(rows: readonly ServiceTally[], title: string): string {
  const head = ['family', 'cases', 'plan right', 'answer ok', 'plan right, answer lost', 'http errors', 'no data'];
  const body = rows.map((r) => [r.family, r.cases, r.planRight, r.serviceRight, r.lost, r.httpErrors, r.noData].map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [title, line(head), ...body.map(line)].join('\n');
}
