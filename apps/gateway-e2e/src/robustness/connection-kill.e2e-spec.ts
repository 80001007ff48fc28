import { Client as PgClient } from 'pg';
import request from 'supertest';
import { client, Client } from '../support/client';
import { Stack } from '../support/stack';

/**
 * Writes of the three stored resources while another client kills the gateway's Postgres
 * connections over and over. The contract (checkThenWrite): a 2xx means the write is committed,
 * and a 5xx means it is not (503, safe to retry), so a retrying client never makes a duplicate
 * nor loses a write it was told succeeded. Checked write by write against the database after
 * the kills stop: each write names its row with a marker of its own, and each PUT or PATCH
 * targets a row of its own, so every outcome can be told apart.
 */

type Kind = 'audience POST' | 'audience PUT' | 'audience PATCH' | 'crosstab POST' | 'crosstab PUT' | 'crosstab PATCH' | 'chart POST' | 'chart PUT';
const KINDS: Kind[] = ['audience POST', 'audience PUT', 'audience PATCH', 'crosstab POST', 'crosstab PUT', 'crosstab PATCH', 'chart POST', 'chart PUT'];
const PER_KIND = 100;
const CONCURRENCY = 8;
const KILL_EVERY_MS = 40;

const TABLE: Record<string, { table: string; key: string }> = {
  audience: { table: 'saved_audiences', key: 'id' },
  crosstab: { table: 'saved_crosstabs', key: 'uuid' },
  chart: { table: 'charts', key: 'id' },
};
const WOMEN = { question: 'gender', datapoints: ['female'] };
const audienceBody = (name: string) => ({ name, expression: WOMEN, folder_id: null, position: 1 });

interface Write {
  kind: Kind;
  marker: string;
  /** The row a PUT or PATCH changes (its own, created before the kills). */
  target?: string;
  status?: number;
  /** The id a 2xx POST answered. */
  answeredId?: string;
}

