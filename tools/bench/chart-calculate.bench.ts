/**
 * End-to-end chart benchmark (not a test): the built gateway and one worker process over the
 * 1,000,000-respondent database, a 50-datapoint x 5-audience chart over 4 waves calculated through
 * HTTP (POST /v1/charts/{id}/calculate, job on the worker), one warm-up then the median of 7 runs.
 *
 *   npx tsc -p tsconfig.build.json
 *   node -r ./tools/runtime/register.js dist/tools/bench/chart-calculate.bench.js
 *
 * DATABASE_URL defaults to the local server's aas_bench (seeded with --respondents 1000000
 * --seed 42; this bench never seeds it). The organisation and user come from the token CLI.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { buildCatalogue } from '@aas/demo-data-domain';
import { freePort, launch, median, REGISTER, ROOT } from './bench-processes';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/aas_bench';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const RUNS = 7;
const WAVES = ['q4_2025', 'q1_2026', 'q2_2026', 'q3_2026'];
const SECRET = randomBytes(24).toString('hex');

/** 50 datapoints across the core questions (a suffix for grids). */
function attributes(count: number) {
  const { catalogue } = buildCatalogue();
  const out: { namespace_code: string; question_code: string; datapoint_code: string; suffix_code: string }[] = [];
  for (const q of catalogue.questions.filter((x) => x.namespace_code === 'core')) {
    for (const dp of q.datapoints.slice(0, 2)) {
      out.push({ namespace_code: 'core', question_code: q.code, datapoint_code: dp.code, suffix_code: q.suffixes[0]?.code ?? '' });
    }
  }
  return out.slice(0, count);
}

const AUDIENCES = [
  { id: 'genz', expression: { question: 'age_group', datapoints: ['16_24'] } },
  { id: 'women', expression: { question: 'gender', datapoints: ['female'] } },
  {
    id: 'rich-men',
    expression: {
      and: [
        { question: 'gender', datapoints: ['male'] },
        { question: 'income_group', datapoints: ['high'] },
      ],
    },
  },
  {
    id: 'tiktok-or-insta',
    expression: {
      or: [
        { question: 'social_platform_usage', datapoints: ['tiktok'] },
        { question: 'social_platform_usage', datapoints: ['instagram'] },
      ],
    },
  },
  { id: 'not-parents', expression: { question: 'parent_status', datapoints: ['parent'], not: true } },
];

async function dataSize(): Promise<string> {
  const client = new Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const total = await client.query(`SELECT details->>'respondents' AS n FROM data_versions WHERE name = 'survey'`);
    const selected = await client.query(
      `SELECT count(*)::int AS partitions, sum(respondent_count)::int AS respondents FROM respondent_partitions WHERE dataset_code = 'core' AND wave_code = ANY($1)`,
      [WAVES],
    );
    return `${total.rows[0]?.n} respondents in the database; the chart reads ${selected.rows[0].respondents} of them (dataset core, 4 waves, every location: ${selected.rows[0].partitions} partitions)`;
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const port = await freePort();
  const env = {
    DATABASE_URL,
    REDIS_URL,
    REDIS_PREFIX: `aas-chart-bench-${randomBytes(4).toString('hex')}`,
    JOB_MODE: 'queue',
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
    for (let i = 0; i < 600; i++) {
      if (
        await fetch(`${baseUrl}/health/ready`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const printed = execFileSync(process.execPath, ['-r', REGISTER, path.join(ROOT, 'dist', 'tools', 'token', 'token.js'), '--org', 'demo', '--user', '1'], {
      env: { ...process.env, DATABASE_URL, JWT_SECRET: SECRET },
      encoding: 'utf8',
    });
    const token = printed.trim().split('\n').pop() ?? '';
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const attrs = attributes(50);
    const created = await fetch(`${baseUrl}/v1/charts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'bench: 50 datapoints x 5 audiences', attributes: attrs, audiences: AUDIENCES, wave_codes: WAVES }),
    });
    if (created.status !== 201) throw new Error(`create: HTTP ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };

    const calculate = async (): Promise<number> => {
      const started = performance.now();
      const res = await fetch(`${baseUrl}/v1/charts/${id}/calculate`, { method: 'POST', headers });
      const body = (await res.json()) as { stats: { code: number; data: unknown[] }[] };
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`calculate: HTTP ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
      const good = body.stats.filter((s) => s.code === 200 && s.data.length === AUDIENCES.length).length;
      if (good !== attrs.length) throw new Error(`calculate: ${good} of ${attrs.length} stats computed`);
      return ms;
    };

    const warm = await calculate();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await calculate());
    await fetch(`${baseUrl}/v1/charts/${id}`, { method: 'DELETE', headers });

    console.log(`chart: ${attrs.length} datapoints x ${AUDIENCES.length} audiences, waves ${WAVES.join(', ')}`);
    console.log(`data: ${await dataSize()}`);
    console.log(
      `cores: ${os.cpus().length} (load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    console.log(`warm-up (loads the partitions into the worker): ${warm.toFixed(0)} ms`);
    console.log(`runs: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
    console.log(`median of ${RUNS}: ${median(times).toFixed(0)} ms (target <= 300 ms)`);
  } finally {
    gateway.kill('SIGTERM');
    worker.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
