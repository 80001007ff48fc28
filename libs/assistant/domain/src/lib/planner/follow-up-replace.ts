import { AnalysisPlan, PlannerCatalogue } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { LEXICON } from '../../lexicon/lexicon';
import { mentionsIn, wordsOf } from './mentions';
import type { Mention } from './mentions';
import type { DatapointRef } from '../catalogue-index';
import { indexOf } from '../catalogue-index';
import { clearLanguage, detectLanguage, translateJapanese, translateWords } from '../languages';

const alternatives = (list: readonly string[]) => list.map((p) => p.replace(/ /g, '\\s+')).join('|');

const SWAP = new RegExp(
  `^\\s*(?:(?:and|ok|okay|now|then|please|can you|could you)[,\\s]+)*(?:${alternatives(lexicon.replace.swapVerbs)})\\s+(?:the\\s+)?(.+?)\\s+(?:${alternatives(lexicon.replace.swapLinks)})\\s+(.+?)[\\s?.!]*$`,
  'i',
);
const SWITCH_TO = new RegExp(
  `^\\s*(?:(?:${alternatives(lexicon.replace.discourse)})[,\\s]+)*(?:${alternatives(lexicon.replace.switchTo)})\\s+(?:(?:it|that|this|the\\s+\\w+)\\s+)?to\\s+(.+?)[\\s?.!]*$`,
  'i',
);
/** "OK now Instagram", "thanks, now for France": the courtesy before a follow-up's opening "now" is not part of it. */
const BEFORE_NOW = new RegExp(`^\\s*(?:(?:${alternatives(lexicon.replace.discourse)})[,!.\\s]+)+(?=now\\b)`, 'i');
/** "Spotify instead of Deezer", "Apple Music à la place de Deezer": the link before what is replaced, in the languages of the markets. */
const INSTEAD_OF = new RegExp(`\\s*,?\\s*(?<![\\p{L}\\p{N}])(?:${alternatives(lexicon.replace.insteadOf)})\\s+([^,;?.!]+)`, 'iu');
/** "¿Y TikTok?", "Und für Männer?": a follow-up's opening "and" in the languages of the markets. */
const FOREIGN_AND = new RegExp(`^\\s*[¿¡]?\\s*(?:${alternatives(lexicon.followUpAnd)})\\s+`, 'i');
/** "Même chose au Royaume-Uni", "Lo mismo para Francia": a follow-up's opening "the same" in the languages of the markets. */
const FOREIGN_SAME = new RegExp(
  `^\\s*[¿¡]?\\s*(?:(?:${alternatives(lexicon.followUpAnd)})\\s+)?(?:${alternatives(lexicon.followUpSame)})(?=[\\s,:.!?]|$)`,
  'i',
);
const ARROW = new RegExp(`^\\s*(.+?)\\s*(?:${lexicon.replace.arrows.join('|')})\\s*(.+?)[\\s?.!]*$`);
const CJK = /[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]+/g;
const R = lexicon.replace.replacedFirst;
/** "Not Netflix, Disney+", "und statt der Männer die Frauen?": a link that names what is replaced first, after an opening "and". */
const REPLACED_FIRST = new RegExp(`^(\\s*[¿¡]?\\s*(?:(?:and|${alternatives(lexicon.followUpAnd)})\\s+)?)(?:${alternatives(R.links)})\\s+(.+?)[\\s?.!]*$`, 'iu');
const BETWEEN = new RegExp(`\\s*(?:,|;|\\s(?:${alternatives(R.between)})\\s)\\s*`, 'iu');
const ARTICLES = new Set(R.articles);
/**
 * "Nur Frauen", "solo mujeres", "seulement les femmes", "¿Y solo la segunda?": a follow-up's opening
 * "only" (after its opening "and", if one), which narrows or selects.
 */
const FOREIGN_ONLY = new RegExp(`^(\\s*[¿¡]?\\s*(?:(?:and|${alternatives(lexicon.followUpAnd)})\\s+)?)(?:${alternatives(lexicon.followUpOnly)})\\s+`, 'i');
const SIDE_BY_SIDE = new RegExp(`\\b(?:${alternatives(lexicon.replace.sideBySide)})\\b`, 'gi');

/**
 * The words of a follow-up that replaces one thing, rewritten into the one form the planner reads
 * as a replacement: "swap the US for Germany" and "Gen Z rather than millennials" become "what
 * about Germany instead" and "Gen Z instead". What is replaced is named only to be dropped: a
 * follow-up that names both the old and the new thing would otherwise keep both. Only a prompt
 * that follows an answered turn is rewritten.
 */