describe('writes while Postgres connections are killed', () => {
  let stack: Stack;
  let demo: Client;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'connkill', jobMode: 'inline', seed: { respondents: 1000, seed: 1 } });
    demo = client(stack, await stack.token('demo', 601));
  });
  afterAll(() => stack?.stop());

  /** Creates a row to be changed later (before any kill); answers its id. */
  async function target(kind: Kind, i: number): Promise<string> {
    const name = `target-${kind.replace(' ', '-')}-${i}`;
    if (kind.startsWith('audience')) {
      const res = await demo.post('/v2/saved/audiences', audienceBody(name));
      expect(res.status).toBe(201);
      return res.body.data.id;
    }
    if (kind.startsWith('crosstab')) {
      const res = await demo.post('/v2/saved/crosstabs', { name });
      expect(res.status).toBe(200);
      return res.body.uuid;
    }
    const res = await demo.post('/v1/charts', { name });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  function send(write: Write): request.Test {
    const { kind, marker, target: id } = write;
    switch (kind) {
      case 'audience POST':
        return demo.post('/v2/saved/audiences', audienceBody(marker));
      case 'audience PUT':
        return demo.put(`/v2/saved/audiences/${id}`, audienceBody(marker));
      case 'audience PATCH':
        return demo.patch(`/v2/saved/audiences/${id}`, { name: marker });
      case 'crosstab POST':
        return demo.post('/v2/saved/crosstabs', { name: marker, rows: [{ expression: { qustion: 'gender', options: ['female'] } }] });
      case 'crosstab PUT':
        return demo.put(`/v2/saved/crosstabs/${id}`, { name: marker });
      case 'crosstab PATCH':
        return demo.patch(`/v2/saved/crosstabs/${id}`, { name: marker });
      case 'chart POST':
        return demo.post('/v1/charts', { name: marker });
      case 'chart PUT':
        return demo.put(`/v1/charts/${id}`, { name: marker });
    }
  }

  it('answers 2xx only for committed writes and 503 only for writes that did not happen: none lost, none duplicated', async () => {
    const writes: Write[] = [];
    for (let i = 0; i < PER_KIND; i++) {
      for (const kind of KINDS) {
        const write: Write = { kind, marker: `kill-${kind.replace(' ', '-')}-${i}` };
        if (!kind.endsWith('POST')) write.target = await target(kind, i);
        writes.push(write);
      }
    }

    // The killer: every backend of the test database but its own, every KILL_EVERY_MS.
    const killer = new PgClient({ connectionString: stack.databaseUrl });
    await killer.connect();
    let killing = true;
    let killed = 0;
    let rounds = 0;
    const kills = (async () => {
      while (killing) {
        const { rows } = await killer.query(
          `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
        );
        killed += rows[0].n as number;
        rounds++;
        await new Promise((r) => setTimeout(r, KILL_EVERY_MS));
      }
    })();

    const started = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < writes.length) {
        const write = writes[next++];
        // No answer at all (the gateway went away) is recorded as status 0, so the summary still prints.
        const res = await send(write).catch(() => ({ status: 0, body: undefined }));
        write.status = res.status;
        if (res.status >= 200 && res.status < 300 && write.kind.endsWith('POST')) {
          write.answeredId = write.kind.startsWith('audience') ? res.body.data.id : write.kind.startsWith('crosstab') ? res.body.uuid : res.body.id;
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    } finally {
      killing = false;
      await kills;
      await killer.end();
    }
    const elapsed = Date.now() - started;

    // What the database holds, by marker.
    const stored = new Map<string, { key: string; name: string }[]>();
    for (const { table, key } of Object.values(TABLE)) {
      for (const row of await stack.query<{ key: string; name: string }>(
        `SELECT ${key}::text AS key, name FROM ${table} WHERE name LIKE 'kill-%' OR name LIKE 'target-%'`,
      )) {
        stored.set(row.name, [...(stored.get(row.name) ?? []), row]);
        stored.set(row.key, [...(stored.get(row.key) ?? []), row]);
      }
    }
    const lost: Write[] = [];
    const hidden: Write[] = [];
    const duplicated: Write[] = [];
    for (const write of writes) {
      const ok = write.status! >= 200 && write.status! < 300;
      if (write.kind.endsWith('POST')) {
        const rows = stored.get(write.marker) ?? [];
        if (rows.length > 1) duplicated.push(write);
        if (ok && (rows.length !== 1 || rows[0].key !== write.answeredId)) lost.push(write);
        if (!ok && rows.length > 0) hidden.push(write);
      } else {
        const [row] = stored.get(write.target!) ?? [];
        const applied = row?.name === write.marker;
        if (ok && !applied) lost.push(write);
        if (!ok && applied) hidden.push(write);
      }
    }

    const byStatus: Record<string, number> = {};
    for (const w of writes) byStatus[w.status!] = (byStatus[w.status!] ?? 0) + 1;
    const summary = {
      writes: writes.length,
      byStatus,
      acknowledged: writes.filter((w) => w.status! >= 200 && w.status! < 300).length,
      lost: lost.length,
      hiddenCommits: hidden.length,
      duplicated: duplicated.length,
      killRounds: rounds,
      backendsKilled: killed,
      ms: elapsed,
    };
    console.log(`connection-kill: ${JSON.stringify(summary)}`);
    if (!stack.gateway.running || byStatus['0'] !== undefined) {
      throw new Error(`the gateway stopped answering (${JSON.stringify(summary)}); its output:\n${stack.gateway.logs.slice(-8_000)}`);
    }

    // The kills did hit writes: some failed, and yet most were acknowledged.
    expect(killed).toBeGreaterThan(0);
    expect({ lost, hidden, duplicated }).toEqual({ lost: [], hidden: [], duplicated: [] });
    // 503 is the only failure: "not written, retry" (no 500 that might hide a commit, no dropped connection).
    expect(Object.keys(byStatus).filter((s) => !['200', '201', '503'].includes(s))).toEqual([]);
    // The gateway survived: it answers reads and writes once the kills stop.
    expect((await demo.post('/v1/charts', { name: 'after the kills' })).status).toBe(201);
  }, 420_000); // 600 writes one after another while connections die: minutes on a busy machine
});
