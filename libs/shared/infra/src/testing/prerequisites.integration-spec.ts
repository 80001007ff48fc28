import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureNpmInstall, ensureSystemCommand } from './prerequisites';

/** Captures what the prerequisites say on stderr while `work` runs. */
function said(work: () => void): string {
  const lines: string[] = [];
  const write = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    work();
  } finally {
    write.mockRestore();
  }
  return lines.join('');
}

describe('test prerequisites', () => {
  let dir: string;

  beforeEach(() => {
    // A package with no dependencies: `npm ci` needs no network, yet goes through the same steps.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aas-prerequisites-'));
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'aas-prerequisites-probe', version: '1.0.0', private: true }));
    fs.writeFileSync(
      path.join(dir, 'package-lock.json'),
      JSON.stringify({
        name: 'aas-prerequisites-probe',
        version: '1.0.0',
        lockfileVersion: 3,
        requires: true,
        packages: { '': { name: 'aas-prerequisites-probe', version: '1.0.0' } },
      }),
    );
  });

  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('installs a folder with npm ci once, says so, and again only when its lock file changes', () => {
    expect(said(() => ensureNpmInstall(dir, 'the probe'))).toMatch(/installing the probe: npm ci --prefix .*\n[\s\S]*installed the probe in/);
    expect(fs.existsSync(path.join(dir, 'node_modules', '.aas-install-stamp'))).toBe(true);
    expect(said(() => ensureNpmInstall(dir, 'the probe'))).toBe('');

    const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as { version: string };
    fs.writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify({ ...lock, version: '1.0.1' }));
    expect(said(() => ensureNpmInstall(dir, 'the probe'))).toMatch(/installing the probe/);
  });

  it('fails with the command that fixes it when npm ci fails', () => {
    fs.writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: 'aas-prerequisites-probe', version: '1.0.0', dependencies: { 'left-pad': '1.3.0' } }),
    );
    let error: unknown;
    said(() => {
      try {
        ensureNpmInstall(dir, 'the probe');
      } catch (err) {
        error = err;
      }
    });
    expect(String(error)).toMatch(/installing the probe failed \(exit \d+\); run: npm ci --prefix /);
    expect(fs.existsSync(path.join(dir, 'node_modules', '.aas-install-stamp'))).toBe(false);
  });

  it('answers the path of a system command that is installed, installing nothing', () => {
    let found = '';
    expect(said(() => (found = ensureSystemCommand({ command: 'sh', aptPackage: 'dash', label: 'the probe' })))).toBe('');
    expect(path.basename(found)).toBe('sh');
  });
});
