#!/usr/bin/env node
// Proves that the Nx model of the workspace holds, on a throwaway copy of the working tree
// (so nothing in the checkout is touched, whatever happens here):
//   1. every project has one type:* and one scope:* tag, each with a lint constraint, and the
//      scopes the constraints name exist;
//   2. every project has lint and typecheck, and test / integration / e2e exactly when it has
//      *.spec.ts / *.integration-spec.ts / *.e2e-spec.ts files (so `nx run-many` misses none),
//      and a line of its own in .github/CODEOWNERS;
//   3. lint fails on a new import that closes a cycle between two libs, and on an import into
//      a scope the importer does not name, and passes an allowed import;
//   4. a project's typecheck fails on a type error in it;
//   5. touching one domain lib makes affected exactly that lib and its dependents;
//   6. a lib's import name says its domain and layer (@aas/<domain>-<layer>).
// The projects used in 3-5 are picked from the current graph and constraints, so the check
// keeps working as libs are added or moved. Run by `npm run lint`; about 10 s on 2 cores.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'aas-nx-check-'));
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', FORCE_COLOR: '0' };
const failures = [];

function cleanUp() {
  fs.rmSync(copy, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    cleanUp();
    process.exit(1);
  });
}

/** Runs a command in the copy; returns its exit status and output. */
function run(command, args, { allowFailure = false } = {}) {
  const r = spawnSync(command, args, { cwd: copy, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 120_000 });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.error) throw new Error(`${command} ${args.join(' ')}: ${r.error.message}\n${output}`);
  if (r.status !== 0 && !allowFailure) throw new Error(`${command} ${args.join(' ')} exited ${r.status}:\n${output}`);
  return { status: r.status, output, stdout: r.stdout };
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const check = (ok, message) => {
  if (!ok) failures.push(message);
  return Boolean(ok);
};

function readGraph() {
  run(bin('nx'), ['graph', '--file=.nx-check-graph.json']);
  const { graph } = JSON.parse(fs.readFileSync(path.join(copy, '.nx-check-graph.json'), 'utf8'));
  fs.rmSync(path.join(copy, '.nx-check-graph.json'));
  return graph;
}

function writeProbe(file, text) {
  fs.writeFileSync(path.join(copy, file), text);
  return file;
}

