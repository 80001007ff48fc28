import lexicon from './context-lexicon.json';
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
