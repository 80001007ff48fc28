import { PlannerCatalogue } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { wordsOf } from './mentions';
import type { UnmeasuredAsk } from './unanswerable';

const L = lexicon.countedPerPeriod;
const NOT_COUNTED = new Set([
  ...lexicon.ages.units,
  ...lexicon.money.timeWords,
  ...lexicon.money.spendWords,
  ...Object.values(lexicon.money.currencies).flat(),
]);

/**
 * "How many podcast episodes per week do Australians listen to?": a number of things per day,
 * week, month or year. The survey asks how often people do something, in bands, never how many
 * things they get through: the count is refused and the frequency question of the rest ("podcast
 * ... listen") offered. Counts of time, money or people are not read here.
 */
export function countedPerPeriod(words: readonly string[]): UnmeasuredAsk | null {
  const how = words.findIndex((w, i) => w === 'how' && words[i + 1] === 'many');
  if (how < 0) return null;
  for (let i = how + 2; i < Math.min(words.length, how + 6); i++) {
    const period = L.periods.find((p) => p.split(' ').every((x, k) => words[i + 1 + k] === x));
    if (!period) continue;
    const noun = words[i];
    if (NOT_COUNTED.has(noun)) return null;
    const end = i + 1 + period.split(' ').length;
    return {
      kind: 'metric',
      what: L.what.replace('{n}', noun),
      words: words.slice(i, end).join(' '),
      rest: [...words.slice(0, i), ...words.slice(end)].join(' '),
      offerNamed: L.offerNamed,
      answerableNamed: [],
    };
  }
  return null;
}

const U = lexicon.measureUnits;

/**
 * "How many litres of beer do Germans drink a year?", "cups of coffee a day": an amount in a unit
 * of quantity no question is asked in. The survey asks whether people drink beer, not how much:
 * the amount is refused and the question of what is counted (the rest of the ask) offered. A
 * unit a catalogue name uses ("Pairs of ..." if a question had it) is the catalogue's and is read.
 */
export function amountInUnit(words: readonly string[], catalogue: PlannerCatalogue): UnmeasuredAsk | null {
  const text = ` ${words.join(' ')} `;
  if (!U.asks.some((a) => text.includes(` ${a} `)) && !words.some((w) => /^\d/.test(w))) return null;
  const at = words.findIndex(
    (w, i) => U.units.includes(w) && (/^\d/.test(words[i - 1] ?? '') || ['many', 'much', 'of', 'average'].includes(words[i - 1] ?? '')),
  );
  if (at < 0) return null;
  const unit = words[at];
  const named = catalogue.questions.some((q) => [q.name, ...q.datapoints.map((d) => d.name)].some((n) => wordsOf(n).includes(unit)));
  if (named) return null;
  // "how many cups of coffee": the amount and its "of"; the thing counted stays in the rest.
  const end = words[at + 1] === 'of' ? at + 2 : at + 1;
  return {
    kind: 'metric',
    what: `amounts in ${unit}`,
    words: unit,
    rest: [...words.slice(0, at), ...words.slice(end)].join(' '),
    offerNamed: [],
    answerableNamed: [],
  };
}
