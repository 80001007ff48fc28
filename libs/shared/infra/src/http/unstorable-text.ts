import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import type { ProblemFieldError } from '@aas/shared-contracts';
import { ProblemException } from '../errors/problem.exception';
import { joinPointer } from '../errors/validation';

/** At most this many offending members are named in one answer. */
const MAX_REPORTED = 20;

// Code units, not code points (no `u` flag): a high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why Postgres could not store `text`, or undefined when it can: a NUL character (text and jsonb
 * refuse U+0000) or an unpaired UTF-16 surrogate (not Unicode text; jsonb refuses its escape).
 */
export function unstorableTextReason(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  const lone = LONE_SURROGATE.exec(text);
  if (lone) return `must be valid Unicode text: it contains an unpaired surrogate (\\u${lone[0].charCodeAt(0).toString(16)})`;
  return undefined;
}

/** Where a value sits: its parent's place and its key. The pointer text is built only for a value that is reported. */
interface Place {
  readonly parent: Place | undefined;
  readonly key: string | number;
}

function pointerOf(place: Place | undefined, base: string): string {
  const keys: (string | number)[] = [];
  for (let p = place; p !== undefined; p = p.parent) keys.push(p.key);
  return keys.reduceRight<string>((path, key) => joinPointer(path, key), base);
}

/**
 * Every string (and member name) in a parsed JSON value that Postgres could not store, by JSON
 * pointer under `base`. Iterative: bodies are bounded in depth by the JSON-depth check, but a walk
 * must not be the first thing to overflow the stack. Pointers are made only for what is reported
 * (a crosstab body has thousands of members; making every member's pointer cost more than the check).
 */
export function findUnstorableText(value: unknown, base = ''): ProblemFieldError[] {
  const found: ProblemFieldError[] = [];
  const stack: [unknown, Place | undefined][] = [[value, undefined]];
  while (stack.length > 0 && found.length < MAX_REPORTED) {
    const [current, place] = stack.pop() as [unknown, Place | undefined];
    if (typeof current === 'string') {
      const reason = unstorableTextReason(current);
      if (reason) found.push({ path: pointerOf(place, base), message: reason });
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], { parent: place, key: i }]);
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        const reason = unstorableTextReason(key);
        if (reason) found.push({ path: pointerOf({ parent: place, key }, base), message: `member name ${reason}` });
        else stack.push([child, { parent: place, key }]);
      }
    }
  }
  return found;
}

/**
 * One rule for every endpoint, applied before validation to bodies, query strings and path
 * parameters: text Postgres cannot store is a 400 naming the member, never a database error
 * (a 500) after the request got as far as a write.
 */
@Injectable()
export class UnstorableTextPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    // A single named query or path parameter is reported under its name, a whole body or query object from its root.
    const base = metadata.data ? `/${metadata.data}` : '';
    const errors = findUnstorableText(value, base);
    if (errors.length > 0) {
      throw ProblemException.validation(`The request contains text that cannot be stored: ${[...new Set(errors.map((e) => e.path))].join(', ')}`, errors);
    }
    return value;
  }
}
