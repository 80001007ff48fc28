/*
 * How the lines of a brief around its question are told apart from the question: a statement
 * before the colon of the asking sentence ("They're looking at the UK market: how has ...?"), a
 * lead-in that names where or whom the question is for ("What I need for Australia: the share of
 * ..."), an instruction that only sets something aside ("Don't bother with AliExpress"), a label
 * that announces the ask before what is measured ("data ask: trust in Dove among women vs men"),
 * and a question that defines its own people ("Among Americans who don't use Instagram, ...").
 */
import { PlannerCatalogue } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { Mention, mentionsIn, startsWithPhrase, wordsOf } from './mentions';
import { audienceNames } from './brief-people';
import { readDimensions } from './dimension-cues';

const LINES = lexicon.briefLines;
const OPENERS = lexicon.askOpeners.map((o) => wordsOf(o).join(' '));
const isPlace = (m: Mention) => m.entry.kind === 'market' || m.entry.kind === 'region';

/**
 * "Don't bother with AliExpress; Jonas covered it in January.", "Never mind Canada.": a sentence
 * that opens with a negative instruction, with no question mark, sets something aside; it is never
 * the brief's question ("Do ..." opens a question, "Don't ..." without a question mark does not);
 * nor is an errand about the work itself ("send to Ana by Thursday", "book the room").
 */
export function setsAside(sentence: string): boolean {
  if (/[?？]\s*$/.test(sentence)) return false;
  let words = wordsOf(sentence);
  while (words.length > 0 && LINES.courtesy.includes(words[0])) words = words.slice(1);
  return [...LINES.setAside, ...LINES.errands].some((p) => startsWithPhrase(words, p));
}

/**
 * "data ask: trust in Dove among women vs men in Brazil", "q - Temu buying in France": the label
 * before a colon or dash names the line as the ask, and what follows names something measured.
 * Labels that only announce a goal or a purpose ("objective:", "goal:") are not enough.
 */
export function labelledAsk(sentence: string, catalogue: PlannerCatalogue): string | null {
  const labelled = labelOf(sentence, LINES.askLabels);
  return labelled && mentionsIn(labelled.after, catalogue).some((m) => m.entry.kind === 'datapoint') ? labelled.after : null;
}

/** A label of at most `maxLabelWords` words with one of `heads`, before a colon or a dash, and the text after it. */
function labelOf(sentence: string, heads: readonly string[]): { after: string } | null {
  const mark = /:|\s[-–—]\s/.exec(sentence);
  if (!mark) return null;
  const label = wordsOf(sentence.slice(0, mark.index));
  if (label.length === 0 || label.length > LINES.maxLabelWords || !label.some((w) => heads.includes(w))) return null;
  return { after: sentence.slice(mark.index + mark[0].length).trim() };
}

/**
 * The words before the colon of an asking sentence that are context, not part of its question:
 * a statement ("They're looking at the UK market: how has ... among Gen Z there changed?"), opened
 * by who it is about, before a question that asks on its own and names what it measures. "Beer
 * drinkers there: what share are men?" names the question's people before its colon and stays whole.
 */
export function statementBeforeColon(
  sentence: string,
  catalogue: PlannerCatalogue,
  asksOnItsOwn: (text: string) => boolean,
): { head: string; ask: string } | null {
  const mark = /:\s|\s[-–—]\s/.exec(sentence);
  if (!mark) return null;
  const head = sentence.slice(0, mark.index).trim();
  const ask = sentence.slice(mark.index + mark[0].length).trim();
  let words = wordsOf(head);
  // "Now they're looking at ...": discourse words before the statement's subject.
  for (let o = OPENERS.find((p) => startsWithPhrase(words, p)); o && words.length > 0; o = OPENERS.find((p) => startsWithPhrase(words, p)))
    words = words.slice(o.split(' ').length);
  const subjects = [...LINES.statementOpeners, ...lexicon.briefScope.statementSubjects, ...lexicon.askFrames.subjects];
  if (words.length < LINES.minStatementWords || !subjects.some((s) => startsWithPhrase(words, s))) return null;
  if (!/[?？]\s*$/.test(ask) || !asksOnItsOwn(ask)) return null;
  if (!mentionsIn(ask, catalogue).some((m) => m.entry.kind === 'datapoint')) return null;
  return { head, ask: ask.charAt(0).toUpperCase() + ask.slice(1) };
}

/**
 * "What I need for Australia: the share of people who use both Netflix and Disney+": a lead-in
 * dropped before the question still says where, or of whom, it asks. The market and the people it
 * names are added to a question that names none of its own, before the context is read for them.
 */
export function withLeadScope(ask: string, lead: string, catalogue: PlannerCatalogue): string {
  if (!lead.trim()) return ask;
  const own = mentionsIn(ask, catalogue);
  const named = mentionsIn(lead, catalogue);
  const additions: string[] = [];
  if (!own.some((m) => m.entry.kind === 'audience')) {
    const who = audienceNames(lead, catalogue);
    if (who.length === 1) additions.push(`among ${who[0]}`);
  }
  if (!own.some(isPlace)) {
    // A market by its name ("Australia"), since its code reads as another word.
    const places = [...new Set(named.filter(isPlace).map((m) => (m.entry.kind === 'market' ? m.entry.location.name : m.text)))];
    if (places.length > 0) additions.push(`in ${places.join(' and ')}`);
  }
  if (additions.length === 0) return ask;
  const end = /[?.!？]\s*$/.exec(ask)?.[0] ?? '';
  return `${ask.slice(0, ask.length - end.length).trimEnd()} ${additions.join(' ')}${end}`;
}

/**
 * "Among Americans who don't use Instagram, which ...", "what share of dog owners who ...": a
 * question whose people are defined by what they do, in a clause of its own, asks of them; a
 * target the context states is not added to it. "Them who", "those who" refer back, and do not.
 */
export function definesOwnPeople(ask: string): boolean {
  const words = wordsOf(ask);
  return words.some((w, i) => w === 'who' && i > 0 && !LINES.notPeopleBeforeWho.includes(words[i - 1]));
}

/** "Rank our markets by ...", "which age group ...": an ask along the markets or the groups of people, which names its scope by that. */
export function ranksAlong(ask: string, catalogue: PlannerCatalogue): boolean {
  const along = readDimensions(wordsOf(ask), catalogue);
  return along.markets || along.alongMarkets || along.group !== null;
}

/** The words a lead-in dropped from the start of a sentence ("What I need for Australia"), or nothing. */
export function droppedLead(sentence: string, unled: string): string {
  if (unled === sentence) return '';
  const at = sentence.toLowerCase().lastIndexOf(unled.toLowerCase());
  return at > 0 ? sentence.slice(0, at) : '';
}

/** "client: Garnier", "competitor - Shark": a line whose label names it as background, whatever it names. */
export function labelledContext(sentence: string): boolean {
  return labelOf(sentence, LINES.contextLabels) !== null;
}

/** How many words of a text after a capital may be a catalogue name starting there ("Amazon Prime Video"). */
const NAME_WORDS = 6;

/** Whether a catalogue name starts at the text's first word ("Target Millennials ...", "The Ordinary ..."). */
export function opensName(text: string, catalogue: PlannerCatalogue): boolean {
  return mentionsIn(text.split(/\s+/).slice(0, NAME_WORDS).join(' '), catalogue).some((m) => m.start === 0);
}
