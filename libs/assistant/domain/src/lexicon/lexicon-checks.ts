/*
 * The checks the lexicon readers (`read-lexicon.ts`, `read-context-lexicon.ts`) build a file's
 * shape from: each returns the value typed or throws a LexiconError naming the file and the place
 * in it, so a file edited by hand that lost a bracket stops the start instead of misreading prompts.
 */

/** Checks one value found at `at` (the file and the place in it), returning it typed or throwing a LexiconError. */
export type Check<T> = (value: unknown, at: string) => T;

/** A lexicon file that does not have the shape the planner reads. */
export class LexiconError extends Error {
  constructor(at: string, problem: string) {
    super(`lexicon ${at}: ${problem}`);
    this.name = 'LexiconError';
  }
}

export const describe = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : JSON.stringify(value);

export const text: Check<string> = (value, at) => {
  if (typeof value !== 'string') throw new LexiconError(at, `expected a string, found ${describe(value)}`);
  return value;
};

export const num: Check<number> = (value, at) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new LexiconError(at, `expected a number, found ${describe(value)}`);
  return value;
};

/** Words and phrases: normalised (lower case, no punctuation), never empty. */
export const word: Check<string> = (value, at) => {
  const s = text(value, at);
  if (s.trim().length === 0) throw new LexiconError(at, 'expected words, found an empty string');
  return s;
};

export function listOf<T>(item: Check<T>): Check<T[]> {
  return (value, at) => {
    if (!Array.isArray(value)) throw new LexiconError(at, `expected a list, found ${describe(value)}`);
    return value.map((x, i) => item(x, `${at}[${i}]`));
  };
}

export function tuple<T extends unknown[]>(...items: { [K in keyof T]: Check<T[K]> }): Check<T> {
  return (value, at) => {
    if (!Array.isArray(value) || value.length !== items.length) throw new LexiconError(at, `expected a list of ${items.length}, found ${describe(value)}`);
    return items.map((check, i) => check(value[i], `${at}[${i}]`)) as T;
  };
}

export function recordOf<T>(item: Check<T>): Check<Record<string, T>> {
  return (value, at) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new LexiconError(at, `expected an object, found ${describe(value)}`);
    const out: Record<string, T> = {};
    for (const [key, x] of Object.entries(value)) out[key] = item(x, `${at}.${key}`);
    return out;
  };
}

export function shape<T>(fields: { [K in keyof T]: Check<T[K]> }): Check<T> {
  return (value, at) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new LexiconError(at, `expected an object, found ${describe(value)}`);
    const v = value as Record<string, unknown>;
    const unknown = Object.keys(v).filter((k) => !(k in fields));
    if (unknown.length > 0) throw new LexiconError(at, `unknown member ${unknown.map((k) => `"${k}"`).join(', ')}`);
    const out = {} as T;
    for (const key of Object.keys(fields) as (keyof T & string)[]) {
      if (!(key in v)) throw new LexiconError(at, `missing member "${key}"`);
      out[key] = fields[key](v[key], `${at}.${key}`);
    }
    return out;
  };
}

export const words = listOf(word);
export const wordLists = recordOf(words);
