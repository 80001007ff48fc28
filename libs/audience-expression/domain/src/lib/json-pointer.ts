/*
 * RFC 6901 JSON pointers: every error names where it is, in the JSON the caller sent.
 */

/** Escapes one reference token (`~` -> `~0`, `/` -> `~1`; in that order, as RFC 6901 requires). */
export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Appends reference tokens to a pointer: `appendPointer('/and/2', 'or', 0)` is `/and/2/or/0`. */
export function appendPointer(pointer: string, ...tokens: readonly (string | number)[]): string {
  return pointer + tokens.map((t) => '/' + escapePointerToken(t)).join('');
}

/** Splits a pointer into unescaped tokens, or `undefined` when it is not a syntactically valid pointer. */
export function parsePointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  const raw = pointer.slice(1).split('/');
  if (raw.some((t) => /~(?![01])/.test(t))) return undefined;
  return raw.map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Resolves a pointer against a JSON document. `found` is false when the pointer is malformed
 * or leads nowhere; array tokens must be canonical indexes ("0", "12", never "01" or "-").
 */
export function resolvePointer(document: unknown, pointer: string): { found: boolean; value?: unknown } {
  const tokens = parsePointer(pointer);
  if (tokens === undefined) return { found: false };
  let current: unknown = document;
  for (const token of tokens) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= current.length) return { found: false };
      current = current[Number(token)];
    } else if (typeof current === 'object' && current !== null) {
      if (!Object.prototype.hasOwnProperty.call(current, token)) return { found: false };
      current = (current as Record<string, unknown>)[token];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: current };
}
