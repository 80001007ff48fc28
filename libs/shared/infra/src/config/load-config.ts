import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';

/** Thrown when the environment does not satisfy an app's config class; names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function describe(errors: ValidationError[]): string[] {
  return errors.flatMap((e) => Object.values(e.constraints ?? {}).map((message) => (message.startsWith(e.property) ? message : `${e.property}: ${message}`)));
}

/**
 * Builds a validated config object from environment variables.
 * Property names of the class are the variable names; class-transformer decorators
 * convert strings to numbers and booleans. Unknown variables are ignored (the
 * environment holds far more than ours); missing or invalid ones stop the start.
 */
export function loadConfig<T extends object>(cls: new () => T, env: NodeJS.ProcessEnv = process.env): T {
  const present: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') present[key] = value;
  }
  const instance = plainToInstance(cls, present, { exposeDefaultValues: true });
  const errors = validateSync(instance, { whitelist: false, forbidUnknownValues: true });
  if (errors.length > 0) throw new ConfigError(describe(errors));
  const post = (instance as { validateTogether?: () => string[] }).validateTogether?.() ?? [];
  if (post.length > 0) throw new ConfigError(post);
  return instance;
}
