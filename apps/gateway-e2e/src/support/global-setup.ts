import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * e2e tests run the built apps as separate processes, exactly as production does,
 * so the build comes first. A build error fails the run here, once.
 */
export default async function globalSetup(): Promise<void> {
  // For quick local re-runs against a dist/ you just built yourself; CI never sets it.
  if (process.env.E2E_SKIP_BUILD === '1' && !process.env.CI) return;
  const root = path.resolve(__dirname, '..', '..', '..', '..');
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
}
