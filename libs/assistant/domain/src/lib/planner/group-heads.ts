/*
 * A noun making the name before it a group of people ("smartphone owners", "Netflix subscribers",
 * "basketball fans", or before "of" and the name: "owners of cats") is that group's head, not a
 * name of its own: "owners" after "smartphone" is never the answer "Owner or C-level".
 */
import { GROUP_NOUNS } from '../synonyms';
import { Span } from './types';

/** The spans without a one-word group noun right after a datapoint's name, or before "of" and one ("owners of cats"). */
export function withoutGroupHeads(words: readonly string[], spans: Span[]): Span[] {
  const headOf = (s: Span) =>
    s.end - s.start === 1 &&
    GROUP_NOUNS.has(words[s.start]) &&
    spans.some((p) => p !== s && p.entry.kind === 'datapoint' && (p.end === s.start || (words[s.end] === 'of' && p.start === s.end + 1)));
  return spans.filter((s) => !headOf(s));
}

/** What a group of people does with the thing named before it, as a question's name says it. */
const HEAD_VERBS: [RegExp, RegExp][] = [
  [/^(fans?|followers?|supporters?)$/, /\b(followed|watched)\b/i],
  [/^(players?|gamers?)$/, /\b(played|playing)\b/i],
  [/^(owners?)$/, /\b(owned|ownership)\b/i],
  [/^(listeners?)$/, /\b(listened|listening)\b/i],
  [/^(viewers?|watchers?)$/, /\b(watched|viewing)\b/i],
  [/^(readers?)$/, /\b(read|reading)\b/i],
];

/**
 * Whether the group noun after a name (`head`: "basketball fans") says what the question named
 * `questionName` asks ("Sports followed", not "Sports and activities done").
 */
export function headFits(head: string | undefined, questionName: string): boolean {
  if (!head) return false;
  return HEAD_VERBS.some(([noun, verb]) => noun.test(head) && verb.test(questionName));
}
