import { PlannerLocation, PlanOutcome } from '../assistant.types';
import { ALL_MARKETS } from '../synonyms';
import { COMPARISON } from './cues';
import { refuse } from './outcomes';
import { MarketReading, PromptContext } from './types';

/**
 * The markets named (regions side by side), or every licensed market when the prompt asks for
 * all of them; a place outside the data or an unlicensed market is refused.
 */
export function readMarkets(ctx: PromptContext): MarketReading | PlanOutcome {
  const { catalogue, reading, words, text } = ctx;
  // Places outside the data: say so rather than answer for every market.
  const place = reading.spans.find((s) => s.entry.kind === 'place');
  if (place && place.entry.kind === 'place') {
    const available = catalogue.locations.filter((l) => l.entitled).map((l) => l.name);
    return refuse('no-data', `The survey has no data for ${place.entry.name}. Markets available to you: ${available.join(', ')}.`);
  }

  // Markets (and regions, side by side).
  const markets: PlannerLocation[] = [];
  for (const span of reading.spans) {
    const e = span.entry;
    // A region is the markets of it the organisation licenses ("our European markets"); one with none is refused.
    const licensed = e.kind === 'region' ? e.locations.filter((l) => l.entitled) : [];
    const list = e.kind === 'market' ? [e.location] : e.kind === 'region' ? (licensed.length > 0 ? licensed : e.locations) : [];
    for (const l of list) if (!markets.includes(l)) markets.push(l);
  }
  const unlicensed = markets.find((l) => !l.entitled);
  if (unlicensed) return refuse('not-entitled', `Your organisation does not license data for ${unlicensed.name}.`);
  const allMarkets =
    ALL_MARKETS.some((p) => text.includes(` ${p} `)) ||
    /\b(all|every) (\w+ )?(of )?(our|my|your|the)? ?(markets|countries)\b/.test(text) ||
    // "our four markets", "my markets": every market licensed to the organisation.
    /\b(our|my) (\w+ )?(markets|countries)\b/.test(text);
  for (let i = 0; i < words.length; i++)
    if (
      ALL_MARKETS.includes(words[i]) ||
      (['markets', 'countries'].includes(words[i]) && ['all', 'our', 'every', 'the', 'four', 'nine'].includes(words[i - 1] ?? ''))
    )
      reading.used.add(i);
  // "Contrast all our markets", "in each market", "market by market": every licensed market, side by side.
  const eachMarket = /\b(each|per|by) (market|country)\b|\b(market by market|country by country|in each of (our|the) markets)\b/.test(text);
  if (markets.length === 0 && (eachMarket || (allMarkets && COMPARISON.test(text) && !/\b(worldwide|globally|global|overall)\b/.test(text))))
    markets.push(...catalogue.locations.filter((l) => l.entitled));
  return { markets, allMarkets };
}
