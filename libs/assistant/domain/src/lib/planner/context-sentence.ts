import { AnalysisPlan, PlanAudience, PlannerCatalogue } from '../assistant.types';
import { Entry, indexOf } from '../catalogue-index';
import { asks, startsAsking } from './brief';
import { requestedAsk } from './brief-asks';
import { endsInAbbreviation } from './brief-sentences';
import { referToHistory } from './follow-up-history';
import { oppositeOfPrevious } from './follow-up-opposite';
import { removedFilter } from './follow-up-remove';
import { isFollowUpText, RELATIVE_MARK } from './follow-up';
import { readCount, readKind } from './kind';
import { mentionsIn, wordsOf } from './mentions';
import { commonWords } from './word-bounds';
import { read } from './read';
import { pointedSide } from './side-pointer';
import { sizeCuePositions } from './size';
import { detectLanguage } from '../languages';
import { Reading } from './types';

/** What reading a sentence needs of the planner's input: the catalogue and the chat. */
export interface SentenceContext {
  catalogue: PlannerCatalogue;
  previous?: AnalysisPlan | null;
  history?: AnalysisPlan[];
  docked?: PlanAudience[];
}

/** The end of a sentence before more of the prompt: a full stop or exclamation mark and a space, or a line break. */
const SENTENCE_END = /[.!。！]+[ \t]+|[.!。！]*\s*\n\s*|[。！]+/g;
/** A question mark anywhere: a sentence that has one asks. */
const QUESTION_MARK = /[?？]/;

/**
 * "Quick one for a client deck. And for women?", "I need this for a report due tomorrow. vegan %
 * uk vs germany": the sentences before the ask that name nothing of the catalogue (no market,
 * audience, group, brand or period of the data) and ask nothing (no question, command, kind of
 * answer, count or limit, nothing that points back at the chat) are context: what the answer is
 * for, a deadline, who asks, an apology, background. The ask after them is planned as if alone,
 * so that a follow-up stays a follow-up and a one-line ask is not read as a brief. `null` when the
 * prompt does not open with such a sentence, or has nothing after it.
 */
export function withoutContextSentences(prompt: string, input: SentenceContext): { text: string; context: string[] } | null {
  const context: string[] = [];
  let rest = prompt.trim();
  for (let head = leadingSentence(rest); head && isContextSentence(head.sentence, head.rest, input); head = leadingSentence(rest)) {
    context.push(head.sentence);
    rest = head.rest;
  }
  return context.length === 0 ? null : { text: rest, context };
}

/** The prompt's first sentence and what follows it, or null when the prompt is one sentence. */
function leadingSentence(prompt: string): { sentence: string; rest: string } | null {
  for (const end of prompt.matchAll(SENTENCE_END)) {
    const at = (end.index ?? 0) + end[0].length;
    const sentence = prompt.slice(0, (end.index ?? 0) + end[0].trimEnd().length).trim();
    const rest = prompt.slice(at).trim();
    if (!/[\p{L}\p{N}]/u.test(rest)) return null;
    // "In the U.S. how many ...": an abbreviation's full stop ends no sentence.
    if (!endsInAbbreviation(sentence, rest)) return { sentence, rest };
  }
  return null;
}

/**
 * Whether a sentence before `rest` names nothing of the catalogue and asks nothing: context, not
 * part of the ask. A word the catalogue also writes as a common word ("our marketing strategy",
 * "a business review") names nothing when the ask names its own topic or continues the chat.
 */
