import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const REGENERATE = 'libs/sdk/src/generated/openapi-types.ts and docs/api/openapi.json have drifted apart: run `npm run openapi` and commit the result';

/**
 * The SDK's types are openapi-typescript's output for the committed document, byte for byte (the
 * document itself is checked against the running service by openapi-document.e2e-spec.ts).
 */
describe('the generated API types', () => {
  it('are what openapi-typescript makes of docs/api/openapi.json', () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aas-sdk-types-'));
    try {
      const regenerated = path.join(tmp, 'openapi-types.ts');
      execFileSync(
        process.execPath,
        [path.join(ROOT, 'tools', 'openapi', 'generate-client-types.mjs'), path.join(ROOT, 'docs', 'api', 'openapi.json'), regenerated],
        {
          cwd: ROOT,
          stdio: 'pipe',
          timeout: 60_000,
        },
      );
      expect({ hint: REGENERATE, types: fs.readFileSync(regenerated, 'utf8') }).toEqual({
        hint: REGENERATE,
        types: fs.readFileSync(path.join(__dirname, 'openapi-types.ts'), 'utf8'),
      });
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
