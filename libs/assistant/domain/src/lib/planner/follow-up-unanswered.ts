import { PlannerCatalogue } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { mentionsIn, wordsOf } from './mentions';
import { writtenAsNames } from './normalise';

const alternatives = (list: readonly string[]) => list.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')).join('|');
const U = lexicon.unanswered;
/** "Sorry, I meant", "no,", "ok", "fine": the opening of a turn that corrects the one before it. */
const OPENING = new RegExp(`^\\s*(?:(?:${alternatives(U.openings)})(?![\\p{L}])[\\s,.!:;-]*)+`, 'iu');
/** "France then", "Threads instead": the closing of such a turn. */
const CLOSING = new RegExp(`(?:[\\s,]+(?:${alternatives(U.closings)}))+[\\s?.!]*$`, 'iu');

/** Market mentions of any kind: licensed markets, places not in the data, named groups of markets. */
const PLACES = new Set(['market', 'place', 'region']);

/**
 * "Sorry, I meant Spaniards", "fine, France then", "ok then Threads" after a turn that was refused
 * or asked back ("What share of Italians use Netflix?"): the new turn gives what the unanswered one
 * should have named, so that turn is asked again with it. A market replaces the market or place
 * the unanswered prompt named; an answer of the catalogue replaces the name the catalogue did not
 * know (a word written as a name that is no mention). `null` when the turn does not read as a
 * correction (an opening or closing word, and at most a few words with one thing named), or
 * nothing in the unanswered prompt is what it corrects.
 */
export function answerToUnanswered(prompt: string, unanswered: string | null | undefined, catalogue: PlannerCatalogue): string | null {
  if (!unanswered) return null;
  const opened = OPENING.exec(prompt);
  const rest = prompt
    .replace(OPENING, '')
    .replace(CLOSING, '')
    .replace(/[\s?.!]+$/, '');
  if ((!opened && !CLOSING.test(prompt)) || wordsOf(rest).length === 0 || wordsOf(rest).length > U.maxWords) return null;
  const named = mentionsIn(rest, catalogue);
  if (named.length !== 1 || wordsOf(rest).length !== named[0].end - named[0].start) return null;
  const fresh = named[0];
  const earlier = mentionsIn(unanswered, catalogue);
  if (fresh.entry.kind === 'market') {
    const old = earlier.find((m) => PLACES.has(m.entry.kind));
    return old ? replaceWords(unanswered, old.text, rest) : null;
  }
  if (fresh.entry.kind === 'datapoint') {
    const known = new Set(earlier.flatMap((m) => m.text.split(' ')));
    const unknown = [...writtenAsNames(unanswered)].filter((w) => !known.has(w));
    return unknown.length === 1 ? replaceWords(unanswered, unknown[0], rest) : null;
  }
  return null;
}

const ARTICLES = new Set(lexicon.replace.replacedFirst.articles);

/**
 * "Perdón, quería decir los brasileños", "sorry, I meant Germans" after an answered turn: the
 * correction's opening left out, so that the one thing it names replaces that member of the last
 * answer. `null` when the turn does not open as a correction or names more than one thing.
 */
export function correctionOfAnswer(prompt: string, catalogue: PlannerCatalogue): string | null {
  if (!OPENING.test(prompt)) return null;
  const rest = prompt
    .replace(OPENING, '')
    .replace(CLOSING, '')
    .replace(/[\s?.!]+$/, '');
  const words = wordsOf(rest).filter((w) => !ARTICLES.has(w));
  if (words.length === 0 || words.length > U.maxWords) return null;
  const named = mentionsIn(words.join(' '), catalogue);
  return named.length === 1 && named[0].end - named[0].start === words.length ? rest : null;
}

/** The prompt with the words of `old` (normalised, as written in any case and spacing) replaced by `fresh`. */
function replaceWords(text: string, old: string, fresh: string): string | null {
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${old
      .split(' ')
      .map((w) => alternatives([w]))
      .join('[\\s-]+')}(?![\\p{L}\\p{N}])`,
    'iu',
  );
  return pattern.test(text) ? text.replace(pattern, fresh) : null;
}
