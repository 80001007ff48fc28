/*
 * A subject made of answers given and answers not given: "TikTok but not Instagram", "on WhatsApp
 * but not on Messenger", "Netflix pero no Disney+", "Netflix except Disney+". The answers named
 * before the excluding words are the ones respondents gave (every one of them), those after are
 * the ones they gave none of: one column, `{and: [given, {not: excluded}]}` (`PlanTopic.also` with a
 * `not` part of the topic's own question).
 */
import { PlanTopic } from '../assistant.types';
import { inside, SubjectSpan } from './combine';
import lexicon from './context-lexicon.json';

/** "But" in the languages of the markets (the word tables leave it as it is written). */
const BUT = new Set(['but', 'yet', 'and', 'aber', 'doch', 'pero', 'mais', 'mas', 'ma', 'sino']);
/** Negations after "but" (English, and as the subject stage spells them: "nicht", "no", "pas", "nao"). */
const NOT = new Set(['not', 'never', 'nicht', 'kein', 'keine', 'no', 'pas', 'nao', 'non']);
/** Negations of several answers after "but" ("but neither Telegram nor Messenger", "but none of ..."). */
const NONE_OF = new Set(lexicon.subjectWords.excludeNegations.map((p) => p.split(' ')[0]));
/** Auxiliaries between "but" and its negation ("but do not", "but are not"). */
const AUXILIARIES = new Set(['do', 'does', 'did', 'are', 'is', 'am', 'was', 'were', 'have', 'has', 'had', 'they', 'who']);
/** Words excluding on their own: "Netflix except Disney+", "TikTok without Instagram". */
export const EXCEPT = new Set([
  'except',
  'excluding',
  'without',
  'ausser',
  'ohne',
  'excepto',
  'salvo',
  'sin',
  'sauf',
  'sans',
  'exceto',
  'sem',
  'tranne',
  'senza',
]);
/** Words that may stand between the excluding words and the answer ("but not on", "but don't use"). */
const FILLER = new Set([
  'on',
  'in',
  'to',
  'of',
  'the',
  'a',
  'an',
  'do',
  'does',
  'did',
  'use',
  'using',
  'used',
  'en',
  'auf',
  'sur',
  'em',
  'o',
  'el',
  'la',
  'le',
  'de',
  // "Excluding anyone who also uses Telegram": the people excluded, said before their verb.
  ...lexicon.subjectWords.excludePeople,
]);

/** Where the excluding words before `start` begin, or -1: "but not (on)" right before the answer. */
function excludingBefore(words: readonly string[], spans: readonly SubjectSpan[], start: number): number {
  let i = start - 1;
  // One verb of the excluded answer may stand before it: "without owning a laptop", "but don't
  // watch Disney+" (never a name, a clause break or a "but").
  for (let verbs = 0; ; verbs++) {
    while (i >= 0 && FILLER.has(words[i]) && !inside(spans, i)) i--;
    if (i < 0) return -1;
    if (EXCEPT.has(words[i]) || NOT.has(words[i]) || NONE_OF.has(words[i])) break;
    if (verbs > 0 || inside(spans, i) || words[i] === '|' || BUT.has(words[i])) return -1;
    i--;
  }
  if (EXCEPT.has(words[i])) return i;
  // "but do not use", "but are not on", "pero no".
  let j = i - 1;
  while (j >= 0 && AUXILIARIES.has(words[j])) j--;
  if (j >= 0 && (BUT.has(words[j]) || words[j] === '|')) return j;
  return -1;
}

/** The topic's answers split into given and excluded, or null when the prompt excludes none of them. */
export function readExclusion(words: readonly string[], topicSpans: readonly SubjectSpan[], topic: PlanTopic): { given: string[]; excluded: string[] } | null {
  const named = [...topicSpans].sort((a, b) => a.start - b.start);
  if (named.length < 2) return null;
  const codes = (s: SubjectSpan) =>
    (s.entry.refs ?? [])
      .filter((r) => r.question.code === topic.question && topic.datapoints.some((d) => d.code === r.datapoint.code))
      .map((r) => r.datapoint.code);
  const cut = named.findIndex((s, k) => k > 0 && excludingBefore(words, named, s.start) > named[k - 1].end - 1);
  if (cut <= 0) return null;
  const given = [...new Set(named.slice(0, cut).flatMap(codes))];
  const excluded = [...new Set(named.slice(cut).flatMap(codes))].filter((c) => !given.includes(c));
  return given.length > 0 && excluded.length > 0 ? { given, excluded } : null;
}

/** The topic measuring respondents who gave every `given` answer and none of the `excluded`. */
export function withExclusion(topic: PlanTopic, split: { given: string[]; excluded: string[] }): PlanTopic {
  const pick = (list: string[]) => topic.datapoints.filter((d) => list.includes(d.code));
  const { minCount: _minCount, negate: _negate, ...rest } = topic;
  return {
    ...rest,
    datapoints: pick(split.given),
    combine: 'all',
    also: [{ question: topic.question, questionName: topic.questionName, datapoints: pick(split.excluded), suffix: topic.suffix, not: true }],
  };
}
