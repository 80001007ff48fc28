/*
 * People described by what they did before ("people who used to smoke", "Germans who formerly
 * smoked"): the answer of a question that names that past state ("Former smoker"), read whole as
 * one audience. The words of the past (`grammar.json` `pastStateBefore`) and the words an answer's
 * name opens with for it (`pastStateAnswers`) are lexicon data.
 */
import { PlannerCatalogue } from '../assistant.types';
import { nameWords, stem } from '../text';
import { agentNounForms } from './derived-forms';
import { Span } from './types';
import { LEXICON } from '../../lexicon/lexicon';

/** Phrases that put the verb after them in the past ("used to"). */
const PAST_BEFORE = LEXICON.grammar.pastStateBefore.map((p) => p.split(' '));
/** First words of an answer naming a past state ("former", "ex"). */
const PAST_ANSWERS = new Set(LEXICON.grammar.pastStateAnswers);

/** Whether `noun` ("smoker", "smoking") is said by the verb `verb` ("smoke", "smoked"). */
const saidBy = (noun: string, verb: string) => stem(noun) === stem(verb) || agentNounForms(noun).some((f) => stem(f) === stem(verb));

/** The one answer of the catalogue whose name is a past-state word and the doer of `verb` ("Former smoker"). */
function pastAnswer(verb: string, catalogue: PlannerCatalogue) {
  const found = catalogue.questions.flatMap((q) =>
    q.datapoints
      .filter((d) => {
        const name = nameWords(d.name);
        return name.length === 2 && PAST_ANSWERS.has(name[0]) && saidBy(name[1], verb);
      })
      .map((d) => ({ q, d })),
  );
  return found.length === 1 ? found[0] : null;
}

/** Audience spans of "used to <verb>" whose past state is an answer; they replace the spans they cover. */
export function pastStateSpans(words: readonly string[], spans: readonly Span[], catalogue: PlannerCatalogue): Span[] {
  const found: Span[] = [];
  for (let i = 0; i < words.length; i++) {
    const lead = PAST_BEFORE.find((p) => p.every((w, k) => words[i + k] === w));
    const verbAt = lead ? i + lead.length : -1;
    if (!lead || verbAt >= words.length) continue;
    const match = pastAnswer(words[verbAt], catalogue);
    if (!match) continue;
    const { q, d } = match;
    found.push({
      start: i,
      end: verbAt + 1,
      typo: false,
      entry: {
        kind: 'audience',
        words: words.slice(i, verbAt + 1),
        name: d.name,
        saved: null,
        expression: { question: q.code, datapoints: [d.code] },
        description: `${q.name}: ${d.name}.`,
      },
    });
  }
  if (found.length === 0) return [...spans];
  return [...spans.filter((s) => !found.some((f) => f.start < s.end && s.start < f.end)), ...found].sort((a, b) => a.start - b.start);
}
