import { PlanAudience } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { byShortName } from './docked-short-names';
import { escapeRegExp } from '../text';

const alternatives = (list: readonly string[]) => list.join('|');
const { possessives, marks, nouns } = lexicon.docked;
/** "My docked audience", "our saved groups", "my audience": the docked audiences by reference. */
const DOCKED_REFERENCE = new RegExp(`\\b(?:${alternatives(possessives)})\\s+(?:(?:${alternatives(marks)})\\s+){0,2}(?:${alternatives(nouns)})\\b`, 'gi');
/** "My docked Parents (audience)": a mark before the docked audience's own name. */
const markBefore = (name: string) =>
  new RegExp(`\\b(?:${alternatives(possessives)})\\s+(?:(?:${alternatives(marks)})\\s+)?(${escapeRegExp(name)})(?:\\s+(?:${alternatives(nouns)}))?\\b`, 'gi');

/**
 * A docked audience named in the prompt, by its name or by reference ("compare my docked audience
 * with Gen X", "my Parents audience versus Non-parents under 35"), is written as its plain name,
 * so that the planner keeps it as one side beside the audience the prompt names.
 */
export function nameDocked(prompt: string, docked: readonly PlanAudience[] | undefined, previous?: readonly PlanAudience[]): string {
  if (!docked || docked.length === 0) return prompt;
  // "Compare my audiences on Netflix, but leave out Gen X": the docked audience left out is not referred to.
  const left = docked.filter((a) => excluded(a.name).test(prompt));
  let out = left.reduce((text, a) => text.replace(excluded(a.name), ''), prompt);
  docked = docked.filter((a) => !left.includes(a));
  if (docked.length === 0) return prompt;
  out = byJapaneseOrdinal(byOrdinal(byCount(out, docked), docked), docked);
  out = byOther(out, docked, previous);
  out = byShortName(out, docked);
  if (docked.length === 2) out = out.replace(PAIR_REFERENCE, docked.map((a) => a.name).join(' and '));
  if (docked.length === 1) out = out.replace(POINTED_PEOPLE, docked[0].name);
  // "Z世代と私のオーディエンスで…": Japanese references, written without spaces.
  for (const phrase of lexicon.docked.japanese) out = out.split(phrase).join(` ${docked.map((a) => a.name).join(' and ')} `);
  for (const audience of docked) out = out.replace(markBefore(audience.name), '$1');
  // "Premium shoppers vs my other audience": a reference is to the docked audiences not named already.
  const unnamed = docked.filter((a) => !new RegExp(`\\b${escapeRegExp(a.name)}\\b`, 'i').test(out.replace(DOCKED_REFERENCE, ' ')));
  // "What about my other audience?" after an answer for one docked audience: the ones not answered yet.
  const unanswered = unnamed.filter((a) => !(previous ?? []).some((p) => p.name === a.name));
  return out.replace(DOCKED_REFERENCE, (reference) => {
    const others = /\bother\b/i.test(reference) && unanswered.length > 0 ? unanswered : unnamed;
    return (others.length > 0 ? others : docked).map((a) => a.name).join(' and ');
  });
}

const EXCLUDE = lexicon.docked.exclude.map((w) => w.replace(/ /g, '\\s+')).join('|');
/** ", but leave out Gen X", "except Parents": a docked audience left out of a reference to them all. */
const excluded = (name: string) => new RegExp(`\\s*,?\\s*(?:but\\s+)?(?:${EXCLUDE})\\s+(?:the\\s+)?${escapeRegExp(name)}\\b`, 'i');

const COUNTS: Record<string, number> = lexicon.docked.counts;
/** "The first two", "the last two ones": several docked audiences by their places. */
const COUNT_REFERENCE = new RegExp(`\\bthe\\s+(first|last)\\s+(${Object.keys(COUNTS).join('|')})(?:\\s+(?:ones|${alternatives(nouns)}))?\\b`, 'gi');

function byCount(prompt: string, docked: readonly PlanAudience[]): string {
  if (docked.length < 3) return prompt;
  return prompt.replace(COUNT_REFERENCE, (whole, end: string, n: string) => {
    const k = COUNTS[n.toLowerCase()];
    const some = end.toLowerCase() === 'first' ? docked.slice(0, k) : docked.slice(-k);
    return some.length === k ? some.map((a) => a.name).join(' and ') : whole;
  });
}

const ORDINALS: Record<string, number> = lexicon.docked.ordinals;
/** "The former", "the latter": places that stand alone; every other ordinal needs what follows it. */
const PAIRED = ['former', 'latter'];
const PLACES = Object.keys(ORDINALS).filter((w) => !PAIRED.includes(w));
/**
 * "The first one", "my second audience", "the latter", "meine zweite Zielgruppe", "la première face
 * aux Baby boomers": one of several docked audiences by its place, in the languages of the markets.
 */
