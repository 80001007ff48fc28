#!/usr/bin/env node
// Keeps every reference in the repository pointing inside it. Fails (exit 1, naming file:line) on:
//   - a relative path that climbs out of the repository (a link or comment to a sibling folder);
//   - a mention of the interface specification that was kept outside the repository: its file
//     names, the shared folder it lived in, its numbered sections ("spec" and a section number);
//     the repository's own docs/ pages replace it;
//   - a metrics page named without its folder (only docs/metrics.md exists);
//   - an absolute path of a machine (a work, home, root, tmp or Users folder at a file system's root);
//   - a docs/ page with an #anchor (anywhere) or a Markdown link (in .md files) whose file or heading
//     does not exist.
// Before it scans, it checks itself on planted lines (good and bad), so a rule that stops biting
// fails the run too. Usage: node tools/docs/check-references.mjs [--root DIR]. Run by `npm run lint`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.nx', '.data', '.git', 'tmp', 'coverage', '.bench']);
/** Files whose text is data generated elsewhere (registry URLs, binary fixtures). */
const SKIPPED_FILES = [/(^|\/)package-lock\.json$/, /\.(sav|png|jpg|gif|wasm|ico|pdf)$/i];

// Each rule: a name, a test on one line (returns the offending text or null), and a hint.
// The patterns are written so that this file does not match itself.
const RULES = [
  {
    name: 'outside specification',
    hint: 'point at a page of docs/ (the API guide, metrics, data model, architecture) or say it in place',
    test: (line) => match(line, /\bservice[- ]spec\b|\bshared\/spec\b|\bHOUSE[-]STYLE\b|\bspec(?:ification)?\s*(?:§\s*)?\d+\.\d+|\bspec\s+§|\bspec rules? \d/i),
  },
  {
    name: 'metrics page outside docs/',
    hint: 'write docs/metrics.md (with an #anchor)',
    test: (line, file) => (file.startsWith('docs/') ? null : match(line, /(?<![\w/.-])metrics\.md\b/)),
  },
  {
    name: 'absolute machine path',
    hint: 'use a path relative to the repository root, or os.tmpdir() for scratch files',
    test: (line) => match(line, /(?:^|[\s'"`(=:,[])\/(?:work|home|root|tmp|Users)\/[\w.-]/),
  },
];

function match(line, re) {
  const m = re.exec(line);
  return m ? m[0].trim() : null;
}

/** GitHub's heading anchors of a Markdown text. */
function anchorsOf(text) {
  const seen = new Map();
  const anchors = new Set();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const h = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!h) continue;
    const base = h[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Checks the lines of one file; `read(relPath)` gives another file's text or null (for targets). */
export function checkText(file, text, root, read = (p) => readOrNull(path.join(root, p))) {
  const problems = [];
  const dir = path.posix.dirname(file);
  const inside = (rel) => !rel.startsWith('..') && !path.isAbsolute(rel);
  const targetExists = (rel, anchor, where, lineNo) => {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs)) return problems.push({ file, line: lineNo, rule: 'missing target', text: where, hint: `no file ${rel}` });
    if (anchor && rel.endsWith('.md') && !anchorsOf(read(rel) ?? '').has(anchor))
      problems.push({ file, line: lineNo, rule: 'missing anchor', text: where, hint: `${rel} has no heading #${anchor}` });
  };
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const lineNo = i + 1;
    for (const rule of RULES) {
      const bad = rule.test(line, file);
      if (bad) problems.push({ file, line: lineNo, rule: rule.name, text: bad, hint: rule.hint });
    }
    // Relative paths that climb out of the repository.
    for (const m of line.matchAll(/(?<![\w/.])((?:\.\.\/)+)[\w.-]+/g)) {
      const rel = path.posix.normalize(path.posix.join(dir, m[0]));
      if (!inside(rel)) problems.push({ file, line: lineNo, rule: 'path outside the repository', text: m[0], hint: 'refer to files inside the repository' });
    }
    // docs/<page>.md#anchor anywhere (resolved from the root, also when written ../../docs/...).
    for (const m of line.matchAll(/(?<![\w-])docs\/([\w./-]+\.md)(?:#([\w-]+))?/g)) targetExists(`docs/${m[1]}`, m[2], m[0], lineNo);
    // Markdown links in Markdown files.
    if (file.endsWith('.md')) {
      for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1];
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
        const [p, anchor] = target.split('#');
        if (p === '') {
          if (!anchorsOf(text).has(anchor))
            problems.push({ file, line: lineNo, rule: 'missing anchor', text: target, hint: `${file} has no heading #${anchor}` });
          continue;
        }
        const rel = path.posix.normalize(path.posix.join(dir, p));
        if (!inside(rel)) continue; // reported above as a path outside the repository
        targetExists(rel, anchor, target, lineNo);
      }
    }
  });
  return problems;
}

function readOrNull(abs) {
  try {
    return fs.readFileSync(abs, 'utf8');
  } catch {
    return null;
  }
}

function listFiles(root) {
  if (fs.existsSync(path.join(root, '.git'))) {
    const r = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (r.status !== 0) throw new Error(`git ls-files failed: ${r.stderr}`);
    return r.stdout.split('\0').filter((f) => f && fs.existsSync(path.join(root, f)));
  }
  const out = [];
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(child);
      } else if (entry.isFile()) out.push(child);
    }
  };
  walk('');
  return out;
}