export function isContextSentence(sentence: string, rest: string, input: SentenceContext): boolean {
  if (QUESTION_MARK.test(sentence) || !/\p{L}/u.test(sentence)) return false;
  const { catalogue } = input;
  const previous = input.previous ?? null;
  const index = indexOf(catalogue);
  const common = commonWords(index);
  const mentions = mentionsIn(sentence, catalogue);
  if (mentions.some((m) => !isCommonName(m.entry, common))) return false;
  // Read as after a topic, so that a group named alone ("By gender.") is a group to split by.
  const reading = read(sentence, catalogue, index, true, previous?.language);
  if (!namesNothing(reading, catalogue, common) || namesYearOfData(reading.words, catalogue)) return false;
  const text = ` ${reading.words.join(' ')} `;
  if (Object.values(readKind(text)).some(Boolean) || readCount(text)) return false;
  if (asksSomething(sentence, catalogue)) return false;
  if (pointsAtChat(sentence, text, rest, input)) return false;
  // A common word may name the topic of an ask that names none ("We sell headphones. Awareness among Gen Z?").
  const weak = mentions.length > 0 || reading.spans.length > 0;
  return !weak || previous !== null || namesTopic(rest, input);
}

/** A name of one word that the catalogue also writes as a common word ("strategy", "business"), not a brand's. */
const isCommonName = (entry: Entry, common: ReadonlySet<string>) => entry.kind === 'datapoint' && entry.words.length === 1 && common.has(entry.words[0]);

/** A reading without names (but common words), periods (but the present), amounts, limits or dimensions: the words carry nothing the data has. */
function namesNothing(reading: Reading, catalogue: PlannerCatalogue, common: ReadonlySet<string>): boolean {
  const { time, dimension } = reading;
  if (reading.spans.some((s) => !isCommonName(s.entry, common)) || reading.quantities.length > 0 || reading.limit !== undefined) return false;
  if (time.refusal || time.range || time.pointsInTime || time.perWave || time.grain) return false;
  // "My boss needs this today.": the present, said of a deadline, is the latest wave every ask defaults to; any other wave is a period.
  const latest = catalogue.waves.filter((w) => w.entitled).at(-1);
  if (time.waves.some((w) => w.code !== latest?.code)) return false;
  if (sizeCuePositions(reading.words).length > 0) return false;
  return !Object.values(dimension).some((v) => (Array.isArray(v) ? v.length > 0 : v !== null && v !== undefined && v !== false));
}

/** "Looking at 2025 only.": a year the waves of the data fall in, however it is said. */
const namesYearOfData = (words: readonly string[], catalogue: PlannerCatalogue) =>
  words.some((w) => /^(?:19|20)\d\d$/.test(w) && catalogue.waves.some((wave) => wave.startDate.startsWith(w) || wave.endDate.startsWith(w)));

/**
 * Whether a sentence asks something of its own: a question or a command ("Show me the split."). A
 * request for numbers that names nothing to measure ("Need numbers for a proposal due Friday.")
 * says what the answer is for; the ask is the sentence after it.
 */
function asksSomething(sentence: string, catalogue: PlannerCatalogue): boolean {
  if (!asks(sentence, detectLanguage(sentence), catalogue)) return false;
  if (startsAsking(sentence)) return true;
  const requested = requestedAsk(sentence, catalogue, startsAsking);
  return requested === null || startsAsking(requested) || mentionsIn(requested, catalogue).length > 0;
}

/** Whether the ask names an answer of the catalogue of its own. */
function namesTopic(rest: string, input: SentenceContext): boolean {
  const { catalogue } = input;
  return read(rest, catalogue, indexOf(catalogue)).spans.some((s) => s.entry.kind === 'datapoint');
}

/**
 * "Same again.", "Go back to the first one.", "Drop the filter.", "The opposite.": a sentence that
 * only means something against the chat. A word of repeating ("again", "same") adds nothing to an
 * ask that continues the chat itself ("Sorry to bother you again. And for women?").
 */
function pointsAtChat(sentence: string, text: string, rest: string, input: SentenceContext): boolean {
  const { previous, history, catalogue } = input;
  if (!previous) return false;
  if (RELATIVE_MARK.test(text) && !isFollowUpText(` ${wordsOf(rest).join(' ')} `, previous)) return true;
  return (
    referToHistory(sentence, history, input.docked?.length ?? 0) !== null ||
    removedFilter(sentence, previous, catalogue) !== null ||
    oppositeOfPrevious(sentence, previous, catalogue) !== null ||
    pointedSide(sentence, previous) !== null
  );
}