export function rewriteReplacement(written: string, previous: AnalysisPlan | null | undefined, catalogue: PlannerCatalogue): string {
  if (!previous) return written;
  // The language is read from the prompt as written: a short follow-up ("Und am wenigsten?") has
  // few words of its language, and its opening "and" is one of them. A prompt clearly in its
  // language has that word translated later; only one not clearly in another language needs it
  // in English here. Kept, it is written small: a capital "Y" or "E" alone reads as a code.
  const english = (clearLanguage(written) ?? 'en') === 'en';
  const prompt = withoutReaction(written, catalogue)
    .replace(FOREIGN_SAME, 'Same')
    .replace(FOREIGN_AND, (and) => (english ? 'And ' : and.toLowerCase()))
    .replace(FOREIGN_ONLY, (_only, and: string) => (and.trim() ? `${and}only ` : 'Only '));
  // "us -> uk", "Hulu → Peacock": chat shorthand for a swap.
  const arrow = ARROW.exec(prompt);
  // Japanese particles and marks around the names ("Pinterestの代わりにInstagramは？") are not part of them.
  // Japanese names of the catalogue's people and things ("Z世代") are read in English first.
  const [from, to] = arrow
    ? [arrow[1], arrow[2]].map((side) =>
        translateJapanese(side)
          .replace(CJK, ' ')
          .replace(/[\s?.!]+$/, '')
          .replace(/\s+/g, ' ')
          .trim(),
      )
    : ['', ''];
  if (arrow && wordsOf(from).length <= 4 && mentionsIn(to, catalogue).length > 0)
    return replaceSide(to, from, previous, catalogue) ?? `What about ${to} instead?`;
  const swap = SWAP.exec(prompt);
  if (swap) {
    // "Replace Pinterest with Snapchat and the UK with France": two swaps, both new things kept.
    const second = new RegExp(`^(.+?)\\s+and\\s+(?:the\\s+)?(.+?)\\s+(?:${alternatives(lexicon.replace.swapLinks)})\\s+(.+)$`, 'i').exec(swap[2]);
    if (second && mentionsIn(second[2], catalogue).length > 0) return `What about ${second[1].trim()} in ${second[3].trim()} instead?`;
    return replaceSide(swap[2], swap[1], previous, catalogue) ?? `What about ${swap[2].trim()} instead?`;
  }
  const switched = SWITCH_TO.exec(prompt);
  if (switched) return `What about ${switched[1].trim()} instead?`;
  const moved = replacedLast(prompt.replace(BEFORE_NOW, ''), catalogue);
  // "Now Instagram": a name straight after the opening "now" is what the follow-up moves to.
  const afterNow = /^\s*now[,\s]+(.+)$/i.exec(moved);
  if (afterNow && !INSTEAD_OF.test(afterNow[1]) && mentionsIn(afterNow[1], catalogue)[0]?.start === 0)
    return `What about ${afterNow[1].trim().replace(/[\s?.!]*$/, '')}?`;
  const insteadOf = INSTEAD_OF.exec(moved);
  // "Repaired instead of replacing" is an answer's name, not a replacement.
  if (insteadOf && !insideName(moved, insteadOf, catalogue)) {
    const kept = moved
      .replace(INSTEAD_OF, '')
      .trim()
      .replace(/[\s?.!]*$/, '');
    // "Now Germany instead of France": the opening "now" moves to the new thing, it is not the latest wave.
    const fresh = kept.replace(/^\s*now[,\s]+/i, '');
    const named = fresh === kept ? `${kept} instead?` : `What about ${fresh} instead?`;
    if (kept.length > 0) return replaceSide(fresh, insteadOf[1], previous, catalogue) ?? named;
  }
  return moved;
}

/**
 * "Not Netflix, Disney+", "pas Spotify, Deezer", "und statt der Männer die Frauen?", "und statt
 * Instagram Pinterest?": a follow-up that names what it replaces first, put in the order "the new
 * thing instead of the old" ("Disney+ instead of Netflix"). The two things are parted by a comma
 * or "but", else by the article that opens the second ("der Männer | die Frauen"), else after the
 * catalogue's name the first one is ("Instagram | Pinterest"). As written when no link opens the
 * turn or the two cannot be parted.
 */
