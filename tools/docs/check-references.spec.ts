import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SCRIPT = path.join(__dirname, 'check-references.mjs');

/** Runs the check over a scratch tree made of `files`; returns its exit status and output. */
function checkTree(files: Record<string, string>): { status: number | null; output: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'aas-refs-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    }
    const r = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8', timeout: 30_000 });
    return { status: r.status, output: `${r.stdout}${r.stderr}` };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

// Planted lines are assembled from pieces so that this file passes the check it tests.
const up = '..' + '/';
const DOCS = {
  'docs/metrics.md': '# Metrics\n\n## Kish effective base\n',
  'docs/README.md': '# Docs\n\nSee [metrics](metrics' + '.md#kish-effective-base).\n',
};

describe('tools/docs/check-references.mjs', () => {
  it('passes a tree whose references all point inside it', () => {
    const r = checkTree({
      ...DOCS,
      'libs/a/src/index.ts': '/** Effective base: docs/metrics.md#kish-effective-base. Scratch files go under os.tmpdir(). */\nexport const a = 1;\n',
      'libs/a/README.md': `The formula is in [docs/metrics.md](${up}${up}docs/metrics.md#kish-effective-base).\n`,
    });
    expect(r.output).toContain('check-references: ok');
    expect(r.status).toBe(0);
  }, 30_000);

  it.each([
    ['a path to the old specification folder', 'README.md', `The interface is ${up}shared/${'spec'}/service` + '-spec.md.\n', 'path outside the repository'],
    ['a numbered section of the old specification', 'libs/a/src/index.ts', `/** Members in the order of spec ${2}.6. */\n`, 'outside specification'],
    ['a metrics page without its folder', 'libs/a/src/index.ts', `// formulas as in metrics${'.'}md\n`, 'metrics page outside docs/'],
    ['an absolute path of a machine', 'tools/bench/README.md', `cd ${'/'}work${'/'}main && npm ci\n`, 'absolute machine path'],
    ['a heading that does not exist', 'libs/a/src/index.ts', '// see docs/metrics.md#' + 'no-such-heading\n', 'missing anchor'],
    ['a page that does not exist', 'libs/a/README.md', '[guide](../../docs/' + 'api.md)\n', 'missing target'],
  ])(
    'fails on %s, naming the file and line',
    (_what, file, text, rule) => {
      const r = checkTree({ ...DOCS, [file]: `first line\n${text}` });
      expect(r.status).toBe(1);
      expect(r.output).toContain(`${file}:2: ${rule}`);
    },
    30_000,
  );
});
