// Builds the workspace (tsc -p tsconfig.build.json into dist/) only when the build is not current,
// so `npm start` and the CLIs (`npm run token`, `migrate`, `seed`, `import`, ...) start at once
// when nothing changed instead of compiling every file again. Plain JavaScript: it runs before
// anything is compiled.
//
// "Current" means: the sources the build reads (every .ts under apps/, libs/, tools/ that
// tsconfig.build.json includes, the .json files under a src/ folder that they import as modules
// and tsc copies into dist/, such as the assistant's lexicon, and the tsconfig files and
// lockfile) have the same list of paths,
// sizes and modification times as when the last build through this script succeeded
// (dist/.build-stamp.json). A build that is needed runs tsc in incremental mode (its state in
// dist/.tsbuildinfo, so deleting dist/ deletes it too), which re-emits only what changed.
//
//   node tools/runtime/build-if-stale.js            build when stale, else print nothing
//   node tools/runtime/build-if-stale.js --force    build whatever the stamp says
'use strict';
const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const DIST = path.join(ROOT, 'dist');
const STAMP = path.join(DIST, '.build-stamp.json');
const BUILD_INFO = path.join(DIST, '.tsbuildinfo');
const TOP_FILES = ['tsconfig.base.json', 'tsconfig.build.json', 'package-lock.json'];
const SOURCE_ROOTS = ['apps', 'libs', 'tools'];
/** What tsconfig.build.json excludes: tests, test helpers, the e2e app. */
const SKIP_DIRS = new Set(['node_modules', 'dist', 'testing', '.data']);
const SKIP_PATHS = new Set([
  path.join('tools', 'jest'),
  path.join('apps', 'gateway-e2e'),
  path.join('tools', 'mcp-conformance'),
  // Bundled by Vite, not compiled by tsc (apps/explorer/build.mjs has its own staleness check).
  path.join('apps', 'explorer'),
  path.join('apps', 'explorer-e2e'),
]);
const SKIP_FILE = /\.(spec|integration-spec|e2e-spec)\.ts$/;
/** A JSON file a source may import (resolveJsonModule): tsc emits it beside the compiled code. */
const isImportedJson = (rel) => rel.endsWith('.json') && rel.split(path.sep).includes('src');

/** Every build input with its size and mtime, as one digest. */
function fingerprint() {
  const entries = [];
  const visit = (rel) => {
    for (const dirent of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const child = path.join(rel, dirent.name);
      if (dirent.isDirectory()) {
        if (!SKIP_DIRS.has(dirent.name) && !SKIP_PATHS.has(child)) visit(child);
      } else if ((dirent.name.endsWith('.ts') && !SKIP_FILE.test(dirent.name)) || isImportedJson(child)) {
        const stat = fs.statSync(path.join(ROOT, child));
        entries.push(`${child}\t${stat.size}\t${stat.mtimeMs}`);
      }
    }
  };
  for (const dir of SOURCE_ROOTS) visit(dir);
  for (const file of TOP_FILES) {
    const stat = fs.statSync(path.join(ROOT, file));
    entries.push(`${file}\t${stat.size}\t${stat.mtimeMs}`);
  }
  entries.sort();
  return { files: entries.length, digest: crypto.createHash('sha256').update(entries.join('\n')).digest('hex') };
}

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(STAMP, 'utf8'));
  } catch {
    return undefined;
  }
}

function main() {
  const force = process.argv.includes('--force');
  // Taken before the build: a file saved while tsc runs makes the next run build again.
  const current = fingerprint();
  const stamp = readStamp();
  if (!force && stamp && stamp.digest === current.digest && fs.existsSync(path.join(DIST, 'tools'))) return 0;
  process.stderr.write(`[build] ${stamp ? 'sources changed since the last build' : 'no build yet'}: compiling (tsc, incremental)...\n`);
  const started = Date.now();
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(ROOT, 'tsconfig.build.json'), '--incremental', '--tsBuildInfoFile', BUILD_INFO], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    process.stderr.write(`[build] tsc failed (exit ${result.status ?? result.signal}); fix the errors above\n`);
    return 1;
  }
  fs.mkdirSync(DIST, { recursive: true });
  fs.writeFileSync(STAMP, JSON.stringify({ ...current, builtAt: new Date().toISOString() }) + '\n');
  process.stderr.write(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return 0;
}

process.exitCode = main();
