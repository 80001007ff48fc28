#!/usr/bin/env node
// The registry reachable from this project's machines lacks some other platforms' optional
// binaries (e.g. @msgpackr-extract/msgpackr-extract-darwin-arm64 answers 404), so `npm install`
// leaves them out of package-lock.json and `npm ci` then refuses the lock as out of sync.
// This adds a stub entry (version, optional, the os/cpu its name declares) for each optional
// dependency the lock names but lacks. npm ci skips such an entry on any other platform without
// fetching it. Run after every `npm install` that changes the lock:
//   node tools/lockfile/fill-optional-platform-entries.js
const fs = require('node:fs');
const path = require('node:path');

const file = path.resolve(__dirname, '..', '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p) || p === 'windows' || p === 'win');
  const cpu = parts.find((p) => CPU.includes(p) || p === 'x86_64' || p === 'aarch64' || p === 'armv7' || p === 'gnueabihf');
  const out = {};
  if (os) out.os = [os === 'windows' || os === 'win' ? 'win32' : os];
  if (cpu) out.cpu = [cpu === 'x86_64' ? 'x64' : cpu === 'aarch64' ? 'arm64' : cpu === 'armv7' || cpu === 'gnueabihf' ? 'arm' : cpu];
  return out;
}

/** Where node would resolve `name` from the package at `from` (its own node_modules, then each parent's). */
function resolves(from, name) {
  let dir = from;
  for (;;) {
    if (packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const i = dir.lastIndexOf('/node_modules/');
    dir = i >= 0 ? dir.slice(0, i) : '';
  }
}

let added = 0;
for (const [where, pkg] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    if (resolves(where, name)) continue;
    const version = /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range) ? range : range.replace(/^[\^~>=<\s]+/, '').split(/\s/)[0];
    packages[`node_modules/${name}`] = { version, ...(pkg.dev ? { dev: true } : {}), optional: true, ...platformOf(name) };
    added++;
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} optional platform entries`);
