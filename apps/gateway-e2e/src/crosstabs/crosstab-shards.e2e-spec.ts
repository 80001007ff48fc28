import { Redis } from 'ioredis';
import { AppProcess, eventually, sleep } from '../support/processes';
import { Stack } from '../support/stack';

/**
 * Data split into shards (ENGINE_SHARDS): each partition belongs to one shard, workers hold only the
 * partitions of the shards they serve, and the gateway adds the shards' sums. What a client must
 * see: the same figures however many workers serve the shards, even while one of them dies and
 * its shard moves; and, against the unsplit data, the same counts and the same weighted figures
 * up to the order in which floating-point sums were added.
 */

const GEN_Z = { question: 'age_group', datapoints: ['16_24'] };
const WOMEN = { question: 'gender', datapoints: ['female'] };
const MEN = { question: 'gender', datapoints: ['male'] };
const OLDER = { question: 'age_group', datapoints: ['55_64'] };
const SHARDS = 4;

/** 6 rows x 5 columns over every wave and market, with significance and Kish bases: every kind of sum the merge adds. */
const BODY = {
  rows: [GEN_Z, WOMEN, MEN, OLDER, { and: [GEN_Z, WOMEN] }, { or: [OLDER, MEN] }].map((expression, i) => ({ id: `r${i}`, expression })),
  columns: [WOMEN, MEN, GEN_Z, { question: 'age_group', datapoints: ['25_34', '35_44'] }, { ...OLDER, not: true }].map((expression, i) => ({
    id: `c${i}`,
    expression,
  })),
  base_audience: { id: 'b', expression: { question: 'age_group', datapoints: ['45_54'], not: true } },
};
/** Blocks of 10 cells: several jobs per shard, so blocks and shards are both merged. */
const CHUNK = '10';

type Cell = Record<string, unknown> & { row_index: number; column_index: number };

/** 40 x 25 cells in blocks of 10: 100 blocks, 400 jobs over four shards, so a worker is in the middle of them when it dies. */
const MANY = {
  rows: Array.from({ length: 40 }, (_, i) => BODY.rows[i % BODY.rows.length]).map((r, i) => ({ ...r, id: `r${i}` })),
  columns: Array.from({ length: 25 }, (_, i) => BODY.columns[i % BODY.columns.length]).map((c, i) => ({ ...c, id: `c${i}` })),
  base_audience: BODY.base_audience,
};

