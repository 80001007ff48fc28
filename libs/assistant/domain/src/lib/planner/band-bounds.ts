import { AnalysisPlan, PlannerCatalogue, PlannerQuestion } from '../assistant.types';
import { bandOf, Interval, readQuantities } from '../quantities';
import { FUNCTION_WORDS, normalize, stem, STOPWORDS } from '../text';
import { wordsOf } from './mentions';
import { askedInEnglish } from './ask-in-english';
import type { UnmeasuredAsk } from './unanswerable';

/** Units that are money: an amount in one of them is not an amount in another. */
const MONEY = new Set(['dollar', 'euro', 'pound', 'yen', 'real', 'rupee']);

/** The bands of a question's answers ("4-6 hours"), with their names. */
function bandsOf(question: PlannerQuestion): { band: Interval; name: string }[] {
  return question.datapoints.flatMap((d) => {
    const band = bandOf(normalize(d.name).trim());
    return band ? [{ band, name: d.name }] : [];
  });
}

/** Banded questions in a unit whose name shares a content word with the prompt ("Hours of sleep per night" for "sleep"). */
function namedBanded(words: readonly string[], unit: string, catalogue: PlannerCatalogue): PlannerQuestion[] {
  const said = new Set(words.filter((w) => w.length > 3 && !STOPWORDS.has(w) && !FUNCTION_WORDS.has(w)).map(stem));
  return catalogue.questions.filter(
    (q) =>
      bandsOf(q).some((b) => b.band.unit === unit) &&
      wordsOf(q.name).some((w) => w.length > 3 && !Object.prototype.hasOwnProperty.call(UNIT_WORDS, w) && said.has(stem(w))),
  );
}

const UNIT_WORDS: Record<string, true> = {
  hours: true,
  hour: true,
  minutes: true,
  spent: true,
  spend: true,
  per: true,
  night: true,
  week: true,
  month: true,
  year: true,
};

const inside = (band: Interval, asked: Interval) => band.lo >= asked.lo && band.hi <= asked.hi;
/** Whether a band straddles a bound of what was asked: part of it inside, part outside. */
const straddles = (band: Interval, asked: Interval) => !inside(band, asked) && Math.max(band.lo, asked.lo) < Math.min(band.hi, asked.hi);

/**
 * An amount the topic's bands cannot express. A banded question ("Less than 5 hours" .. "More than
 * 8 hours", "$50-$99") answers an amount that falls on its band edges ("more than 4 hours" is the
 * bands from 4-6 up); a bound inside a band ("more than 10 hours" when the top band is "More than
 * 8 hours") would count people the bound leaves out, and an amount in another currency (euros
 * against bands in dollars) is not the question's measure at all. Either is refused and the
 * question itself offered; no number of it is given for the bound asked.
 */
export function boundBeyondBands(prompt: string, plan: AnalysisPlan, catalogue: PlannerCatalogue): UnmeasuredAsk | null {
  const topic = plan.topic;
  const planned = topic ? catalogue.questions.find((q) => q.code === topic.question) : undefined;
  const words = askedInEnglish(prompt, catalogue);
  for (const asked of readQuantities(words)) {
    // The topic's bands, else those of a banded question in the amount's unit named by the prompt's
    // words ("sleep 9 hours or more" read as a health concern is still an amount of sleep).
    const inUnit = (q: PlannerQuestion | undefined) =>
      q !== undefined && q.suffixes.length === 0 && bandsOf(q).some((b) => b.band.unit === asked.unit || (MONEY.has(b.band.unit) && MONEY.has(asked.unit)));
    const question = inUnit(planned) ? planned : namedBanded(words, asked.unit, catalogue).find(inUnit);
    if (!question) continue;
    const bands = bandsOf(question);
    const same = bands.filter((b) => b.band.unit === asked.unit);
    const otherMoney = same.length === 0 && MONEY.has(asked.unit) && bands.some((b) => MONEY.has(b.band.unit));
    if (!otherMoney && !same.some((b) => straddles(b.band, asked))) continue;
    const said = words.slice(asked.start, asked.end).join(' ');
    const edges = bands.map((b) => b.name).join(', ');
    return {
      kind: 'metric',
      what: otherMoney
        ? `amounts in ${said.split(' ').pop()}: “${question.name}” is asked in ${edges}`
        : `“${said}” exactly: “${question.name}” is asked in bands (${edges}), and the bound falls inside one`,
      words: said,
      rest: [...words.slice(0, asked.start), ...words.slice(asked.end)].join(' '),
      // The banded question itself is offered, whatever the topic was read as.
      offerNamed: [question.name.toLowerCase()],
      answerableNamed: [],
      subject: wordsOf(question.name),
    };
  }
  return null;
}
