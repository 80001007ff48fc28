import { PlannerCatalogue } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { mentionsIn, wordsOf } from './mentions';
import { GROUP_NOUNS } from '../synonyms';
import { stem } from '../text';
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
export function countedPerPeriod(words: readonly string[], catalogue?: PlannerCatalogue): UnmeasuredAsk | null {
  const how = words.findIndex((w, i) => w === 'how' && words[i + 1] === 'many');
  if (how < 0) return null;
  // "How many of them use it every day?", "how many Brits use Snapchat every day?": people counted
  // (a size of those who do it so often), not things.
  if (countsPeople(words, how + 2, catalogue)) return null;
  for (let i = how + 2; i < Math.min(words.length, how + 6); i++) {
    // "How many holidays do Germans take a year": the counted noun comes before the auxiliary.
    if (lexicon.countedThings.auxiliaries.includes(words[i])) return null;
    const period = L.periods.find((p) => p.split(' ').every((x, k) => words[i + 1 + k] === x));
    if (!period) continue;
    const noun = words[i];
    if (NOT_COUNTED.has(noun)) return null;
    // "How many holidays a year": a question that counts them ("Holidays taken per year") answers it.
    if (catalogue && countsIn(noun, catalogue)) return null;
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

/**
 * Whether what "how many" counts, from `at`, is people: a word for people ("people", "of them",
 * "Brits"), a verb straight after it ("how many use it daily"), or an audience or market named first.
 */
function countsPeople(words: readonly string[], at: number, catalogue?: PlannerCatalogue): boolean {
  const head = words[at] ?? '';
  if (PEOPLE.has(head) || L.peopleVerbs.includes(head)) return true;
  if (!catalogue) return false;
  const rest = words.slice(at).join(' ');
  return mentionsIn(rest, catalogue).some((m) => m.start === 0 && m.entry.kind !== 'datapoint');
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

const C = lexicon.countedThings;
/** An answer that is a number or a band of numbers. */
const NUMERIC = /^(\d|none\b|less than|more than|under|over)/i;
const PEOPLE = new Set([...C.people, ...GROUP_NOUNS]);

/**
 * "How many apps do Millennials have on their phone?", "the average number of streaming services
 * people subscribe to": a number of things per person. A size counts people ("how many Germans
 * use TikTok", "how many Netflix subscribers are there"), so the counted noun must be a thing: the
 * words between the opener and an auxiliary, naming no audience, market or people. A question that
 * counts the things, named by them and answered in numbers ("Holidays taken per year"), answers it.
 */
export function countedThings(words: readonly string[], catalogue: PlannerCatalogue): UnmeasuredAsk | null {
  for (let i = 0; i < words.length; i++) {
    const opener = C.openers.find((o) => o.every((w, k) => words[i + k] === w));
    if (!opener) continue;
    const from = i + opener.length;
    const average = opener[0] !== 'how';
    // "How many X do ...": the noun phrase ends at the auxiliary; "the average number of X" at a verb's subject, up to 4 words.
    let to = from;
    while (to < words.length && to - from < 4 && !C.auxiliaries.includes(words[to]) && words[to] !== '|') to++;
    if (!average && !C.auxiliaries.includes(words[to] ?? '')) continue;
    // The noun phrase ends where the people it is counted for begin ("hours Gen Z spend").
    const people = mentionsIn(words.join(' '), catalogue).filter((m) => m.entry.kind !== 'datapoint' && m.start >= from);
    const stop = Math.min(to, average ? from + 2 : to, ...people.map((m) => m.start));
    // ... and before a period or a place ("holidays a year", "apps on their phone").
    const cut = words.slice(from, stop).findIndex((w) => C.nounEnds.includes(w));
    const noun = words.slice(from, cut >= 0 ? from + cut : stop);
    const head = noun[noun.length - 1];
    if (noun.length === 0 || !head || /^\d/.test(head) || PEOPLE.has(head) || noun.some((w) => PEOPLE.has(w))) continue;
    if (mentionsIn(noun.join(' '), catalogue).some((m) => m.entry.kind !== 'datapoint')) continue;
    if (noun.some((w) => NOT_COUNTED.has(w))) continue;
    if (countsIn(head, catalogue)) continue;
    const end = from + noun.length;
    return {
      kind: 'metric',
      what: C.what.replace('{n}', noun.join(' ')),
      words: words.slice(i, end).join(' '),
      rest: [...words.slice(0, i), ...words.slice(from, end), ...words.slice(end)].join(' '),
      // The nearest question is the one named like the things ("Video streaming services used").
      offerNamed: [noun.join(' ')],
      answerableNamed: [],
      subject: noun,
    };
  }
  return null;
}

/** Whether a question counts the things ("Holidays taken per year": None, 1, 2, 3-4, 5 or more): named by them, answered in numbers. */
function countsIn(noun: string, catalogue: PlannerCatalogue): boolean {
  return catalogue.questions.some(
    (q) => stem(wordsOf(q.name)[0] ?? '') === stem(noun) && q.datapoints.filter((d) => NUMERIC.test(d.name)).length >= q.datapoints.length / 2,
  );
}
