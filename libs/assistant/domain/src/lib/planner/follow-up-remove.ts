import { AnalysisPlan, PlannerCatalogue } from '../assistant.types';
import { mentionsIn } from './mentions';
import lexicon from './context-lexicon.json';

const L = lexicon.remove;
const any = (list: readonly string[]) => list.map((p) => p.replace(/ /g, '\\s+').replace(/'/g, "['’]")).join('|');
const DROP = (nouns: readonly string[]) =>
  new RegExp(`\\b(?:${any(L.verbs)})\\s+(?:the\\s+|any\\s+|that\\s+|this\\s+)?(?:${any(nouns)})(?:\\s+(?:${any(L.filterNouns)}))?\\b`, 'i');
const DROP_MARKET = DROP(L.markets);
const DROP_AUDIENCE = DROP(L.audiences);
/** "For everyone", "back to everyone", "zurück zu allen": the audience is all respondents again. */
const EVERYONE = new RegExp(
  `\\b(?:${any(L.everyoneLeads)})\\s+(?:${any(L.everyone)})\\b|^\\s*(?:${any(L.everyone)})\\b|(?<![\\p{L}])(?:${any(L.backToEveryone)})(?![\\p{L}])`,
  'iu',
);

/** What a follow-up removes from the previous answer, and the form the planner reads for the rest. */
export interface Removal {
  prompt: string;
  /** The audience is dropped: the answer is for all respondents. */
  everyone: boolean;
}

/**
 * "Drop the market filter", "for everyone, not just high earners": a follow-up that removes a
 * market or an audience, keeping everything else. A market removed is read as "all markets"
 * (every licensed market pooled); an audience removed leaves the previous one to be replaced by
 * all respondents. `null` when the prompt removes nothing or there is no earlier answer.
 */
export function removedFilter(prompt: string, previous: AnalysisPlan | null | undefined, catalogue?: PlannerCatalogue): Removal | null {
  if (!previous) return null;
  const side = catalogue ? removedSide(prompt, previous, catalogue) : null;
  if (side) return side;
  if (DROP_MARKET.test(prompt) && previous.locations.length > 0) return { prompt: 'What about all markets?', everyone: false };
  // "Compared to everyone else" sets the audience against everyone: an index, not a removal.
  const against = /\b(compar\w*|vs|versus|against|than|else|average)\b/i.test(prompt);
  const audience = !against && (DROP_AUDIENCE.test(prompt) || EVERYONE.test(prompt));
  const narrowed = previous.audiences.length === 1 && previous.audiences[0].origin !== 'everyone';
  if (audience && narrowed) return { prompt: 'What about them?', everyone: true };
  return null;
}

/** "Drop the UK", "without Gen X", "ohne Frankreich": a remove verb and then only names of the previous answer's sides. */
const DROP_NAMED = new RegExp(
  `^\\s*(?:(?:and|ok|okay|now|then|please|but)[,\\s]+)*(?:${any([...L.verbs, ...L.sideVerbs])})\\s+(?:the\\s+|l['’]\\s*|la\\s+|le\\s+|el\\s+|o\\s+|a\\s+)?(.+?)[\\s?.!]*$`,
  'i',
);

const ADD_AFTER = new RegExp(`\\s*,?\\s+(?:and\\s+|but\\s+)?(?:${any(L.addVerbs)})\\s+`, 'i');

/**
 * A follow-up that removes one or more named sides of the previous answer ("drop the UK" after
 * the UK, Germany and France; "without Gen X"): the other sides are kept, in their order. The
 * last market removed leaves every licensed market pooled; the last audience, all respondents.
 * `null` unless every name after the verb is a market or audience of the previous answer.
 */
function removedSide(prompt: string, previous: AnalysisPlan, catalogue: PlannerCatalogue): Removal | null {
  const named = DROP_NAMED.exec(prompt);
  if (!named) return null;
  // "Drop Germany and add Spain": what is added after the removal joins the sides kept.
  const [removed, added] = named[1].split(ADD_AFTER);
  const mentions = mentionsIn(removed, catalogue);
  if (mentions.length === 0) return null;
  const extra = added ? mentionsIn(added, catalogue) : [];
  const markets = new Set<string>();
  const audiences = new Set<number>();
  for (const m of mentions) {
    const entry = m.entry;
    if (entry.kind === 'market' && previous.locations.some((l) => l.code === entry.location.code)) markets.add(entry.location.code);
    else if (entry.kind === 'audience') {
      const same = JSON.stringify(entry.expression);
      const at = previous.audiences.findIndex((a) => a.name.toLowerCase() === entry.name.toLowerCase() || JSON.stringify(a.expression) === same);
      if (at < 0) return null;
      audiences.add(at);
    } else return null;
  }
  if (markets.size > 0 && audiences.size > 0) return null;
  const kind = markets.size > 0 ? 'market' : 'audience';
  if (extra.some((m) => m.entry.kind !== kind)) return null;
  const more = extra.map((m) => m.text);
  if (markets.size > 0) {
    const rest = [...previous.locations.filter((l) => !markets.has(l.code)).map((l) => l.name), ...more];
    return { prompt: rest.length === 0 ? 'What about all markets?' : `What about ${rest.join(' and ')}?`, everyone: false };
  }
  const rest = [...previous.audiences.filter((_, i) => !audiences.has(i)).map((a) => a.name), ...more];
  return rest.length === 0 ? { prompt: 'What about them?', everyone: true } : { prompt: `What about ${rest.join(' and ')}?`, everyone: false };
}
