#!/usr/bin/env node
// Builds the explorer (Vite) into dist/explorer, where the gateway serves it at /explorer/, when its
// sources changed since the last build: `npm start` runs it before starting the gateway, as
// tools/runtime/build-if-stale.js does for the TypeScript build.
//
// "Changed" means: the paths, sizes and modification times of the explorer's files, of the SDK's
// sources it bundles, and of package-lock.json differ from those stamped by the last build that
// succeeded (dist/explorer/.build-stamp.json).
//
//   node apps/explorer/build.mjs            build when stale, else print nothing
//   node apps/explorer/build.mjs --force    build whatever the stamp says
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const out = path.join(root, 'dist', 'explorer');
const stampFile = path.join(out, '.build-stamp.json');
const INPUTS = [here, path.join(root, 'libs', 'sdk', 'src'), path.join(root, 'package-lock.json')];

function fingerprint() {
  const entries = [];
  const visit = (file) => {
    const stat = fs.statSync(file);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(file)) if (name !== 'node_modules' && !name.endsWith('.spec.ts')) visit(path.join(file, name));
    } else entries.push(`${path.relative(root, file)}\t${stat.size}\t${stat.mtimeMs}`);
  };
  INPUTS.forEach(visit);
  entries.sort();
  return crypto.createHash('sha256').update(entries.join('\n')).digest('hex');
}

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * One build at a time per clone (two test files may start `npm start` together): a lock directory
 * beside the output, taken over when older than the longest build; the staleness is checked again
 * once it is held, so the second caller finds the first one's build.
 */
async function withLock(work) {
  const lock = path.join(root, 'dist', '.explorer-build-lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const held = fs.statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 5 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      else if (Date.now() - started > 6 * 60_000) throw new Error(`${lock} is held by another build; remove it if none runs`);
      else await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

const force = process.argv.includes('--force');
const current = () => {
  const stamp = readStamp();
  return stamp?.digest === fingerprint() && fs.existsSync(path.join(out, 'index.html'));
};
if (!force && current()) process.exit(0);

await withLock(async () => {
  if (!force && current()) return;
  const digest = fingerprint();
  process.stderr.write(`[build] explorer: ${readStamp() ? 'sources changed since the last build' : 'no build yet'}: bundling (vite)...\n`);
  const started = Date.now();
  // Built beside the served folder and swapped in whole, so a running gateway never serves half a build.
  const next = `${out}.next-${process.pid}`;
  const { build } = await import('vite');
  try {
    await build({
      configFile: path.join(here, 'vite.config.mts'),
      logLevel: process.env.EXPLORER_BUILD_LOG ?? 'warn',
      build: { outDir: next, emptyOutDir: true },
    });
  } catch (err) {
    fs.rmSync(next, { recursive: true, force: true });
    process.stderr.write(`[build] explorer: vite failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
  fs.writeFileSync(path.join(next, '.build-stamp.json'), JSON.stringify({ digest, builtAt: new Date().toISOString() }) + '\n');
  fs.rmSync(out, { recursive: true, force: true });
  fs.renameSync(next, out);
  process.stderr.write(`[build] explorer: done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
});
