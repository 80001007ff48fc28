import { PlannerQuestion } from '../assistant.types';
import { lemma } from '../catalogue-index';
import { STOPWORDS } from '../text';
import { wordsOf } from './mentions';

/*
 * How a prompt names a demographic question whose groups are ranked, read from the catalogue (never
 * from a list of questions): its code's words ("household size"), its name's ("occupation
 * sector"), the words its name gives in brackets ("Attitude to new technology (adopter type)"),
 * its name's content words in order with function words and plurals free ("the age of the
 * children in the household" for "Ages of children in household", also without its last word:
 * "the age of their children"), or, after a word that asks for
 * groups ("which occupations", "by occupation"), the first word of its code or name alone when
 * no other such question starts with it. The catalogue's other names of a question ("line of work"
 * for the occupation sector) are forms of its name too. Names are read through the planner's own
 * `wordsOf` and `lemma`, so that a name and a prompt are normalised alike.
 */

/** A question's name forms and content words, read once per catalogue question: `namedAt` asks at every word. */
const NAMES = new WeakMap<PlannerQuestion, { forms: string[][]; content: string[] }>();

function namesOf(q: PlannerQuestion): { forms: string[][]; content: string[] } {
  let names = NAMES.get(q);
  if (!names) {
    names = {
      forms: nameForms(q),
      content: wordsOf(q.name.replace(/\(.*?\)/g, ' '))
        .filter((w) => !STOPWORDS.has(w))
        .map(lemma),
    };
    NAMES.set(q, names);
  }
  return names;
}

/** The forms of a question's name, each a list of words (the last may be plural). */
function nameForms(q: PlannerQuestion): string[][] {
  const bracketed = [...q.name.matchAll(/\(([^)]*)\)/g)].map((m) => wordsOf(m[1]));
  return [q.code.split('_'), wordsOf(q.name.replace(/\(.*?\)/g, ' ')), ...bracketed, ...(q.aliases ?? []).map(wordsOf)];
}

/** Where the name of `q` ends when the words from `at` say it in full, else -1. */
export function namedAt(words: readonly string[], at: number, q: PlannerQuestion): number {
  let end = -1;
  const { forms, content } = namesOf(q);
  for (const f of forms) {
    if (f.length < 2) continue;
    const ok = f.every((w, k) => words[at + k] === w || (k === f.length - 1 && words[at + k] === `${w}s`));
    if (ok) end = Math.max(end, at + f.length);
  }
  // Content words in order, function words between them and plurals free: "age of the children in the household".
  if (content.length >= 2) {
    let k = 0;
    let j = at;
    let after = -1;
    while (j < words.length && k < content.length && j - at <= content.length * 3) {
      if (lemma(words[j]) === content[k]) {
        k++;
        after = j + 1;
      } else if (!STOPWORDS.has(words[j]) || k === 0) break;
      j++;
    }
    if (k === content.length) end = Math.max(end, j);
    // A name of three or more content words may leave out its last, the place it is asked of ("the
    // age of their children" for "Ages of children in household").
    else if (content.length >= 3 && k === content.length - 1) end = Math.max(end, after);
  }
  return end;
}

/**
 * The question among `questions` whose first word (of its code or of its name) is the word at
 * `at`, singular or plural, when it is the only one: "occupations" for "Occupation sector", "area"
 * for "Area lived in"; a word that starts two questions names none.
 */
export function headWordAt(words: readonly string[], at: number, questions: readonly PlannerQuestion[]): PlannerQuestion | null {
  const word = words[at];
  if (!word) return null;
  // The first word of the code, or of the name ("Area lived in" for urbanicity), singular or plural.
  // A one-word other name ("profession") starts its question too.
  const firsts = (q: PlannerQuestion) => [
    q.code.split('_')[0],
    wordsOf(q.name)[0],
    ...(q.aliases ?? [])
      .map(wordsOf)
      .filter((a) => a.length === 1)
      .map((a) => a[0]),
  ];
  const starting = questions.filter((q) => firsts(q).some((first) => first === word || `${first}s` === word));
  return starting.length === 1 ? starting[0] : null;
}