async function crosstab(stack: Stack, token: string, body: object = BODY): Promise<Cell[]> {
  const res = await fetch(`${stack.baseUrl}/v2/query/crosstab?significance=95&effective_base=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`crosstab answered ${res.status}: ${text.slice(0, 2000)}`);
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Cell)
    .sort((a, b) => a.row_index - b.row_index || a.column_index - b.column_index);
}

/** Every number of two results, side by side, with where it sits. */
function numbers(value: unknown, path = ''): [string, number][] {
  if (typeof value === 'number') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => numbers(v, `${path}/${i}`));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => numbers(v, `${path}/${k}`));
  return [];
}

/** The live workers (id `<host>-<pid>-<random>`) and the shard queues each consumes, from the gateway's readiness answer (the heartbeats). */
async function liveShards(stack: Stack): Promise<{ id: string; queues: string[] }[]> {
  const res = await fetch(`${stack.baseUrl}/health/ready`);
  const body = (await res.json()) as { workers?: { id: string; queues: string[] }[] };
  return (body.workers ?? []).map((w) => ({ id: w.id, queues: w.queues.filter((q) => q.startsWith('engine-s')).sort() }));
}

async function shardQueues(stack: Stack): Promise<string[][]> {
  return (await liveShards(stack)).map((w) => w.queues);
}

/** The shard queues of the jobs a worker ran (its 'job run' log lines). */
function queuesRun(worker: AppProcess): Set<string> {
  const lines = worker.logs.split('\n').filter((line) => line.includes('"msg":"job run"'));
  return new Set(lines.map((line) => /"queue":"(engine-s\d+)"/.exec(line)?.[1]).filter((q): q is string => q !== undefined));
}

describe('crosstabs over data split into shards', () => {
  let unsplit: Stack;
  let sharded: Stack;
  let reference: Cell[];
  let unsplitToken: string;
  let token: string;

  beforeAll(async () => {
    const env = { CROSSTAB_CHUNK_CELLS: CHUNK, WORKER_LOCK_MS: '2000', JOB_TIMEOUT_MS: '60000' };
    // Started one after the other: two seeded stacks at once would crowd a 2-core machine.
    unsplit = await Stack.start({ label: 'unsplit', jobMode: 'queue', workers: 1, seed: true, env });
    sharded = await Stack.start({
      label: 'shards',
      jobMode: 'queue',
      workers: 0,
      waitFor: 'dependencies',
      seed: true,
      env: { ...env, ENGINE_SHARDS: String(SHARDS) },
    });
    unsplitToken = await unsplit.token('demo', 1);
    token = await sharded.token('demo', 1);
    reference = await crosstab(unsplit, unsplitToken);
  });
  afterAll(async () => {
    await Promise.allSettled([unsplit?.stop(), sharded?.stop()]);
  });

  const running = (): AppProcess[] => sharded.workers.filter((w) => w.running);
  const logsOf = (workers: AppProcess[]): string =>
    workers.map((w) => `--- ${w.name} (pid ${w.running ? w.pid : 'exited'})\n${w.logs.slice(-3000)}`).join('\n');

  let oneWorker: Cell[];

  it('one worker with no home shard serves every shard: the same counts as the unsplit data, weighted figures to 1e-12', async () => {
    await sharded.startWorker();
    oneWorker = await crosstab(sharded, token);
    expect(oneWorker).toHaveLength(30);
    // It adopted all four shard queues.
    expect(sharded.workers[0].logs.match(/adopted a shard/g)).toHaveLength(SHARDS);
    const got = numbers(oneWorker);
    const want = numbers(reference);
    expect(got.map(([path]) => path)).toEqual(want.map(([path]) => path));
    got.forEach(([path, value], i) => {
      const expected = want[i][1];
      if (/sample|_index$/.test(path)) expect([path, value]).toEqual([path, expected]);
      else if (Math.abs(value - expected) > 1e-12 * Math.max(1, Math.abs(expected))) throw new Error(`${path}: ${value} against ${expected} unsplit`);
    });
  });

  it('four workers, one per shard, give the same figures to the last bit; each holds only its shard', async () => {
    // The shard-less worker leaves; four workers with a home shard each come.
    await sharded.workers[0].stop();
    for (let shard = 0; shard < SHARDS; shard++) await sharded.startWorker({ WORKER_SHARD: String(shard) });
    // A worker that came first adopted the shards still without theirs; it hands them back within an interval.
    const homesOnly = Array.from({ length: SHARDS }, (_, shard) => [`engine-s${shard}`]);
    await eventually(
      'each worker serving only its home shard',
      async () => JSON.stringify((await shardQueues(sharded)).sort()) === JSON.stringify(homesOnly),
      async () => `${JSON.stringify(await shardQueues(sharded))}\n${logsOf(running())}`,
    );
    const four = await crosstab(sharded, token);
    expect(four).toEqual(oneWorker);
    // Every home worker computed jobs of its own queue, and of no other.
    for (const [shard, worker] of running().entries()) expect([...queuesRun(worker)]).toEqual([`engine-s${shard}`]);
  });

  it('a killed worker’s shard is adopted by a survivor and handed back when a worker for it returns, the figures unchanged', async () => {
    const victim = running()[1];
    victim.child.kill('SIGKILL');
    await victim.exited;
    // Asked at once: shard 1's jobs wait in its queue until a survivor sees the dead heartbeat (~10 s) and adopts it.
    const duringDeath = await crosstab(sharded, token);
    expect(duringDeath).toEqual(oneWorker);
    // The survivor whose heartbeat now lists shard 1's queue.
    const survivors = running();
    let adopter: AppProcess | undefined;
    await eventually(
      'a survivor listing shard 1 among its queues',
      async () => {
        const holder = (await liveShards(sharded)).find((w) => w.queues.includes('engine-s1'));
        adopter = holder && survivors.find((w) => holder.id.includes(`-${w.pid}-`));
        return adopter !== undefined;
      },
      async () => `${JSON.stringify(await liveShards(sharded))}\n${logsOf(survivors)}`,
    );
    if (adopter === undefined) throw new Error('unreachable');
    const holder = adopter;
    // The adopter may have handed shards back before (at the start, before every home worker was up): count from now.
    const handBacks = (): string[] => holder.logs.split('\n').filter((line) => line.includes('handed a shard back') && line.includes('"queue":"engine-s1"'));
    const before = handBacks().length;
    const back = await sharded.startWorker({ WORKER_SHARD: '1' });
    await eventually(
      'the adopter handing shard 1 back',
      () => handBacks().length > before,
      () => logsOf([holder, back]),
    );
    // It computed shard 1 while it held it, so it held that shard's partitions, and dropped them.
    expect(Number(/"droppedPartitions":(\d+)/.exec(handBacks()[before])?.[1])).toBeGreaterThan(0);
    expect(await crosstab(sharded, token)).toEqual(oneWorker);
  });

  it('the jobs a worker held when it died are retried by the worker that adopts its shard, and the answer is unchanged', async () => {
    const expected = await crosstab(sharded, token, MANY);
    const victim = sharded.workers[sharded.workers.length - 1];
    expect(victim.logs).toContain('"homeShard":1');
    const redis = new Redis(sharded.redisUrl);
    try {
      const pending = crosstab(sharded, token, MANY);
      pending.catch(() => undefined);
      // Frozen (SIGSTOP) first, then read: the jobs it holds cannot finish between the look and the kill.
      let held: string[] = [];
      for (let tries = 0; held.length === 0 && tries < 200; tries++) {
        await sleep(10);
        victim.child.kill('SIGSTOP');
        held = await redis.lrange(`${sharded.prefix}:engine-s1:active`, 0, -1);
        if (held.length === 0) victim.child.kill('SIGCONT');
      }
      if (held.length === 0) throw new Error(`shard 1's worker never held a job during a 400-job crosstab:\n${logsOf([victim])}`);
      victim.child.kill('SIGKILL');
      await victim.exited;
      const killed = Date.now();
      expect(await pending).toEqual(expected);
      console.log(`shard 1's worker died holding ${held.length} job(s); the crosstab finished ${Date.now() - killed} ms after the kill`);
      // Each held job ran again on a survivor, as a second attempt.
      const survivors = running();
      for (const jobId of held) {
        const runs = survivors.flatMap((w) => w.logs.split('\n').filter((line) => line.includes('"msg":"job run"') && line.includes(`"jobId":"${jobId}"`)));
        if (!runs.some((line) => line.includes('"attempt":2'))) throw new Error(`job ${jobId} was not retried on a survivor:\n${logsOf(survivors)}`);
      }
    } finally {
      redis.disconnect();
    }
  });
});
