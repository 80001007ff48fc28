import { PlanAudience } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { escapeRegExp } from '../text';

/** A name as a pattern, a hyphen also written as a space or left out ("non parents", "nonparents"). */
const pattern = (name: string) => escapeRegExp(name).replace(/-/g, '[-\\s]?');
const DETERMINERS = lexicon.docked.shortNameDeterminers.join('|');

/**
 * "Uber Eats usage for the non-parents" with "Non-parents under 35" docked: a docked audience
 * named by the plural head its name opens with ("Non-parents", "Women" of "Women 25-34"), after a
 * word pointing at people already known (`docked.shortNameDeterminers`: "the", "those"), is that
 * audience, written by its full name. Only a head no other docked audience's name opens with, and
 * never a full name said already.
 */
export function byShortName(prompt: string, docked: readonly PlanAudience[]): string {
  let out = prompt;
  for (const audience of docked) {
    const words = audience.name.split(/\s+/);
    for (let n = words.length - 1; n >= 1; n--) {
      const head = words.slice(0, n).join(' ');
      if (!/s$/i.test(head) || head.length < 4) continue;
      const lower = head.toLowerCase();
      const shared = docked.some((other) => other !== audience && `${other.name.toLowerCase()} `.startsWith(`${lower} `));
      if (shared || docked.some((other) => other.name.toLowerCase() === lower)) continue;
      const said = new RegExp(`(?<![\\p{L}])(${DETERMINERS})\\s+${pattern(head)}(?![\\p{L}-])(?!\\s+${escapeRegExp(words[n])}(?![\\p{L}]))`, 'giu');
      out = out.replace(said, (_, determiner: string) => `${determiner} ${audience.name}`);
    }
  }
  return out;
}
