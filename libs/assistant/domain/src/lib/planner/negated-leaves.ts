/*
 * Which audience leaves a negation reaches, when an answer is said more than once, and how the
 * answers of "neither X nor Y" are negated together. Read by `negateAudiences` (`subject.ts`).
 */
import { PlanAudience } from '../assistant.types';
import { SubjectSpan } from './combine';

/** The words of "neither X nor Y" (other languages read as English). */
const NEITHER = new Set(['neither', 'nor']);

/** Whether a span names exactly the answers of a leaf (its question and every datapoint). */
export const spanNamesLeaf = (s: SubjectSpan, leaf: Record<string, unknown>): boolean => {
  const dps = leaf['datapoints'];
  return Array.isArray(dps) && dps.every((d) => (s.entry.refs ?? []).some((r) => r.question.code === leaf['question'] && r.datapoint.code === d));
};

/** The leaves of an expression that are one question's answers. */
function leaves(node: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (!node || typeof node !== 'object') return out;
  const n = node as Record<string, unknown>;
  if (Array.isArray(n['and'])) for (const c of n['and']) leaves(c, out);
  else if (typeof n['question'] === 'string') out.push(n);
  return out;
}

/**
 * Whether the negation reaches a leaf of audience `at`: when the leaf's answer is said once per
 * audience holding it, in their order ("gym members who also run vs gym members who don't run"),
 * only where the negated saying stands; otherwise wherever the answer is negated.
 */
export function leafNegated(
  leaf: Record<string, unknown>,
  at: number,
  audiences: readonly PlanAudience[],
  spans: readonly SubjectSpan[],
  negated: readonly SubjectSpan[],
): boolean {
  if (!negated.some((s) => spanNamesLeaf(s, leaf))) return false;
  const said = spans.filter((s) => s.entry.kind === 'datapoint' && spanNamesLeaf(s, leaf)).sort((a, b) => a.start - b.start);
  const same = (l: Record<string, unknown>) => l['question'] === leaf['question'] && JSON.stringify(l['datapoints']) === JSON.stringify(leaf['datapoints']);
  const holders = audiences.map((a, k) => (a.origin === 'phrase' && leaves(a.expression).some(same) ? k : -1)).filter((k) => k >= 0);
  if (said.length < 2 || said.length !== holders.length) return true;
  return negated.includes(said[holders.indexOf(at)]);
}

/**
 * "Neither run nor cycle": the answers of one question negated together are one leaf of them all,
 * negated (not any of them), when the prompt says "neither" or "nor".
 */
export function noneOfLeaves(expression: Record<string, unknown>, words: readonly string[]): Record<string, unknown> {
  if (!Array.isArray(expression['and']) || !words.some((w) => NEITHER.has(w))) return expression;
  const out: Record<string, unknown>[] = [];
  for (const n of expression['and'] as Record<string, unknown>[]) {
    const key = (l: Record<string, unknown>) => `${String(l['question'])}|${JSON.stringify(l['suffixes'] ?? null)}`;
    const twin = out.find(
      (o) => o['not'] === true && n['not'] === true && Array.isArray(o['datapoints']) && Array.isArray(n['datapoints']) && key(o) === key(n),
    );
    if (twin) twin['datapoints'] = [...new Set([...(twin['datapoints'] as string[]), ...(n['datapoints'] as string[])])];
    else out.push({ ...n });
  }
  return out.length === 1 ? out[0] : { ...expression, and: out };
}
