/*
 * A subject of answers given alone: "use only TikTok", "WhatsApp and no other social platform",
 * "TikTok and nothing else", "Netflix as their only streaming service". The answers named are
 * given (every one of them) and every other answer of their question is not: the same column as
 * "X but not Y" (`exclude.ts`) with Y every other real answer (never a catch-all such as "None of
 * these" or "Other", which no one gives beside an answer). Its words are `onlyWords` (before the
 * answers) and `onlyAfter` (after the last one) of `subjectWords` in `context-lexicon.json`.
 */
import { PlannerCatalogue, PlanTopic } from '../assistant.types';
import { inside, SubjectSpan } from './combine';
import { EXCEPT } from './exclude';
import lexicon from './context-lexicon.json';

const ONLY = new Set(lexicon.subjectWords.onlyWords);
const ONLY_AFTER = lexicon.subjectWords.onlyAfter.map((p) => p.split(' '));
/** Words that may stand between "only" and the answer besides one verb ("only use the Netflix app"). */
const GAP = new Set(['the', 'a', 'an', 'on', 'to', 'with', 'at', 'from', 'in']);
/** Answers that are no answer of a thing: none of it, or whatever else there is. */
const CATCH_ALL = /^(none\b|other\b|no\b|not\b|never\b)/i;

/** Whether the words say the topic's named answers are given alone. */
export function readOnly(words: readonly string[], topicSpans: readonly SubjectSpan[]): boolean {
  const sorted = [...topicSpans].sort((a, b) => a.start - b.start);
  if (sorted.length === 0) return false;
  const last = sorted[sorted.length - 1];
  // The answers of the clause that names the last of them ("only the yoga side matters: what share
  // do yoga?" asks of the last clause, where nothing is said alone).
  const named = sorted.filter((s) => !words.slice(s.end, last.start).includes('|'));
  // After the last answer: "... and no other", "... as their only", "Netflix only" (a clause end or the prompt's end after it).
  const rest = words.slice(last.end, last.end + 6).filter((w, k) => !(k === 0 && w === '|'));
  for (const p of ONLY_AFTER) {
    if (!p.every((w, k) => rest[k] === w)) continue;
    if (p.length > 1) return true;
    const next = rest[1];
    if (next === undefined || next === '|') return true;
  }
  // Before the first answer: "only TikTok", "only use TikTok", "use only TikTok"; never "not only".
  let i = named[0].start - 1;
  for (let verbs = 0; i >= 0; i--) {
    if (ONLY.has(words[i])) return words[i - 1] !== 'not';
    if (GAP.has(words[i])) continue;
    if (words[i] === '|' || inside(topicSpans, i) || verbs++ > 0) return false;
  }
  return false;
}

/** The answers of the topic's question other than `given` that a respondent can give beside them. */
export function otherAnswers(topic: PlanTopic, catalogue: PlannerCatalogue): string[] {
  const given = new Set(topic.datapoints.map((d) => d.code));
  const question = catalogue.questions.find((q) => q.code === topic.question);
  return (question?.datapoints ?? []).filter((d) => !given.has(d.code) && !CATCH_ALL.test(d.name.trim())).map((d) => d.code);
}

/** Whether the topic's question lets a respondent give several answers (a list, not one choice of a scale or bands). */
export function allowsSeveral(topic: PlanTopic, catalogue: PlannerCatalogue): boolean {
  return catalogue.questions.find((q) => q.code === topic.question)?.averageBy !== 'datapoints';
}

/** The answers `codes` of the topic's question as the topic's datapoints are written (code and name). */
export function excludedRefs(codes: readonly string[], topic: PlanTopic, catalogue: PlannerCatalogue): PlanTopic['datapoints'] {
  const question = catalogue.questions.find((q) => q.code === topic.question);
  return (question?.datapoints ?? []).filter((d) => codes.includes(d.code)).map((d) => ({ code: d.code, name: d.name }));
}

/**
 * Whether every answer named stands after an excluding word and none before it ("which services
 * other than Netflix are most used", read as "except Netflix"): the answers ranked are all the others.
 */
export function readAllExcept(words: readonly string[], topicSpans: readonly SubjectSpan[]): boolean {
  if (topicSpans.length === 0) return false;
  return topicSpans.every((s) => {
    let i = s.start - 1;
    while (i >= 0 && (GAP.has(words[i]) || inside(topicSpans, i) || ['and', 'or', 'nor'].includes(words[i]))) i--;
    return i >= 0 && EXCEPT.has(words[i]) && words[i] !== 'without';
  });
}
