/**
 * Stalled-client benchmark (not a test): 60 clients each start a 100x100 crosstab stream and never
 * read it, against the built gateway and two workers; the gateway's resident memory is sampled
 * every half second for BENCH_HOLD_S (default 60 s), then the clients leave and it is sampled again.
 * Each stalled stream may hold at most STREAM_MAX_BUFFERED_BYTES (plus one 64 K-character write and
 * the block being written) in the gateway, and only until STREAM_WRITE_TIMEOUT_MS has passed
 * without the client taking data; then it is cut off.
 *
 *   npm run bench:stalled-clients
 *   BENCH_CLIENTS=60 BENCH_SIZE=100 BENCH_HOLD_S=60 npm run bench:stalled-clients
 *
 * Admission control is raised out of the way (ENGINE_MAX_JOBS_IN_FLIGHT 100000) so that every
 * client gets its stream: this measures the streams' bound, not admission. DATABASE_URL defaults to
 * the local aas_bench_reliability (50,000 respondents, seed 42, seeded when it holds anything else).
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { crosstabBody, demoToken, ensureSurveyDatabase, loadAverage, machine, rssMiB, sleep, startGateway, startRedisServer, startWorker } from './bench-stack';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/aas_bench_reliability';
const RESPONDENTS = Number(process.env.BENCH_RESPONDENTS ?? 50_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 60);
const SIZE = Number(process.env.BENCH_SIZE ?? 100);
const HOLD_S = Number(process.env.BENCH_HOLD_S ?? 60);

/** Sends the request on a raw socket and never reads the answer. */
function stalledClient(port: number, token: string, body: string): net.Socket {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(
    `POST /v2/query/crosstab HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  return socket;
}

async function main(): Promise<void> {
  console.log(`stalled clients: ${machine()}`);
  await ensureSurveyDatabase(DATABASE_URL, RESPONDENTS);
  const redisServer = await startRedisServer();
  const env = {
    DATABASE_URL,
    REDIS_URL: redisServer.url,
    REDIS_PREFIX: `aas-stall-${randomBytes(4).toString('hex')}`,
    JOB_MODE: 'queue',
    ENGINE_MAX_JOBS_IN_FLIGHT: '100000',
    ENGINE_MAX_JOBS_IN_FLIGHT_PER_ORG: '100000',
    JOB_TIMEOUT_MS: '120000',
  };
  const workers = [await startWorker(env, 'worker-1'), await startWorker(env, 'worker-2')];
  const { gateway, baseUrl } = await startGateway(env);
  const port = Number(new URL(baseUrl).port);
  const token = await demoToken(DATABASE_URL);
  const body = crosstabBody(SIZE);
  try {
    // Warm-up: the workers load their partitions, the gateway its catalogue; the size of one whole answer.
    let answerBytes = 0;
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${baseUrl}/v2/query/crosstab`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      answerBytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`warm-up answered ${res.status}`);
    }
    await sleep(2000);
    const baseline = rssMiB(gateway.pid);
    console.log(
      `${CLIENTS} clients, ${SIZE}x${SIZE} crosstab (${(answerBytes / 1024 / 1024).toFixed(1)} MiB per whole answer), ${RESPONDENTS} respondents; ` +
        `gateway RSS before: ${baseline} MiB; load average ${loadAverage()}`,
    );

    const sockets = Array.from({ length: CLIENTS }, () => stalledClient(port, token, body));
    const samples: { t: number; rss: number; cutOff: number }[] = [];
    const started = Date.now();
    while (Date.now() - started < HOLD_S * 1000) {
      await sleep(500);
      samples.push({ t: (Date.now() - started) / 1000, rss: rssMiB(gateway.pid), cutOff: (gateway.logs.match(/cut off/g) ?? []).length });
    }
    const peak = samples.reduce((a, b) => (b.rss > a.rss ? b : a));
    const cutOff = (gateway.logs.match(/cut off/g) ?? []).length;
    const every5 = [5, 10, 15, 20, 25, 30, 40, 50, 60, 90, 120]
      .filter((t) => t <= HOLD_S)
      .map((t) => samples.reduce((a, b) => (Math.abs(b.t - t) < Math.abs(a.t - t) ? b : a)));
    console.log(`  gateway RSS while the clients stall: ${every5.map((s) => `${s.t.toFixed(0)} s ${s.rss} MiB (${s.cutOff} cut off)`).join(', ')}`);
    console.log(
      `  peak ${peak.rss} MiB at ${peak.t.toFixed(1)} s: +${peak.rss - baseline} MiB, ${((peak.rss - baseline) / CLIENTS).toFixed(1)} MiB per stalled client`,
    );
    console.log(`  at ${HOLD_S} s: ${samples[samples.length - 1].rss} MiB; clients cut off by the gateway: ${cutOff} of ${CLIENTS}`);
    for (const s of sockets) s.destroy();
    await sleep(5000);
    console.log(`  5 s after the clients left: ${rssMiB(gateway.pid)} MiB; load average ${loadAverage()}`);
  } finally {
    await Promise.all([gateway.stop(), ...workers.map((w) => w.stop())]);
    redisServer.process.kill('SIGKILL');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
