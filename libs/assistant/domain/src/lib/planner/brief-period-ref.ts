import lexicon from './context-lexicon.json';

const MONTH = '(?:january|february|march|april|may|june|july|august|september|october|november|december)';
/** A point in time a context names: a quarter, a month of a year, or a year. */
const PERIOD = new RegExp(`\\b(?:q[1-4]\\s*(?:of\\s+)?(?:19|20)\\d\\d|(?:19|20)\\d\\d\\s*q[1-4]|${MONTH}\\s+(?:19|20)\\d\\d|(?:19|20)\\d\\d)\\b`, 'gi');

const phraseRegex = (phrase: string) => new RegExp(`\\b${phrase.replace(/ /g, '\\s+')}\\b`, 'i');

/**
 * "The client relaunched in Q1 2025 ... Has TikTok use gone up since then?": "since then" in the
 * question is since the one point in time the context names. A context naming several, or none,
 * leaves the question as written.
 */
export function resolvePeriodReference(ask: string, context: string): string {
  const ref = lexicon.periodReferences.find((r) => phraseRegex(r).test(ask));
  if (!ref) return ask;
  const periods = [...new Set((context.match(PERIOD) ?? []).map((p) => p.toLowerCase().replace(/\s+/g, ' ')))];
  return periods.length === 1 ? ask.replace(phraseRegex(ref), `since ${periods[0]}`) : ask;
}