export function replacedLast(prompt: string, catalogue: PlannerCatalogue): string {
  const found = REPLACED_FIRST.exec(prompt);
  if (!found) return prompt;
  const [, opening, rest] = found;
  const parted = partedAt(rest, catalogue);
  if (!parted) return prompt;
  return `${opening}${parted[1]} instead of ${parted[0]}?`;
}

function partedAt(rest: string, catalogue: PlannerCatalogue): [string, string] | null {
  const between = BETWEEN.exec(rest);
  const sides: [string, string] | null = between
    ? [rest.slice(0, between.index), rest.slice(between.index + between[0].length)]
    : (() => {
        const words = rest.split(/\s+/);
        const article = words.findIndex((w, i) => i > 1 && ARTICLES.has(w.toLowerCase()));
        if (ARTICLES.has(words[0].toLowerCase()) && article > 0) return [words.slice(0, article).join(' '), words.slice(article).join(' ')];
        const first = mentionsIn(rest, catalogue)[0];
        return first?.start === 0 && first.end < words.length ? [words.slice(0, first.end).join(' '), words.slice(first.end).join(' ')] : null;
      })();
  return sides && sides.every((side) => wordsOf(side).length > 0) ? [sides[0].trim(), sides[1].trim()] : null;
}

function insideName(text: string, match: RegExpExecArray, catalogue: PlannerCatalogue): boolean {
  const phrase = wordsOf(match[0]).slice(0, 3).join(' ');
  return indexOf(catalogue).datapointNames.some((d) => d.normalised.includes(phrase));
}

/** A short sentence that only reacts ("Hmm interesting.", "Great, thanks!"), then the follow-up. */
const REACTION = /^\s*([^.!?]+)[.!]+\s+(?=\S)/;

/**
 * "Hmm interesting. Could you run the same for Millennials?": a short first sentence that names
 * nothing of the catalogue and asks nothing is the reader's reaction to the last answer, not
 * part of the follow-up, and is left out (its words are not a topic: "interesting" is not
 * Personal interests).
 */
export function withoutReaction(prompt: string, catalogue: PlannerCatalogue): string {
  const reaction = REACTION.exec(prompt);
  if (!reaction) return prompt;
  const words = wordsOf(reaction[1]);
  if (words.length === 0 || words.length > lexicon.replace.reactionMaxWords || mentionsIn(reaction[1], catalogue).length > 0) return prompt;
  // "Rank them.", "Do it again.", "Now France.": a sentence that asks or continues is part of the follow-up.
  const opening = ` ${words.join(' ')} `;
  if ([...lexicon.askStarts, ...LEXICON.grammar.followUpStart].some((w) => opening.startsWith(` ${w} `))) return prompt;
  if (words.some((w) => LEXICON.grammar.references.includes(w))) return prompt;
  return prompt.slice(reaction[0].length);
}

/**
 * "Gen X instead of Millennials" after Gen Z vs Millennials: one side of a comparison replaced, the
 * others kept ("What about Gen Z and Gen X?"). `null` when what is replaced is not one of several
 * sides of the previous answer.
 */
function replaceSide(added: string, replaced: string, previous: AnalysisPlan, catalogue: PlannerCatalogue): string | null {
  // "Et pour les 16-24 ans plutôt que les femmes ?": both things are read in English.
  const lang = detectLanguage(`${added} ${replaced}`);
  if (lang !== 'en' && lang !== 'ja') [added, replaced] = [added, replaced].map((x) => translateWords(wordsOf(x), lang).join(' '));
  const pointed = sidePointedAt(replaced, added, previous, catalogue);
  if (pointed) return pointed;
  const old = mentionsIn(replaced, catalogue)[0]?.entry;
  const fresh = mentionsIn(added, catalogue).filter((m) => m.entry.kind === old?.kind);
  if (!old || fresh.length === 0) return null;
  const names = fresh.map((m) => m.text);
  if (old.kind === 'audience' && previous.audiences.length > 1) {
    const same = JSON.stringify(old.expression);
    const at = previous.audiences.findIndex((a) => a.name.toLowerCase() === old.name.toLowerCase() || JSON.stringify(a.expression) === same);
    if (at < 0) return null;
    return `What about ${previous.audiences.flatMap((a, i) => (i === at ? names : [a.name])).join(' and ')}?`;
  }
  if (old.kind === 'market' && previous.locations.length > 1) {
    const at = previous.locations.findIndex((l) => l.code === old.location.code);
    if (at < 0) return null;
    return `What about ${previous.locations.flatMap((l, i) => (i === at ? names : [l.name])).join(' and ')}?`;
  }
  if (old.kind === 'datapoint') return replaceAnswer(old.refs, fresh, previous);
  return null;
}

