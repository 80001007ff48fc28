/**
 * Assistant latency benchmark (not a test):
 * 1. the planner alone over every prompt of the tuning evaluation set (each planned after its
 *    chat, as the scorer does), 20 runs each: median and p95 per prompt, summarised;
 * 2. chat turns end to end through HTTP (POST /v1/assistant-api/generic) on the demo data: the
 *    built gateway and one worker over a database seeded as `npm start` seeds it (200,000
 *    respondents, seed 42), a varied list of prompts (shares, rankings, comparisons, trends,
 *    indexing, open indexing over every datapoint, follow-ups, refusals, and the questions with
 *    structure: non-users, combinations, ranked markets and groups, change compared, a brief, an
 *    ask the catalogue cannot answer), a warm-up pass and 5
 *    timed passes: p50 and p95 per prompt and over every turn.
 * Printed with the core count, the data size and the load average.
 *
 *   npm run bench:assistant            (DATABASE_URL, default: the local server's aas_bench_assistant database)
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { AnalysisPlan, planPrompt } from '@aas/assistant-domain';
import { dockedAudiences, evalCatalogue, parseEvalCases } from '@aas/assistant-domain/eval';
import { dataSourceOptions, ensureOrgAndUser } from '@aas/shared-infra';
import { signDevToken } from '@aas/shared-infra/http';
import { migrateDatabase } from '@aas/shared-schema';
import { seedSurvey } from '../seed/seed-survey';
import { freePort, launch, median, ROOT } from './bench-processes';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/aas_bench_assistant';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const RESPONDENTS = 200_000;
const PLANNER_RUNS = 20;
const HTTP_RUNS = 5;
const SECRET = randomBytes(24).toString('hex');

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** Chats of the end-to-end run: each list is one chat, its prompts asked in turn. */
const CHATS: string[][] = [
  ['What share of Germans use TikTok?', 'how has that changed?', 'what about Boomers?'],
  ['Do men or women use Instagram more?', 'and Boomers?'],
  ['Top 3 streaming services in France'],
  ['How has Facebook usage changed over the last year in the UK?'],
  ['What share of Gen Z women in the US use Pinterest?'],
  ['How many Americans own a smartwatch?'],
  ['TikTok usage in the UK vs Germany'],
  ['Which game genres do women over-index on?'],
  ['What makes Gen Z different?'],
  ['What share of TikTok users shop on TikTok Shop?'],
  ['¿Qué porcentaje de la Generación Z usa TikTok en España?'],
  ['Instagram use among Gen Z: now vs a year ago'],
  ['What share of Italians use Instagram?'],
  ['What share of people in the US use Apple?'],
  // Questions with structure (issue 28): a complement, a combined subject, every market ranked,
  // the groups of a demographic question, change compared, a paired period, a brief, an ask the
  // catalogue cannot answer, a mean.
  ["What share of Germans don't use Facebook at all?"],
  ['How many people use both Netflix and Disney+, in millions?'],
  ['In which country is TikTok most used?'],
  ['Which age group is most likely to use Snapchat?'],
  ['Did Instagram grow more in the US or the UK over the last year?'],
  ['Is Netflix up or down vs the same quarter last year?'],
  ['We are planning a campaign for a music app and growth has stalled in Europe. The question from the board: what share of Gen Z in France use Spotify?'],
  ['What is the average satisfaction score of Netflix subscribers?'],
];

function plannerAlone(): void {
  const cases = parseEvalCases(JSON.parse(readFileSync(path.join(ROOT, 'libs/assistant/domain/eval/tuning.json'), 'utf8')), 'tuning');
  const started = performance.now();
  const catalogues = { demo: evalCatalogue('demo'), 'acme-retail': evalCatalogue('acme-retail') };
  // The first plan of a catalogue builds its index (once per catalogue object, then cached).
  for (const c of Object.values(catalogues)) planPrompt({ prompt: 'warm up', catalogue: c });
  const buildMs = performance.now() - started;
  const perPrompt: { prompt: string; median: number; p95: number }[] = [];
  for (const c of cases) {
    const catalogue = catalogues[c.org];
    const docked = dockedAudiences(catalogue, c.docked ?? []);
    let previous: AnalysisPlan | null = null;
    for (const prompt of c.chat ?? []) {
      const out = planPrompt({ prompt, catalogue, previous, docked });
      if (out.outcome === 'answer') previous = out.plan;
    }
    const times: number[] = [];
    for (let r = 0; r < PLANNER_RUNS; r++) {
      const t = performance.now();
      planPrompt({ prompt: c.prompt, catalogue, previous, docked });
      times.push(performance.now() - t);
    }
    perPrompt.push({ prompt: c.prompt, median: median(times), p95: quantile(times, 0.95) });
  }
  const medians = perPrompt.map((p) => p.median);
  const p95s = perPrompt.map((p) => p.p95);
  console.log(
    `planner alone: ${cases.length} tuning prompts x ${PLANNER_RUNS} runs (catalogue index built in ${buildMs.toFixed(0)} ms for two organisations, once)`,
  );
  console.log(
    `  per-prompt median: p50 ${quantile(medians, 0.5).toFixed(2)} ms, p95 ${quantile(medians, 0.95).toFixed(2)} ms, max ${Math.max(...medians).toFixed(2)} ms`,
  );
  console.log(
    `  per-prompt p95:    p50 ${quantile(p95s, 0.5).toFixed(2)} ms, p95 ${quantile(p95s, 0.95).toFixed(2)} ms, max ${Math.max(...p95s).toFixed(2)} ms`,
  );
  for (const p of [...perPrompt].sort((a, b) => b.median - a.median).slice(0, 5))
    console.log(`  slowest: median ${p.median.toFixed(2)} ms, p95 ${p.p95.toFixed(2)} ms  ${p.prompt}`);
  console.log(`  load average ${load()}`);
}

