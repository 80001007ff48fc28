import { ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { sleep } from './processes';

/** A private redis-server, so a test can stop Redis without disturbing anyone else. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.end(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return child;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}

/** Kills a redis-server and resolves once it is gone (its port refuses connections). */
export async function killRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
}
