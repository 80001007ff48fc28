import { PlannerCatalogue } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { Mention, mentionsIn, wordsOf } from './mentions';
import { agesAsked } from './unanswerable';
import { audienceNames } from './brief-people';
import { readDimensions } from './dimension-cues';
import { detectLanguage, translateWords } from '../languages';
import { QUOTED_SHARE } from './brief-asks';
import { askedInEnglish } from './ask-in-english';
import { definesOwnPeople } from './brief-lines';

/** A market, a region of markets, or a place the data does not cover (then the question is refused for it, as when it is asked). */
const isMarket = (m: Mention) => m.entry.kind === 'market' || m.entry.kind === 'region' || m.entry.kind === 'place';
const isAudience = (m: Mention) => m.entry.kind === 'audience';

/** "Target: Millennials", "our core audience is Parents": a context sentence that states who the work is for. */
export function statesScope(sentence: string): boolean {
  const text = ` ${wordsOf(sentence).join(' ')} `;
  return lexicon.briefScope.audienceWords.some((w) => text.includes(` ${w} `));
}

/**
 * The scope a brief sets for its question. A question that names no market is asked of the market
 * the context is about, when the context names exactly one ("we are taking the app to Brazil ...
 * among Gen Z, what share use Strava?"); several markets in the context say nothing of which one is
 * meant, and the question stays as written. A question that names no audience is asked of the
 * audience the context states as its target ("Target: Millennials in Spain", "our core audience is
 * Parents"); an audience the context only mentions (a product "aimed at young adults", "older
 * fans") is background. References ("there", "they") are resolved before this, so a question that
 * refers to the context already names what it refers to.
 */
export function withBriefScope(ask: string, context: readonly string[], catalogue: PlannerCatalogue): string {
  // A brief in another language is read in English words ("público: hombres" states Men as the target).
  const lang = detectLanguage([...context, ask].join(' '));
  // Japanese, written without spaces, is read as the planner reads it ("オーストラリア" is Australia).
  const english = (text: string) =>
    lang === 'en' ? text : lang === 'ja' ? askedInEnglish(text, catalogue).join(' ') : translateWords(wordsOf(text), lang).join(' ');
  const own = [...mentionsIn(ask, catalogue), ...(lang === 'en' ? [] : mentionsIn(english(ask), catalogue))];
  const additions: string[] = [];
  // "In which of our markets ...", "which age group ...": a question that ranks the markets or the
  // groups of people asks of all of them, never of the one market or audience the context is about.
  const along = readDimensions(wordsOf(english(ask)), catalogue);
  let inEnglish = false;
  // "Among Americans who don't use Instagram, ...": a question that defines its own people asks of them.
  if (!own.some(isAudience) && along.group === null && !definesOwnPeople(ask)) {
    // "Our CRM says 62% of our customers are women aged 25-34": a figure quoted about people is not the brief's target.
    const stating = context
      .filter((s) => !QUOTED_SHARE.test(s))
      .map(english)
      .filter(statesScope);
    const who = [...new Set(stating.flatMap((s) => audienceNames(s, catalogue)))];
    // The audience is added in English words, so the question is read in English as well.
    if (who.length === 1) {
      additions.push(`among ${who[0]}`);
      inEnglish = lang !== 'en';
    }
    // "Our target audience is people aged 18 to 24": an age range stated as the target.
    else if (who.length === 0) {
      const ages = stating.flatMap((sentence) => {
        const words = wordsOf(sentence);
        return agesAsked(words).map((a) => words.slice(a.start, a.end).join(' '));
      });
      if (new Set(ages).size === 1) additions.push(`among people ${/^\d/.test(ages[0]) ? `aged ${ages[0]}` : ages[0]}`);
    }
  }
  if (!own.some(isMarket) && !along.markets && !along.alongMarkets) {
    // One market, named by one or several words ("Germany", "the German market"), counts once; it is
    // written by its name, since a code ("us") reads as another word.
    const markets = new Map(
      context
        .flatMap((s) => mentionsIn(lang === 'ja' ? english(s) : s, catalogue).filter(isMarket))
        .map((m): [string, string] => {
          if (m.entry.kind === 'market') return [m.entry.location.code, m.entry.location.name];
          return m.entry.kind === 'place' ? [`place:${m.entry.name}`, m.entry.name] : [`region:${m.text}`, m.text];
        }),
    );
    // "The client only operates in France and Spain, so keep it to those two markets": markets the
    // context states as the scope are the answer's, side by side, however many there are.
    const stated = new Map(
      context
        .map(english)
        .filter((s) => lexicon.briefScope.marketScopeWords.some((w) => ` ${wordsOf(s).join(' ')} `.includes(` ${w} `)))
        .flatMap((s) => mentionsIn(s, catalogue).filter((m) => m.entry.kind === 'market'))
        .map((m): [string, string] => (m.entry.kind === 'market' ? [m.entry.location.code, m.entry.location.name] : ['', ''])),
    );
    if (stated.size > 1) additions.push(`in ${[...stated.values()].join(' and ')}`);
    else if (markets.size === 1) additions.push(`in ${[...markets.values()][0]}`);
  }
  if (additions.length === 0) return ask;
  const end = /[?.!？]\s*$/.exec(ask)?.[0] ?? '';
  // A question in another language that already reads partly in English (a reference resolved to an
  // English name) is read in English words too, so that one language is read.
  if (lang !== 'en' && lang !== 'ja' && detectLanguage(ask) !== lang) inEnglish = true;
  const question = inEnglish ? english(ask) : ask.slice(0, ask.length - end.length).trimEnd();
  return `${question} ${additions.join(' ')}${inEnglish ? '?' : end}`;
}
