/*
 * A noun making the name before it a group of people ("smartphone owners", "Netflix subscribers",
 * "basketball fans") is that group's head, not a name of its own: "owners" after "smartphone" is
 * never the answer "Owner or C-level".
 */
import { GROUP_NOUNS } from '../synonyms';
import { Span } from './types';

/** The spans without a one-word group noun right after a datapoint's name. */
export function withoutGroupHeads(words: readonly string[], spans: Span[]): Span[] {
  return spans.filter(
    (s) => !(s.end - s.start === 1 && GROUP_NOUNS.has(words[s.start]) && spans.some((p) => p !== s && p.end === s.start && p.entry.kind === 'datapoint')),
  );
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
