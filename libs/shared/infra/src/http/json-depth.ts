/** Deepest nesting a request body may have. Expressions are bounded at 32 levels (64 JSON levels) by their parser. */
export const MAX_JSON_DEPTH = 100;

/**
 * The nesting depth of a parsed JSON value, counted without recursion and giving up
 * once past `limit` (so a 1 MiB body of brackets costs one linear pass, not a stack overflow
 * in the validators that walk bodies recursively).
 */
export function jsonDepthExceeds(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth > limit) return true;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}
