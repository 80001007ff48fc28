/**
 * The command-line reading the evaluation tools share: `--name value` options and bare flags,
 * from the arguments after the script's own path.
 */
export interface CliArgs {
  /** The value after `--name`, or undefined when the option is absent. */
  value(name: string): string | undefined;
  /** Whether a bare flag (`--help`, `--show-failures`) is given. */
  has(flag: string): boolean;
}

export function cliArgs(argv: readonly string[] = process.argv.slice(2)): CliArgs {
  return {
    value: (name) => {
      const at = argv.indexOf(name);
      return at >= 0 ? argv[at + 1] : undefined;
    },
    has: (flag) => argv.includes(flag),
  };
}