/** Every problem under `root`. */
export function checkTree(root) {
  const problems = [];
  for (const file of listFiles(root)) {
    if (file.split('/').some((part) => SKIPPED_DIRS.has(part)) || SKIPPED_FILES.some((re) => re.test(file))) continue;
    const buffer = fs.readFileSync(path.join(root, file));
    if (buffer.length > 8 * 1024 * 1024 || buffer.includes(0)) continue;
    problems.push(...checkText(file, buffer.toString('utf8'), root));
  }
  return problems;
}

/** The rules must refuse every planted bad line and pass every planted good one. */
function selfTest() {
  const slash = '/';
  const bad = [
    `The interface is ..${slash}shared${slash}spec${slash}service${'-'}spec.md`,
    `see the service${' '}spec for details`,
    `// the member order of spec ${2}.6`,
    `summary: 'Ask the assistant (Spec ${4}.2)'`,
    `(metrics${'.'}md, "Crosstab cell")`,
    `cd ${slash}work${slash}main && npm ci`,
    `const dir = '${slash}tmp${slash}aas-scratch';`,
    `HOME=${slash}home${slash}dev npm test`,
  ];
  const good = [
    'The formulas: docs/metrics.md#crosstab-cell.',
    `See [the metrics](..${slash}..${slash}..${slash}docs/metrics.md#chart-metrics).`,
    'const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aas-"));',
    'out="${2:-$root/tmp/pspp-demo}"',
    'https://example.com/home/page and a spec 2 test',
    "import { x } from '../../lib/thing';",
  ];
  const failures = [];
  const fake = (file, text) => checkText(file, text, repoRoot, (p) => (p === 'docs/metrics.md' ? '## Crosstab cell\n## Chart metrics\n' : null));
  for (const line of bad) if (fake('libs/some/lib/src/file.ts', line).length === 0) failures.push(`self-test: a planted bad line passed: ${line}`);
  for (const line of good) {
    const found = fake('libs/some/lib/README.md', line).filter((p) => p.rule !== 'missing target');
    if (found.length > 0) failures.push(`self-test: a planted good line was refused (${found[0].rule}): ${line}`);
  }
  return failures;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--root');
  const root = at > 0 ? path.resolve(process.argv[at + 1]) : repoRoot;
  const selfFailures = selfTest();
  const problems = checkTree(root);
  for (const f of selfFailures) console.error(f);
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.rule}: ${p.text} (${p.hint})`);
  if (selfFailures.length > 0 || problems.length > 0) {
    console.error(`check-references: ${problems.length} problem(s)${selfFailures.length ? `, self-test failed ${selfFailures.length} time(s)` : ''}`);
    process.exit(1);
  }
  console.log('check-references: ok');
}
