import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppProcess } from '../support/processes';

/**
 * The worker runs jobs, not HTTP, and opens no ORM at its start: it must not load the gateway's
 * HTTP side (Express, Swagger, Passport, the rate limiter, the queue board) or TypeORM. Each costs
 * memory in every worker process, and a shard worker's memory is meant to shrink with its share of
 * the data. Both apps are started with a configuration error, so they load their whole module graph
 * (the imports of main.js) and exit with 78 before connecting to anything; a preloaded script lists
 * the packages loaded by then. The gateway shows the check sees these packages when they are there.
 */
const HTTP_OR_ORM = [
  'typeorm',
  '@nestjs/typeorm',
  '@nestjs/swagger',
  '@nestjs/passport',
  'express',
  'passport',
  'passport-jwt',
  'jsonwebtoken',
  'helmet',
  'pino-http',
  'rate-limiter-flexible',
  '@bull-board/api',
  '@bull-board/express',
];

const LIST_LOADED = `
const fs = require('node:fs');
process.on('exit', () => {
  const packages = new Set();
  for (const file of Object.keys(require.cache)) {
    const m = /node_modules[\\\\/]((?:@[^\\\\/]+[\\\\/])?[^\\\\/]+)/.exec(file.slice(file.lastIndexOf('node_modules')));
    if (m) packages.add(m[1].replace(/\\\\/g, '/'));
  }
  fs.writeFileSync(process.env.LOADED_PACKAGES_FILE, JSON.stringify([...packages].sort()));
});
`;

describe('what each app loads', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aas-footprint-'));
    fs.writeFileSync(path.join(dir, 'list-loaded.js'), LIST_LOADED);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function loadedBy(name: string, script: string, invalid: NodeJS.ProcessEnv): Promise<string[]> {
    const file = path.join(dir, `${name}.json`);
    const proc = new AppProcess(name, script, {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/none',
      NODE_OPTIONS: `--require ${path.join(dir, 'list-loaded.js')}`,
      LOADED_PACKAGES_FILE: file,
      ...invalid,
    });
    const { code } = await proc.exited;
    if (code !== 78 || !fs.existsSync(file)) throw new Error(`expected a configuration error (78) and a package list: ${proc.describe()}`);
    return JSON.parse(fs.readFileSync(file, 'utf8')) as string[];
  }

  it('the worker loads the queue and the database driver, and no HTTP or ORM package', async () => {
    const loaded = await loadedBy('worker', 'apps/worker/src/main.js', { WORKER_QUEUES: 'nonsense' });
    expect(loaded).toEqual(expect.arrayContaining(['bullmq', 'ioredis', 'pg', '@nestjs/core']));
    expect(loaded.filter((p) => HTTP_OR_ORM.includes(p))).toEqual([]);
  });

  it('the gateway loads them (the check sees them when they are loaded)', async () => {
    const loaded = await loadedBy('gateway', 'apps/gateway/src/main.js', { PORT: 'eighty' });
    expect(HTTP_OR_ORM.filter((p) => !loaded.includes(p))).toEqual([]);
  });
});
