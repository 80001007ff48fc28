import { AppProcess } from '../support/processes';

describe('configuration is validated at start', () => {
  const base = { PATH: process.env.PATH, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/none' };

  it.each([
    ['gateway', 'apps/gateway/src/main.js', { PORT: 'eighty' }, 'PORT'],
    ['gateway', 'apps/gateway/src/main.js', { JOB_MODE: 'sometimes' }, 'JOB_MODE'],
    ['gateway', 'apps/gateway/src/main.js', { NODE_ENV: 'production' }, 'JWT_SECRET'],
    ['worker', 'apps/worker/src/main.js', { WORKER_QUEUES: 'engine,nonsense' }, 'WORKER_QUEUES'],
    ['worker', 'apps/worker/src/main.js', { DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    ['worker', 'apps/worker/src/main.js', { ENGINE_SHARDS: '4', WORKER_SHARD: '4' }, 'WORKER_SHARD must be below ENGINE_SHARDS (4)'],
    ['worker', 'apps/worker/src/main.js', { ENGINE_SHARDS: '0' }, 'ENGINE_SHARDS'],
    ['gateway', 'apps/gateway/src/main.js', { ENGINE_SHARDS: 'many' }, 'ENGINE_SHARDS'],
  ])('%s refuses to start with %j and names %s', async (name, script, env, variable) => {
    const proc = new AppProcess(name, script, { ...base, ...env });
    const { code } = await proc.exited;
    expect(code).toBe(78);
    expect(proc.logs).toContain(variable);
  });
});
