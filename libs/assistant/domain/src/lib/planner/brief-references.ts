import { PlannerCatalogue } from '../assistant.types';
import { detectLanguage, translateWords } from '../languages';
import lexicon from './context-lexicon.json';
import { statesScope } from './brief-scope';
import { audienceNames } from './brief-people';
import { resolveTopicReference } from './brief-topic-ref';
import { resolveShortName } from './brief-short-names';
import { resolvePeriodReference } from './brief-period-ref';
import { sentencesOf } from './brief-sentences';
import { Mention, mentionsIn, wordsOf } from './mentions';

/*
 * A brief's question read with its references to the context resolved: "there" is the market the
 * context names, "they", "that group", "ese grupo" the people it names (its stated target among
 * several), "it" the thing, "since then" its point in time.
 */

/** `\b` for a phrase in raw text, case-insensitive. */
const phraseRegex = (phrase: string) => new RegExp(`\\b${phrase.replace(/ /g, '\\s+').replace(/'/g, "['’]")}\\b`, 'i');

/**
 * "What share of people there ...", "which platforms do they use?": a reference in the question
 * to a market or an audience the context names is replaced by that name. A reference with nothing
 * to refer to, or a question that names its own market or audience, is left as it is.
 */
export function resolveReferences(ask: string, context: string, catalogue: PlannerCatalogue): string {
  const own = mentionsIn(ask, catalogue);
  const contextSentences = sentencesOf(context);
  let out = ask;
  // The markets of the last context sentence that names any: "there" is the nearest place named.
  const lastWithMarket = [...contextSentences].reverse().find((c) => mentionsIn(c, catalogue).some(isMarket));
  // "We sell in France and Spain, but the new store opens in Spain": of that sentence, its last clause that names one.
  const clause = lastWithMarket
    ? lastWithMarket
        .split(CLAUSE_BREAK)
        .reverse()
        .find((c) => mentionsIn(c, catalogue).some(isMarket))
    : undefined;
  const markets = clause ? mentionsIn(clause, catalogue).filter(isMarket) : [];
  if (markets.length > 0 && !own.some(isMarket)) {
    const place = distinctTexts(markets).join(' and ');
    const noun = lexicon.placeNouns.find((ref) => phraseRegex(ref).test(out));
    if (noun) out = out.replace(phraseRegex(noun), place);
    else
      for (const ref of lexicon.placeReferences) {
        // "Is there", "are there": the existential "there" refers to nothing.
        const re = new RegExp(`(?<!\\b(is|are|was|were|isn't|aren't)\\s+)\\b(in\\s+)?${ref.replace(/ /g, '\\s+')}\\b(?!\\s+(is|are|was|were)\\b)`, 'i');
        if (re.test(out)) {
          out = out.replace(re, `in ${place}`);
          break;
        }
      }
  }
  // Several people named ("a plan for seniors ... Target: Baby boomers"): the ones the brief states as its target.
  // A brief in another language names them in its words ("as mulheres de 25 a 34 anos"): read in English.
  const lang = detectLanguage(`${context} ${ask}`);
  const english = (text: string) => (lang === 'en' || lang === 'ja' ? text : translateWords(wordsOf(text), lang).join(' '));
  const named = [...new Set(contextSentences.flatMap((s) => audienceNames(english(s), catalogue)))];
  const targets = [
    ...new Set(
      contextSentences
        .map(english)
        .filter(statesScope)
        .flatMap((s) => audienceNames(s, catalogue)),
    ),
  ];
  const audiences = named.length > 1 && targets.length > 0 ? targets : named;
  if (audiences.length > 0 && !own.some((m) => m.entry.kind === 'audience')) {
    const who = audiences.join(' and ');
    // The longest reference first: "that group" before "they".
    for (const ref of [...lexicon.peopleReferences].sort((a, b) => b.length - a.length)) {
      const m = phraseRegex(ref).exec(out);
      if (m) {
        // In another language the people are named in English ("women of 25 to 34 years"): the
        // question around them is then read in English too, so that one language is read.
        out =
          lang === 'en' || lang === 'ja'
            ? out.replace(m[0], who)
            : `${english(out.slice(0, m.index))} ${who} ${english(out.slice(m.index + m[0].length))}`.trim() + '?';
        break;
      }
    }
  }
  return resolvePeriodReference(resolveTopicReference(resolveShortName(out, context, catalogue), context, catalogue), context);
}

/** Where one clause of a sentence turns to another: "..., but ...", "...; ...", "..., while ...". */
const CLAUSE_BREAK = /[,;]?\s+\b(?:but|while|whereas|although|though|yet)\b\s+|;\s+/i;

export const isMarket = (m: Mention) => m.entry.kind === 'market' || m.entry.kind === 'region';

function distinctTexts(mentions: Mention[]): string[] {
  return [...new Set(mentions.map((m) => m.text))];
}
