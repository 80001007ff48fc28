import net from 'node:net';
import { Redis } from 'ioredis';
import { sleep } from '../support/processes';
import { Stack } from '../support/stack';

// Several times the slow reader's pause below, so that a busy machine running the test's own timers
// seconds late (seen at a load average of 14 on 2 cores) does not look like a stalled client.
const WRITE_TIMEOUT_MS = 6000;
/** The slow reader takes BURST_BYTES, then nothing until its next tick. */
const READ_EVERY_MS = 400;
const BURST_BYTES = 512 * 1024;
const MAX_BUFFERED = 64 * 1024;

/** An expression of 40 datapoint leaves: about 2 KiB of JSON, echoed twice in every cell. */
function bigExpression(i: number): object {
  const bands = ['16_24', '25_34', '35_44', '45_54', '55_64'];
  return { or: Array.from({ length: 40 }, (_, k) => ({ question: 'age_group', datapoints: [bands[(i + k) % bands.length]] })) };
}

/** rows x columns audiences with long ids and names: about 5 KiB per streamed cell. */
function body(rows: number, columns: number): string {
  const side = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}-${'i'.repeat(200)}`, name: `${prefix}${i} ${'n'.repeat(240)}`, expression: bigExpression(i) }));
  return JSON.stringify({ rows: side('r', rows), columns: side('c', columns) });
}

/** A raw HTTP/1.1 client, so the test decides exactly when (and whether) it reads. */
function rawRequest(port: number, token: string, payload: string): net.Socket {
  const socket = net.connect(port, '127.0.0.1');
  socket.write(
    `POST /v2/query/crosstab HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
  );
  return socket;
}

/** Reads everything a socket still delivers until it closes (the end of a cut-off stream, or a reset). */
function drain(socket: net.Socket): Promise<{ bytes: number; text: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.once('close', () => {
      const all = Buffer.concat(chunks);
      resolve({ bytes: all.length, text: all.toString('utf8') });
    });
    socket.resume();
  });
}

/**
 * A client that stops reading must not hold a stream (and the gateway memory behind it) for as long
 * as it keeps its connection open: after STREAM_WRITE_TIMEOUT_MS without taking any data it is cut
 * off, and the work still queued for it is removed. A client that reads slowly but steadily is not.
 */
describe('crosstab streams within bounds', () => {
  let stack: Stack;
  let token: string;
  let port: number;

  beforeAll(async () => {
    stack = await Stack.start({
      label: 'stream-bounds',
      jobMode: 'queue',
      workers: 1,
      seed: true,
      env: {
        STREAM_WRITE_TIMEOUT_MS: String(WRITE_TIMEOUT_MS),
        STREAM_MAX_BUFFERED_BYTES: String(MAX_BUFFERED),
        CROSSTAB_CHUNK_CELLS: '1000',
        WORKER_CONCURRENCY: '1',
        JOB_TIMEOUT_MS: '60000',
      },
    });
    token = await stack.token('demo', 1);
    port = Number(new URL(stack.baseUrl).port);
  });
  afterAll(() => stack?.stop());

  async function jobKeys(): Promise<{ waiting: number; active: number; results: number; jobs: number }> {
    const redis = new Redis(stack.redisUrl);
    try {
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, batch] = await redis.scan(cursor, 'MATCH', `${stack.prefix}:engine:*`, 'COUNT', 1000);
        keys.push(...batch);
        cursor = next;
      } while (cursor !== '0');
      const results = await redis.keys(`${stack.prefix}:result:*`);
      return {
        waiting: await redis.llen(`${stack.prefix}:engine:wait`),
        active: await redis.llen(`${stack.prefix}:engine:active`),
        results: results.length,
        jobs: keys.filter((k) => /:engine:[0-9a-f-]{36}$/.test(k)).length,
      };
    } finally {
      redis.disconnect();
    }
  }

  it('cuts off a client that stops reading, within the write timeout, and removes what was queued for it', async () => {
    // 100 x 100 cells of about 5 KiB: some 50 MiB, far more than the sockets' kernel buffers hold.
    const sent = Date.now();
    const stalled = rawRequest(port, token, body(100, 100));
    stalled.on('error', () => undefined);
    // The client reads nothing: the gateway's writes stop being taken once the kernel buffers are full.
    await stack.gateway.waitForLog('client took no data within the write timeout; cut off', 30_000);
    const cutOffMs = Date.now() - sent;
    await stack.gateway.waitForLog('client went away; crosstab stopped', 5_000);
    console.log(`stalled client cut off ${cutOffMs} ms after its request (STREAM_WRITE_TIMEOUT_MS ${WRITE_TIMEOUT_MS})`);

    // What it can still read ends early: the stream was cut, not finished.
    const { text } = await drain(stalled);
    const cells = text.split('\n').filter((l) => l.startsWith('{"row"')).length;
    expect(cells).toBeLessThan(10_000);

    // Nothing of the request stays in Redis: no queued or running block, no result, no job record.
    let left = await jobKeys();
    for (let i = 0; i < 100 && left.waiting + left.active + left.results + left.jobs > 0; i++) {
      await sleep(100);
      left = await jobKeys();
    }
    expect(left).toEqual({ waiting: 0, active: 0, results: 0, jobs: 0 });
  });

  it('does not cut off a client that reads slowly but steadily', async () => {
    const started = Date.now();
    const socket = rawRequest(port, token, body(20, 100));
    const chunks: Buffer[] = [];
    socket.on('error', () => undefined);
    // Takes half a MiB, then nothing until the next tick: about 20 pauses for a 10 MiB stream, each
    // far short of the write timeout, the whole longer than one timeout.
    let burst = 0;
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      burst += c.length;
      if (burst >= BURST_BYTES) socket.pause();
    });
    socket.pause();
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const reader = setInterval(() => {
      burst = 0;
      socket.resume();
    }, READ_EVERY_MS);
    await closed;
    clearInterval(reader);
    const tookMs = Date.now() - started;
    console.log(`slow reader took its whole stream in ${tookMs} ms`);
    // It took longer than one write timeout in all, so the bound is on idleness, not on the whole stream.
    expect(tookMs).toBeGreaterThan(WRITE_TIMEOUT_MS);
    const text = Buffer.concat(chunks).toString('utf8');
    const head = text.slice(0, text.indexOf('\r\n\r\n'));
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    const lines = text
      .slice(text.indexOf('\r\n\r\n') + 4)
      .split('\n')
      .filter((l) => l.startsWith('{'));
    expect(lines.filter((l) => l.startsWith('{"row"'))).toHaveLength(2000);
    expect(lines.some((l) => l.includes('"status"'))).toBe(false);
  });
});
