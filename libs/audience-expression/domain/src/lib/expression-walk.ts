import { Expression } from './expression';

/** Calls `visit` on every node, parents before children, without recursion. */
function forEachNode(expression: Expression, visit: (node: Expression, depth: number) => void): void {
  const stack: { node: Expression; depth: number }[] = [{ node: expression, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: Expression; depth: number };
    visit(node, depth);
    if (node.kind === 'and' || node.kind === 'or') {
      for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push({ node: node.children[i], depth: depth + 1 });
    }
  }
}

/** The number of nodes (leaves, combinators and `{}` nodes), the root included. */
export function countNodes(expression: Expression): number {
  let count = 0;
  forEachNode(expression, () => {
    count += 1;
  });
  return count;
}

/** The nesting depth: 1 for a single node, 2 for a combinator of leaves, and so on. */
export function expressionDepth(expression: Expression): number {
  let deepest = 0;
  forEachNode(expression, (_node, depth) => {
    deepest = Math.max(deepest, depth);
  });
  return deepest;
}

/** The question codes an expression references, each once, in document order. */
export function collectQuestions(expression: Expression): string[] {
  const questions = new Set<string>();
  forEachNode(expression, (node) => {
    if (node.kind === 'leaf') questions.add(node.question);
  });
  return [...questions];
}

/**
 * One (question, datapoint, suffix) triple an expression references. `datapoint` is absent
 * for a leaf that lists none (any datapoint), `suffix` for a leaf that lists none.
 */
export interface ExpressionAttribute {
  readonly question: string;
  readonly datapoint?: string;
  readonly suffix?: string;
}

/**
 * The attribute triples an expression references, each once, in document order: the cross
 * product of each leaf's datapoints and suffixes. Suffixes are given as strings whatever the
 * wire form, so triples from different forms compare equal.
 */
export function collectAttributes(expression: Expression): ExpressionAttribute[] {
  const seen = new Set<string>();
  const attributes: ExpressionAttribute[] = [];
  forEachNode(expression, (node) => {
    if (node.kind !== 'leaf') return;
    const datapoints: (string | undefined)[] = node.datapoints?.length ? [...node.datapoints] : [undefined];
    const suffixes: (string | undefined)[] = node.suffixes?.length ? node.suffixes.map(String) : [undefined];
    for (const datapoint of datapoints) {
      for (const suffix of suffixes) {
        const key = JSON.stringify([node.question, datapoint ?? null, suffix ?? null]);
        if (seen.has(key)) continue;
        seen.add(key);
        attributes.push({
          question: node.question,
          ...(datapoint !== undefined ? { datapoint } : {}),
          ...(suffix !== undefined ? { suffix } : {}),
        });
      }
    }
  });
  return attributes;
}
