import { Expression, LeafNode } from './expression';
import { CatalogueLookup, CatalogueQuestion, resolveQuestion } from './catalogue-lookup';

/**
 * A human-readable label for an expression, e.g. `Gender: Female AND (Age: 16-24 OR Age: 25-34)`,
 * for use as a name or `full_name`. Names come from the catalogue when it knows them, codes
 * otherwise. Parentheses appear only where the reading would be ambiguous without them: around
 * an `and` inside an `or` (and vice versa) and after `NOT`.
 *
 * Leaves read `Question: A`, `Question: A, B` (any of), `Question: at least 2 of A, B, C`,
 * `Question: any answer`; suffixes qualify the question: `Question [Daily, Weekly]: A`. An
 * `asked` leaf reads `Question: asked` (answered or not).
 */
export function labelExpression(expression: Expression, lookup?: Pick<CatalogueLookup, 'findQuestion'>): string {
  const label = (node: Expression): string => {
    const positive = positiveLabel(node);
    if (node.not !== true) return positive;
    return node.kind === 'all' ? 'No respondents' : `NOT (${positive})`;
  };

  const positiveLabel = (node: Expression): string => {
    if (node.kind === 'all') return 'All respondents';
    if (node.kind === 'leaf') return leafLabel(node, lookup === undefined ? undefined : resolveQuestion(node.question, lookup));
    const operator = node.kind === 'and' ? ' AND ' : ' OR ';
    return node.children
      .map((child) => {
        const text = label(child);
        const needsParentheses = child.not !== true && child.kind !== node.kind && (child.kind === 'and' || child.kind === 'or') && child.children.length > 1;
        return needsParentheses ? `(${text})` : text;
      })
      .join(operator);
  };

  return label(expression);
}

function leafLabel(leaf: LeafNode, question: CatalogueQuestion | undefined): string {
  const nameOf = (codes: readonly { code: string; name: string }[] | undefined, code: string): string => codes?.find((c) => c.code === code)?.name || code;
  const questionName = question?.name || leaf.question;
  if (leaf.asked === true) return `${questionName}: asked`;
  const suffixes = leaf.suffixes?.length ? ` [${leaf.suffixes.map((s) => nameOf(question?.suffixes, String(s))).join(', ')}]` : '';
  const minCount = leaf.minCount ?? 1;
  let answers: string;
  if (leaf.datapoints?.length) {
    const names = leaf.datapoints.map((d) => nameOf(question?.datapoints, d)).join(', ');
    answers = minCount > 1 ? `at least ${minCount} of ${names}` : names;
  } else {
    answers = minCount > 1 ? `at least ${minCount} answers` : 'any answer';
  }
  return `${questionName}${suffixes}: ${answers}`;
}
