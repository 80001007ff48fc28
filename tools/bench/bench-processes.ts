import { ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { environmentFor, nodeFlagsFor } from '../lib/process-settings';

/** The repository root, seen from the compiled file under dist/tools/bench. */
export const ROOT = path.resolve(__dirname, '..', '..', '..');
export const REGISTER = path.join(ROOT, 'tools', 'runtime', 'register.js');

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Starts a built app (dist/<script>) as `npm start` does (its V8 options and environment, the workspace aliases), output discarded. */
export function launch(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(
    process.execPath,
    [...nodeFlagsFor(script), ...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []), '-r', REGISTER, path.join(ROOT, 'dist', script)],
    { env: { ...process.env, ...environmentFor(script), ...env }, stdio: 'ignore' },
  );
}