const ORDINAL_REFERENCE = new RegExp(
  `(?<![\\p{L}])(?:${alternatives(lexicon.docked.ordinalDeterminers)})\\s+(?:(${alternatives(PLACES)})(?:\\s+(?:one|${alternatives(nouns)})(?:\\s+of\\s+(?:my|our|the)\\s+(?:${alternatives(nouns)}))?(?![\\p{L}])|(?=\\s*[:,.?!]|$)|(?=\\s+(?:${alternatives(lexicon.docked.ordinalLinks)})(?![\\p{L}])))|(${alternatives(PAIRED)})(?![\\p{L}]))`,
  'giu',
);

/** "Las dos", "les deux", "die beiden": both of two docked audiences, with no noun after them. */
const PAIR_REFERENCE = new RegExp(`(?<![\\p{L}])(?:${alternatives(lexicon.docked.pairs).replace(/ /g, '\\s+')})(?![\\p{L}])`, 'giu');
/** "These shoppers", "that group of users": people pointed at, the docked audience when one is docked. */
const POINTED_PEOPLE = new RegExp(`\\b(?:${alternatives(lexicon.docked.demonstratives)})\\s+(?:${alternatives(lexicon.docked.peopleNouns)})\\b`, 'gi');

/** Several docked audiences, one referred to by its place: written as its name, so that it alone is answered. */
function byOrdinal(prompt: string, docked: readonly PlanAudience[]): string {
  if (docked.length < 2) return prompt;
  return byStandalone(prompt, docked).replace(ORDINAL_REFERENCE, (whole, place: string | undefined, pair: string | undefined) => {
    const at = ORDINALS[(place ?? pair ?? '').toLowerCase()];
    const audience = docked[at < 0 ? docked.length + at : at];
    // "The former" and "the latter" stand alone; "the first" needs "one", a noun or a link to another side
    // after it ("the first one vs the second on Netflix"): "the first quarter" is a period.
    return audience ? audience.name : whole;
  });
}

const ESCAPED = (list: readonly string[]) => list.map((p) => escapeRegExp(p)).join('|');
/** "¿Qué porcentaje de la segunda usa Reddit?", "die zweite nutzt": an ordinal standing alone for a docked audience, never before a period noun or a superlative. */
const STANDALONE = new RegExp(
  `(?<![\\p{L}])(${ESCAPED(lexicon.docked.standaloneOrdinals).replace(/ /g, '\\s+')})(?![\\p{L}'])(?!\\s+(?:${ESCAPED(lexicon.docked.notAfterStandalone)})(?![\\p{L}]))`,
  'giu',
);

/** Several docked audiences, one referred to by its place in a pronoun of a language of the markets. */
function byStandalone(prompt: string, docked: readonly PlanAudience[]): string {
  return prompt.replace(STANDALONE, (whole, phrase: string) => {
    const place =
      phrase
        .toLowerCase()
        .split(/[\s']+/)
        .pop() ?? '';
    const at = ORDINALS[place];
    const audience = at === undefined ? undefined : docked[at < 0 ? docked.length + at : at];
    return audience ? audience.name : whole;
  });
}

const JAPANESE_ORDINALS: Record<string, number> = lexicon.docked.japaneseOrdinals;
/** "私の最初のオーディエンス", "2つ目のセグメント": one of several docked audiences by its place, in Japanese. */
function byJapaneseOrdinal(prompt: string, docked: readonly PlanAudience[]): string {
  if (docked.length < 2) return prompt;
  let out = prompt;
  for (const [place, at] of Object.entries(JAPANESE_ORDINALS)) {
    const audience = docked[at < 0 ? docked.length + at : at];
    if (!audience) continue;
    for (const owner of [...lexicon.docked.japaneseOwners, ''])
      for (const noun of lexicon.docked.japaneseNouns) out = out.split(`${owner}${place}${noun}`).join(` ${audience.name} `);
  }
  return out;
}

const OTHER_ONE = new RegExp(
  `(?<![\\p{L}])(?:${ESCAPED(lexicon.docked.otherOne).replace(/ /g, '\\s+')})(?![\\p{L}])(?!\\s+(?:${alternatives([...marks, ...nouns])})(?![\\p{L}]))`,
  'giu',
);
/**
 * "And the other one?" after an answer for one of two docked audiences: the docked audience that
 * answer did not have. Read only when the last answer had some of the docked audiences, not all.
 */
function byOther(prompt: string, docked: readonly PlanAudience[], previous: readonly PlanAudience[] | undefined): string {
  if (docked.length < 2 || !previous || previous.length === 0) return prompt;
  const answered = docked.filter((a) => previous.some((p) => p.name === a.name));
  const others = docked.filter((a) => !answered.includes(a));
  if (answered.length === 0 || others.length === 0 || answered.length + others.length !== docked.length) return prompt;
  if (!previous.every((p) => docked.some((a) => a.name === p.name))) return prompt;
  return prompt.replace(OTHER_ONE, others.map((a) => a.name).join(' and '));
}
