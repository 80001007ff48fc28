/*
 * What the test run needs beyond the root's `npm ci`, installed by the run itself, so that
 * `npm ci && npm test` on a fresh clone is the whole set-up (the README promises it; CI runs exactly
 * those commands). Each step says what it is doing before it does it, installs at most once per
 * change of what it installs, and fails with the one command that fixes it when it cannot install:
 * a test that needs something missing never skips.
 */
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** How long a second test run in the same clone waits for the first one's install of the same thing. */
const LOCK_WAIT_MS = 10 * 60_000;
const STAMP = '.aas-install-stamp';
/** An install that takes longer than this has hung (a registry that stopped answering): it is killed and the run fails. */
export const INSTALL_TIMEOUT_MS = 8 * 60_000;

function say(message: string): void {
  process.stderr.write(`[test prerequisites] ${message}\n`);
}

/** npm itself: the one running `npm test` when there is one (npm_execpath), else the npm on PATH. */
function npmCommand(): { file: string; prefix: string[] } {
  const cli = process.env['npm_execpath'];
  if (cli && /npm-cli\.js$/.test(cli) && fs.existsSync(cli)) return { file: process.execPath, prefix: [cli] };
  return { file: process.platform === 'win32' ? 'npm.cmd' : 'npm', prefix: [] };
}

/**
 * Holds a lock directory beside the install while `work` runs, so two test runs in one clone do not
 * install into the same node_modules at once; a lock older than the wait is a crashed run's, and is taken.
 */
function withLock<T>(dir: string, work: () => T): T {
  const lock = path.join(dir, '.aas-install-lock');
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const held = fs.statSync(lock, { throwIfNoEntry: false });
      if (!held) continue; // released between the two calls
      const age = Date.now() - held.mtimeMs;
      if (age > LOCK_WAIT_MS) {
        fs.rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() - started > LOCK_WAIT_MS)
        throw new Error(`${lock} has been held for ${Math.round(age / 1000)} s by another test run; remove it if no run is installing`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Makes `dir`'s own dependencies (its package-lock.json) installed, with `npm ci --prefix dir`,
 * when they are missing or were installed from another lock file or on another platform.
 * `label` says in the message what they are for.
 */
export function ensureNpmInstall(dir: string, label: string): void {
  const lockFile = path.join(dir, 'package-lock.json');
  const want = createHash('sha256').update(fs.readFileSync(lockFile)).update(`${process.platform}-${process.arch}`).digest('hex');
  const stamp = path.join(dir, 'node_modules', STAMP);
  const installed = () => fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want;
  if (installed()) return;
  withLock(dir, () => {
    if (installed()) return;
    const relative = path.relative(process.cwd(), dir) || '.';
    say(`installing ${label}: npm ci --prefix ${relative} (once, and again only when its package-lock.json changes)`);
    const npm = npmCommand();
    const started = Date.now();
    const result = spawnSync(npm.file, [...npm.prefix, 'ci', '--prefix', dir, '--no-audit', '--no-fund'], { stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.status !== 0) {
      throw new Error(`installing ${label} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`}); run: npm ci --prefix ${relative}`);
    }
    fs.mkdirSync(path.dirname(stamp), { recursive: true }); // npm makes no node_modules for a package without dependencies
    fs.writeFileSync(stamp, want);
    say(`installed ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}

function onPath(command: string): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v "$1"', 'sh', command], { encoding: 'utf8' });
  const location = found.stdout.trim();
  return found.status === 0 && location ? location : undefined;
}

export interface SystemPackage {
  /** The command the tests run, looked up on PATH. */
  command: string;
  /** The Debian package that provides it. */
  aptPackage: string;
  /** What needs it, for the messages. */
  label: string;
}

/**
 * Answers the path of a system command the tests need, installing its Debian package first when
 * it is missing and this run can (root, with apt-get); otherwise fails with the command that fixes it.
 */
export function ensureSystemCommand(pkg: SystemPackage): string {
  const existing = onPath(pkg.command);
  if (existing) return existing;
  const fix = `sudo apt-get install -y ${pkg.aptPackage}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !onPath('apt-get')) {
    throw new Error(
      `${pkg.label} needs \`${pkg.command}\`, which is not installed and this test run cannot install it (${isRoot ? 'no apt-get' : 'not root'}); run: ${fix}`,
    );
  }
  say(`installing ${pkg.label}'s \`${pkg.command}\`: apt-get install -y ${pkg.aptPackage} (once)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-q', pkg.aptPackage], { stdio: ['ignore', 'inherit', 'inherit'], env, timeout: INSTALL_TIMEOUT_MS });
  // A fresh machine has no package lists yet; read them once, then try again.
  if (install().status !== 0) {
    execFileSync('apt-get', ['update', '-q'], { stdio: ['ignore', 'inherit', 'inherit'], env, timeout: INSTALL_TIMEOUT_MS });
    const second = install();
    if (second.status !== 0) throw new Error(`apt-get install ${pkg.aptPackage} failed (exit ${second.status}); run: ${fix}`);
  }
  const installed = onPath(pkg.command);
  if (!installed) throw new Error(`apt-get installed ${pkg.aptPackage} but \`${pkg.command}\` is still not on PATH; run: ${fix}`);
  return installed;
}
