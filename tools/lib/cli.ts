import { ConfigError } from '@aas/shared-infra';
import { stopActiveProgress } from './progress';

/** What a CLI's main function gets: its parsed options and a signal that aborts on Ctrl-C. */
export interface CliContext {
  args: Record<string, string>;
  /** Positional arguments, in order (only for CLIs that declare `positional`). */
  positional: string[];
  /** Aborted on the first SIGINT/SIGTERM: long work checks it and stops cleanly. */
  signal: AbortSignal;
}

export interface CliSpec {
  /** The help text, printed by `--help` (exit 0) and after a usage error. */
  help: string;
  /** The options the CLI accepts (without `--`); anything else is a usage error naming it. */
  options: readonly string[];
  /** How many positional arguments it takes before the options (default 0). */
  positional?: number;
  /** Exit code of an interrupted run (default 130, the shell's code for Ctrl-C). */
  main(context: CliContext): Promise<void>;
}

/** A mistake in the command line: printed with the help, exit code 64 (EX_USAGE). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Thrown by long work that saw its abort signal; the CLI then exits 130 without a stack. */
export class InterruptedError extends Error {
  override readonly name = 'InterruptedError';
  constructor() {
    super('interrupted');
  }
}

/** Throws InterruptedError when the signal has fired (call between steps of long work). */
export function throwIfInterrupted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new InterruptedError();
}

/**
 * `--name value`, `--name=value` and bare `--flag` (then `'true'`). Options not in `known` are a
 * UsageError naming them, as is a positional argument where none is expected.
 */
export function parseArgs(argv: readonly string[], known: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument '${arg}'`);
    const eq = arg.indexOf('=');
    const key = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    if (!known.includes(key)) throw new UsageError(`unknown option --${key}`);
    if (eq !== -1) out[key] = arg.slice(eq + 1);
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) out[key] = argv[++i];
    else out[key] = 'true';
  }
  return out;
}

function describeError(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  if (err === undefined || err === null) return 'failed without saying why (an error with no message)';
  return String(err);
}

/**
 * Runs a CLI: `--help`/`-h` prints the help and exits 0; a usage error prints what is wrong and the
 * help (exit 64); a configuration error exits 78 like the apps; any other failure prints its message
 * (never `undefined`, never a stack or a dump) and exits 1. The first Ctrl-C aborts `signal` and
 * says so, the work stops at its next step (exit 130); a second one exits at once.
 */
export function runCli(spec: CliSpec, argv: readonly string[] = process.argv.slice(2)): void {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(spec.help);
    return;
  }
  const controller = new AbortController();
  let interrupts = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupts++;
    if (interrupts === 1) {
      stopActiveProgress();
      process.stderr.write(`\n${signal === 'SIGINT' ? 'Ctrl-C' : signal}: stopping (again to quit at once)...\n`);
      controller.abort();
    } else {
      process.exit(130);
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const run = async () => {
    const count = spec.positional ?? 0;
    const positional = argv.slice(0, count).filter((a) => !a.startsWith('--'));
    if (positional.length < count) throw new UsageError(`expected ${count} argument${count === 1 ? '' : 's'} before the options`);
    const args = parseArgs(argv.slice(count), spec.options);
    await spec.main({ args, positional, signal: controller.signal });
  };
  run().then(
    () => {
      // Handles (a pool's timers, an embedded Postgres) must not keep a finished CLI alive.
      process.exit(process.exitCode ?? 0);
    },
    (err: unknown) => {
      if (controller.signal.aborted) {
        process.stderr.write('interrupted: stopped, and the work in progress was rolled back\n');
        process.exit(130);
      }
      if (err instanceof UsageError) {
        console.error(`error: ${err.message}\n\n${spec.help}`);
        process.exit(64);
      }
      if (err instanceof ConfigError) {
        console.error(err.message);
        process.exit(78);
      }
      console.error(`error: ${describeError(err)}`);
      process.exit(1);
    },
  );
}