async function ensureDatabase(): Promise<void> {
  const admin = new Client({ connectionString: DATABASE_URL.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const name = new URL(DATABASE_URL).pathname.slice(1);
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  await migrateDatabase(DATABASE_URL);
  const ds = new DataSource(dataSourceOptions(DATABASE_URL, { logging: ['error'], extra: { statement_timeout: 0 } }));
  await ds.initialize();
  const rows: { respondents: number }[] = await ds.query(`SELECT (details->>'respondents')::int AS respondents FROM data_versions WHERE name = 'survey'`);
  if (rows[0]?.respondents !== RESPONDENTS) {
    console.log(`seeding ${RESPONDENTS} respondents (seed 42) into ${name} ...`);
    const report = await seedSurvey(ds, { respondents: RESPONDENTS, seed: 42 });
    console.log(`seeded in ${(report.totalMs / 1000).toFixed(1)} s`);
  }
  await ensureOrgAndUser(ds, { id: 'demo' }, { id: 1 });
  await ds.destroy();
}

async function ask(baseUrl: string, token: string, prompt: string, chatId: string): Promise<{ ms: number; chatId: string; insights: number }> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/v1/assistant-api/generic`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt, chat_id: chatId }),
  });
  const body = (await res.json()) as { chat_id: string; insights: unknown[]; detail?: string };
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${prompt}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, chatId: body.chat_id, insights: body.insights.length };
}

async function endToEnd(): Promise<void> {
  await ensureDatabase();
  const port = await freePort();
  const env = {
    DATABASE_URL,
    REDIS_URL,
    REDIS_PREFIX: `aas-bench-${randomBytes(4).toString('hex')}`,
    JOB_MODE: process.env.BENCH_JOB_MODE ?? 'queue',
    JWT_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    // Benchmarks measure the service's capacity, not the per-organisation rate limit.
    RATE_LIMIT_REQUESTS: '0',
  };
  const worker = launch('apps/worker/src/main.js', env);
  const gateway = launch('apps/gateway/src/main.js', env);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    let ready = false;
    for (let i = 0; i < 600 && !ready; i++) {
      ready = await fetch(`${baseUrl}/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 100));
    }
    if (!ready) throw new Error('the gateway did not become ready within 60 s');
    const token = signDevToken(SECRET, { sub: 1, org: 'demo' });
    const times = new Map<string, number[]>();
    const insights = new Map<string, number>();
    for (let run = 0; run <= HTTP_RUNS; run++) {
      for (const chat of CHATS.filter((c) => !process.env.BENCH_PROMPT || c[0].includes(process.env.BENCH_PROMPT))) {
        let chatId = '';
        for (const prompt of chat) {
          const turn = await ask(baseUrl, token, prompt, chatId);
          chatId = turn.chatId;
          // Run 0 is the warm-up (engine partitions loaded, catalogue cached).
          if (run > 0) times.set(prompt, [...(times.get(prompt) ?? []), turn.ms]);
          insights.set(prompt, turn.insights);
        }
      }
    }
    const all = [...times.values()].flat();
    console.log(
      `chat turns end to end (gateway + 1 worker, queue mode, ${RESPONDENTS.toLocaleString('en-GB')} respondents, ${all.length} turns after a warm-up pass):`,
    );
    for (const [prompt, list] of times)
      console.log(
        `  p50 ${median(list).toFixed(0).padStart(4)} ms  p95 ${quantile(list, 0.95).toFixed(0).padStart(4)} ms  ${String(insights.get(prompt)).padStart(2)} insights  ${prompt}`,
      );
    console.log(`  every turn: p50 ${quantile(all, 0.5).toFixed(0)} ms, p95 ${quantile(all, 0.95).toFixed(0)} ms, max ${Math.max(...all).toFixed(0)} ms`);
    console.log(`  load average ${load()}`);
  } finally {
    for (const p of [gateway, worker]) p.kill('SIGTERM');
  }
}

async function main(): Promise<void> {
  console.log(`assistant benchmark: ${os.cpus().length} cores, load average ${load()}, node ${process.version}`);
  plannerAlone();
  if (process.env.BENCH_PLANNER_ONLY !== '1') await endToEnd();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
