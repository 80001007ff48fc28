/*
 * Everyone except one group: "among everyone except Gen Z", "apart from Gen Z, how many ...",
 * "anyone but parents", "people other than Millennials". Phrases of exception are read as the
 * word "except" where they open a clause or follow a word for everyone (`exceptPhrases`,
 * `exceptAfter` of `subjectWords` in `context-lexicon.json`), never inside another phrase ("what
 * sets them apart from the rest"); the one audience named right after "except" is its complement
 * (`not` on its whole expression, as the complement side of a comparison is written).
 */
import { PlanAudience } from '../assistant.types';
import { leavesOf, SubjectSpan } from './combine';
import lexicon from './context-lexicon.json';

const byLength = (list: string[]) => list.map((p) => p.split(' ')).sort((a, b) => b.length - a.length);
const PHRASES = byLength(lexicon.subjectWords.exceptPhrases);
const OPENERS = byLength(lexicon.subjectWords.exceptOpeners);
const AFTER = new Set(lexicon.subjectWords.exceptAfter);
/** Words between "except" and the group it names ("except for the Gen Z crowd"). */
const GAP = new Set(['the', 'for', 'those', 'of']);

/**
 * The words with each phrase of exception written "except": anywhere for `PHRASES` ("other than"),
 * where it opens a clause or follows a word for everyone for `OPENERS` ("apart from", "but").
 */
export function readExceptPhrases(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const prev = out[out.length - 1];
    const opens = prev === undefined || prev === '|' || AFTER.has(prev);
    // "But" opens a clause of its own ("but only in the UK"): it excepts only after a word for everyone.
    const opener = OPENERS.find((p) => p.every((w, k) => words[i + k] === w) && (p.join(' ') !== 'but' ? opens : AFTER.has(prev ?? '')));
    const phrase = PHRASES.find((p) => p.every((w, k) => words[i + k] === w)) ?? opener;
    if (!phrase) {
      out.push(words[i]);
      continue;
    }
    out.push('except');
    i += phrase.length - 1;
  }
  return out;
}

/** The position of the first name after an "except" (past `GAP` words), or -1. */
function exceptedStart(words: readonly string[], spans: readonly SubjectSpan[]): number {
  for (let i = 0; i < words.length; i++) {
    if (words[i] !== 'except') continue;
    let j = i + 1;
    while (j < words.length && GAP.has(words[j])) j++;
    if (spans.some((s) => s.start === j)) return j;
  }
  return -1;
}

/**
 * The audiences with the one named after "except" made its complement; the audiences as they
 * are when nothing is excepted, or when the name after it is not the audience's (the topic's
 * answer: "other than Netflix").
 */
export function exceptAudiences(audiences: PlanAudience[], words: readonly string[], spans: readonly SubjectSpan[]): PlanAudience[] {
  const named = audiences.filter((a) => a.origin !== 'everyone');
  if (named.length !== 1 || named[0].expression['not'] === true) return audiences;
  const at = exceptedStart(words, spans);
  const span = spans.find((s) => s.start === at);
  const base = named[0];
  const leaves = leavesOf(base.expression);
  const names = span?.entry.kind === 'audience' || (span?.entry.refs ?? []).some((r) => leaves.has(`${r.question.code}:${r.datapoint.code}`));
  if (!names) return audiences;
  const other: PlanAudience = {
    id: `not:${base.id}`,
    name: `Not ${base.name}`,
    description: `Respondents outside ${base.name}.`,
    expression: { ...base.expression, not: true },
    origin: 'phrase',
  };
  return audiences.map((a) => (a === base ? other : a));
}
