import type { AudienceExpression } from '@aas/sdk';

/** A condition: respondents who gave one of `datapoints` to `question` (in one of `suffixes`; at least `minCount` of them). */
export interface LeafNode {
  kind: 'leaf';
  question: string;
  questionName?: string;
  datapoints: string[];
  suffixes: string[];
  minCount?: number;
  not: boolean;
}

/** Conditions joined by and / or. */
export interface GroupNode {
  kind: 'group';
  op: 'and' | 'or';
  not: boolean;
  children: ExpressionNode[];
}

export type ExpressionNode = LeafNode | GroupNode;

/** Where a node sits in the tree: the child index at each level, from the root. */
export type NodePath = number[];

export const emptyGroup = (op: 'and' | 'or' = 'and'): GroupNode => ({ kind: 'group', op, not: false, children: [] });
export const emptyLeaf = (): LeafNode => ({ kind: 'leaf', question: '', datapoints: [], suffixes: [], not: false });

/**
 * The API's expression of a tree: the standard form (`and` / `or` / leaf, `not: true` where negated).
 * An empty group is every respondent (`{}`); a group of one, not negated, is that one child.
 */
export function toExpression(node: ExpressionNode): AudienceExpression {
  const not = node.not ? { not: true } : {};
  if (node.kind === 'leaf') {
    return {
      question: node.question,
      ...(node.datapoints.length ? { datapoints: node.datapoints } : {}),
      ...(node.suffixes.length ? { suffixes: node.suffixes } : {}),
      ...(node.minCount !== undefined ? { min_count: node.minCount } : {}),
      ...not,
    };
  }
  if (node.children.length === 0) return { ...not };
  if (node.children.length === 1 && !node.not) return toExpression(node.children[0]);
  return node.op === 'and' ? { and: node.children.map(toExpression), ...not } : { or: node.children.map(toExpression), ...not };
}

/** The tree of an expression from the API (a saved audience being edited); the root is always a group. */
export function fromExpression(expression: AudienceExpression): GroupNode {
  const node = nodeOf(expression);
  return node.kind === 'group' ? node : { ...emptyGroup(), children: [node] };
}

function nodeOf(expression: AudienceExpression): ExpressionNode {
  const e = expression as Record<string, unknown>;
  const not = e['not'] === true;
  if (Array.isArray(e['and'])) return { kind: 'group', op: 'and', not, children: (e['and'] as AudienceExpression[]).map(nodeOf) };
  if (Array.isArray(e['or'])) return { kind: 'group', op: 'or', not, children: (e['or'] as AudienceExpression[]).map(nodeOf) };
  if (typeof e['question'] === 'string') {
    return {
      kind: 'leaf',
      question: e['question'],
      datapoints: (e['datapoints'] as string[] | undefined) ?? [],
      suffixes: ((e['suffixes'] as unknown[] | undefined) ?? []).map(String),
      minCount: typeof e['min_count'] === 'number' ? e['min_count'] : undefined,
      not,
    };
  }
  return { ...emptyGroup(), not };
}

/**
 * The JSON pointer of a node inside the expression `toExpression` makes, so the API's field
 * problems (`/expression/and/0/min_count`) find their node. A group of one child, not negated, is
 * sent as that child, so the pointer skips it.
 */
export function pointerOf(root: ExpressionNode, path: NodePath): string {
  let pointer = '';
  let node = root;
  for (const index of path) {
    if (node.kind !== 'group') break;
    if (node.children.length > 1 || node.not) pointer += `/${node.op}/${index}`;
    node = node.children[index];
  }
  return pointer;
}

export function nodeAt(root: ExpressionNode, path: NodePath): ExpressionNode | undefined {
  let node: ExpressionNode | undefined = root;
  for (const index of path) node = node?.kind === 'group' ? node.children[index] : undefined;
  return node;
}

/** A copy of the tree with the node at `path` replaced by what `change` makes of it. */
export function updateAt(root: ExpressionNode, path: NodePath, change: (node: ExpressionNode) => ExpressionNode): ExpressionNode {
  if (path.length === 0) return change(root);
  if (root.kind !== 'group') return root;
  const [head, ...rest] = path;
  return { ...root, children: root.children.map((child, i) => (i === head ? updateAt(child, rest, change) : child)) };
}

/** A copy of the tree without the node at `path` (the root stays). */
export function removeAt(root: ExpressionNode, path: NodePath): ExpressionNode {
  if (path.length === 0) return root;
  const parent = path.slice(0, -1);
  const index = path[path.length - 1];
  return updateAt(root, parent, (node) => (node.kind === 'group' ? { ...node, children: node.children.filter((_, i) => i !== index) } : node));
}

/** Whether every condition names a question (what the API needs before it can size the audience). */
export function isComplete(node: ExpressionNode): boolean {
  return node.kind === 'leaf' ? node.question !== '' : node.children.every(isComplete);
}

/** A short label for an expression, for a list. */
export function describe(node: ExpressionNode): string {
  if (node.kind === 'leaf') {
    const what = `${node.questionName ?? node.question}${node.datapoints.length ? `: ${node.datapoints.join(', ')}` : ''}`;
    return node.not ? `not ${what}` : what;
  }
  if (node.children.length === 0) return node.not ? 'nobody' : 'everyone';
  const inner = node.children.map(describe).join(node.op === 'and' ? ' and ' : ' or ');
  return node.not ? `not (${inner})` : node.children.length > 1 ? `(${inner})` : inner;
}