const SIDE_NOUNS = new Set([...lexicon.docked.nouns, ...lexicon.replace.sideNouns]);
const OPENINGS = new RegExp(`^(?:(?:${alternatives(lexicon.replace.sideOpenings)})\\s+)+`, 'i');

/**
 * "Replace the Instagram group with Gen Z women" after Daily TikTok users vs Daily Instagram users,
 * "and the 16-24s rather than the women": the words of what is replaced (less articles and nouns of
 * a side: "group", "side", "one") point at the one side of the previous comparison whose name holds
 * them all; that side alone is replaced by the audience named, the others kept in their places.
 * `null` when the words point at no side or at several, or nothing named is an audience.
 */
function sidePointedAt(replaced: string, added: string, previous: AnalysisPlan, catalogue: PlannerCatalogue): string | null {
  if (previous.audiences.length < 2) return null;
  const words = wordsOf(replaced).filter((w) => !ARTICLES.has(w) && !SIDE_NOUNS.has(w));
  if (words.length === 0) return null;
  const at = previous.audiences.flatMap((a, i) => (words.every((w) => wordsOf(a.name).includes(w)) ? [i] : []));
  if (at.length !== 1) return null;
  const fresh = added.replace(OPENINGS, '').trim();
  const people = mentionsIn(fresh, catalogue);
  const [first, last] = [people[0], people[people.length - 1]];
  // "16-24s": an age band is read later, by the age reader, as written.
  const ages = /^(?:(?:the|les|los|las|die|os|as|le|gli)\s+)?(\d[\d\s+-]*s?)\b/i.exec(fresh);
  if (!first && ages) return `What about ${previous.audiences.map((a, i) => (i === at[0] ? ages[1].trim() : a.name)).join(' versus ')}?`;
  if (!first || !people.every((m) => m.entry.kind === 'audience' || /^\d/.test(m.text))) return null;
  const name = wordsOf(fresh).slice(first.start, last.end).join(' ');
  return `What about ${previous.audiences.map((a, i) => (i === at[0] ? name : a.name)).join(' versus ')}?`;
}

/**
 * "Now Disney+ instead of Netflix" after "both Netflix and Hulu": one answer of a topic of several
 * replaced, the others and how they combine kept ("What about both Disney+ and Hulu?"). `null`
 * when the answer replaced is not one of several of the previous topic, or the new one is of
 * another question.
 */
function replaceAnswer(refs: readonly DatapointRef[], fresh: readonly Mention[], previous: AnalysisPlan): string | null {
  const topic = previous.topic;
  if (!topic || topic.datapoints.length < 2 || topic.negate || topic.combine === 'at-least') return null;
  const ref = refs.find((r) => r.question.code === topic.question);
  const at = ref ? topic.datapoints.findIndex((d) => d.code === ref.datapoint.code) : -1;
  const added = fresh.flatMap((m) => (m.entry.kind === 'datapoint' ? m.entry.refs.filter((r) => r.question.code === topic.question) : []).slice(0, 1));
  if (at < 0 || added.length === 0) return null;
  const names = topic.datapoints.flatMap((d, i) => (i === at ? added.map((r) => r.datapoint.name) : [d.name]));
  const list = names.join(topic.combine === 'any' ? ' or ' : ' and ');
  return `What about ${topic.combine === 'all' ? `${names.length === 2 ? 'both' : 'all of'} ${list}` : list}?`;
}

/**
 * "My Young parents side by side with Gen X", "Parents alongside Gen Z": two audiences set side by
 * side, read as the comparison they are ("versus"), never as one audience of people in both.
 */
export function rewriteSideBySide(prompt: string): string {
  // Only between two sides: opening its clause ("Rispetto a un anno fa, ...") it sets a point of
  // comparison in time or context, with nothing on its left to stand beside.
  return prompt.replace(SIDE_BY_SIDE, (match: string, at: number) =>
    /[\p{L}\p{N}]/u.test(
      prompt
        .slice(0, at)
        .split(/[.,;:!?¿¡]/)
        .pop() ?? '',
    )
      ? 'versus'
      : match,
  );
}