try {
  // The working tree as git sees it (tracked and new files, not ignored ones), node_modules linked.
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const files = listed.stdout.split('\0').filter((f) => f && fs.existsSync(path.join(root, f)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(copy, file));
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');

  const graph = readGraph();
  const names = Object.keys(graph.nodes).sort();
  const project = (name) => graph.nodes[name].data;
  const tag = (name, kind) => project(name).tags.filter((t) => t.startsWith(`${kind}:`));

  const eslintConfig = (await import(pathToFileURL(path.join(root, 'eslint.config.mjs')).href)).default;
  const ruleEntry = eslintConfig.find((c) => c.rules?.['@nx/enforce-module-boundaries']);
  const constraints = ruleEntry.rules['@nx/enforce-module-boundaries'][1].depConstraints;
  const constrained = new Set(constraints.map((c) => c.sourceTag));

  // 1. Tags.
  const scopes = new Set(names.flatMap((n) => tag(n, 'scope')));
  for (const name of names) {
    for (const kind of ['type', 'scope']) {
      const tags = tag(name, kind);
      check(tags.length === 1, `${name} has ${tags.length} ${kind}:* tags (${tags.join(', ') || 'none'}); it needs exactly one`);
      for (const t of tags) check(constrained.has(t), `${name}: no depConstraint has sourceTag ${t} (add the scope to scopeDependencies in eslint.config.mjs)`);
    }
  }
  for (const c of constraints.filter((c) => c.sourceTag.startsWith('scope:'))) {
    for (const t of [c.sourceTag, ...c.onlyDependOnLibsWithTags]) check(scopes.has(t), `eslint.config.mjs names ${t}, which no project has`);
  }

  // 2. Targets follow the files.
  const roots = names.map((n) => project(n).root).sort((a, b) => b.length - a.length);
  const owner = (file) => roots.find((r) => file.startsWith(`${r}/`));
  for (const name of names) {
    const { root: projectRoot, targets } = project(name);
    const own = files.filter((f) => owner(f) === projectRoot);
    const has = (suffix) => own.some((f) => f.endsWith(suffix) && !(suffix === '.spec.ts' && /[.-](integration|e2e)-spec\.ts$/.test(f)));
    check('lint' in targets, `${name} has no lint target`);
    check(
      'typecheck' in targets && fs.existsSync(path.join(copy, projectRoot, 'tsconfig.json')),
      `${name} needs a typecheck target and ${projectRoot}/tsconfig.json`,
    );
    for (const [target, suffix] of [
      ['test', '.spec.ts'],
      ['integration', '.integration-spec.ts'],
      ['e2e', '.e2e-spec.ts'],
    ]) {
      check(
        target in targets === has(suffix),
        `${name}: ${has(suffix) ? 'has' : 'has no'} *${suffix} files but ${target in targets ? 'a' : 'no'} ${target} target`,
      );
    }
  }

  const owners = fs
    .readFileSync(path.join(copy, '.github', 'CODEOWNERS'), 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pattern, ...teams]) => pattern && !pattern.startsWith('#') && teams.length > 0);
  for (const name of names) {
    check(
      owners.some(([pattern]) => pattern === `/${project(name).root}/`),
      `${name}: .github/CODEOWNERS has no line for /${project(name).root}/`,
    );
  }

  // Which alias imports a project (its index.ts entry), and whether the constraints allow an import.
  const { paths } = JSON.parse(fs.readFileSync(path.join(copy, 'tsconfig.base.json'), 'utf8')).compilerOptions;

  // 6. Import names say their layer: a lib at libs/<domain>/<layer> is the project <domain>-<layer>,
  // imported as @aas/<domain>-<layer> (and its subpaths) only; a lib published as a package of its
  // own is imported by its package name. Every alias points into exactly one lib.
  for (const name of names.filter((n) => graph.nodes[n].type === 'lib')) {
    const libRoot = project(name).root;
    const parts = libRoot.split('/');
    const manifest = path.join(copy, libRoot, 'package.json');
    const published = fs.existsSync(manifest) ? JSON.parse(fs.readFileSync(manifest, 'utf8')) : undefined;
    const expected = published && !published.private ? published.name : `@aas/${parts.slice(1).join('-')}`;
    if (!published || published.private) {
      check(parts.length === 3 && parts[0] === 'libs', `${name}: a lib lives at libs/<domain>/<layer>, not ${libRoot}`);
      check(name === parts.slice(1).join('-'), `${name}: the project at ${libRoot} is named ${parts.slice(1).join('-')}`);
    }
    const aliases = Object.entries(paths)
      .filter(([, [target]]) => path.posix.normalize(target).startsWith(`${libRoot}/`))
      .map(([alias]) => alias);
    check(aliases.length > 0, `${name}: tsconfig.base.json has no import name for it`);
    for (const alias of aliases) {
      check(alias === expected || alias.startsWith(`${expected}/`), `${name}: imported as ${alias}; its import name says its layer: ${expected}`);
    }
  }

  const aliasOf = (name) => Object.entries(paths).find(([, [target]]) => path.posix.normalize(target) === `${project(name).root}/src/index.ts`)?.[0];
  const allowed = (from, to) =>
    constraints
      .filter((c) => c.sourceTag === '*' || project(from).tags.includes(c.sourceTag))
      .every((c) => c.onlyDependOnLibsWithTags.some((t) => t === '*' || project(to).tags.includes(t)));
  const libs = names.filter((n) => graph.nodes[n].type === 'lib' && aliasOf(n));
  const edges = (n) => (graph.dependencies[n] ?? []).map((d) => d.target).filter((t) => graph.nodes[t]);
  const reaches = (from, to, seen = new Set()) => from === to || (!seen.has(from) && (seen.add(from), edges(from).some((n) => reaches(n, to, seen))));

  // 3. Lint. A cycle: B -> A exists, and A -> B is preferably allowed by every constraint, so only the
  // cycle can fail it; where the scopes form a strict hierarchy no such pair exists, and any reverse
  // edge serves (the check looks for the cycle message among the errors, not for it alone).
  const reverse = libs.flatMap((a) => libs.filter((b) => edges(b).includes(a) && !edges(a).includes(b)).map((b) => [a, b]));
  const cycle = reverse.find(([a, b]) => allowed(a, b)) ?? reverse[0];
  // A forbidden scope: the types allow the import, the scopes do not, and it closes no cycle.
  const typeConstraints = (a) => constraints.filter((c) => c.sourceTag.startsWith('type:') && project(a).tags.includes(c.sourceTag));
  // The probes are linted together, so each one after the cycle must close no cycle with those before it.
  const probeEdges = [cycle].filter(Boolean);
  const edgesWithProbes = (n) => [...edges(n), ...probeEdges.filter(([from]) => from === n).map(([, to]) => to)];
  const reachesWithProbes = (from, to, seen = new Set()) =>
    from === to || (!seen.has(from) && (seen.add(from), edgesWithProbes(from).some((n) => reachesWithProbes(n, to, seen))));
  const forbidden = libs
    .flatMap((a) => libs.map((b) => [a, b]))
    .find(
      ([a, b]) =>
        a !== b &&
        !allowed(a, b) &&
        typeConstraints(a).every((c) => c.onlyDependOnLibsWithTags.some((t) => project(b).tags.includes(t))) &&
        !reachesWithProbes(b, a),
    );
  if (forbidden) probeEdges.push(forbidden);
  const permitted = libs
    .flatMap((a) => libs.map((b) => [a, b]))
    .find(([a, b]) => a !== b && allowed(a, b) && !reachesWithProbes(b, a) && !edges(a).includes(b));
  check(cycle && forbidden && permitted, `no pair of libs to probe with (cycle ${cycle}, forbidden ${forbidden}, allowed ${permitted})`);
  if (cycle && forbidden && permitted) {
    const probe = ([from, to], label) =>
      writeProbe(`${project(from).sourceRoot}/nx-check-${label}.ts`, `import * as probe from '${aliasOf(to)}';\n\nexport const ${label} = probe;\n`);
    const probes = { cycle: probe(cycle, 'cycle'), forbidden: probe(forbidden, 'forbidden'), permitted: probe(permitted, 'permitted') };
    readGraph(); // the lint rule reads the cached graph, which must now hold the probes' imports
    const lint = run(bin('eslint'), ['--format', 'json', ...Object.values(probes)], { allowFailure: true });
    const messages = Object.fromEntries(JSON.parse(lint.stdout).map((r) => [path.relative(copy, r.filePath), r.messages.map((m) => m.message)]));
    const says = (file, pattern) => (messages[file] ?? []).some((m) => pattern.test(m));
    const [a, b] = cycle;
    check(
      says(probes.cycle, new RegExp(`Circular dependency between "${a}" and "${b}"`)),
      `lint let ${a} -> ${b} close a cycle: ${JSON.stringify(messages[probes.cycle])}`,
    );
    check(
      says(probes.forbidden, new RegExp(`tagged with "${tag(forbidden[0], 'scope')[0]}" can only depend on libs tagged with`)),
      `lint let ${forbidden[0]} import ${forbidden[1]}: ${JSON.stringify(messages[probes.forbidden])}`,
    );
    check((messages[probes.permitted] ?? []).length === 0, `lint refused the allowed ${permitted.join(' -> ')}: ${JSON.stringify(messages[probes.permitted])}`);
    for (const file of Object.values(probes)) fs.rmSync(path.join(copy, file));
    console.log(`lint: cycle ${a} -> ${b} refused; ${forbidden.join(' -> ')} (scope) refused; ${permitted.join(' -> ')} accepted`);
  }

  // 4. Typecheck fails on a type error in the project.
  const typed = names.find((n) => 'typecheck' in project(n).targets && project(n).sourceRoot);
  const bad = writeProbe(`${project(typed).sourceRoot}/nx-check-type-error.ts`, "export const count: number = 'not a number';\n");
  const tsc = run(bin('nx'), ['run', `${typed}:typecheck`, '--output-style=static'], { allowFailure: true });
  check(tsc.status !== 0 && tsc.output.includes(bad) && tsc.output.includes('TS2322'), `nx run ${typed}:typecheck passed a type error:\n${tsc.output}`);
  fs.rmSync(path.join(copy, bad));
  console.log(`typecheck: nx run ${typed}:typecheck fails on a type error`);

  // 5. Affected: one domain lib's change reaches it and its dependents, nothing else.
  const git = (...args) => run('git', ['-c', 'user.name=check', '-c', 'user.email=check@localhost', '-c', 'commit.gpgsign=false', ...args]);
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'snapshot');
  const dependents = (name) => names.filter((n) => n !== name && reaches(n, name));
  const domain = names.find((n) => tag(n, 'type')[0] === 'type:domain' && dependents(n).length > 0 && dependents(n).length < names.length - 1);
  if (check(domain, 'no domain lib with dependents to touch')) {
    fs.appendFileSync(path.join(copy, project(domain).sourceRoot, 'index.ts'), '\n');
    const affected = run(bin('nx'), ['show', 'projects', '--affected', '--base=HEAD', '--json']).stdout;
    const got = JSON.parse(affected.slice(affected.indexOf('['))).sort();
    const want = [domain, ...dependents(domain)].sort();
    check(JSON.stringify(got) === JSON.stringify(want), `touching ${domain} affected [${got}], expected [${want}]`);
    console.log(`affected: touching ${domain} affects ${got.length} of ${names.length} projects: ${got.join(', ')}`);
  }
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
} finally {
  cleanUp();
}

if (failures.length) {
  console.error(`check-workspace: ${failures.length} problem(s)\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('check-workspace: ok');
