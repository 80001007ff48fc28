import { AnalysisPlan, PlannerCatalogue } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { escapeRegExp } from '../text';
import { mentionsIn } from './mentions';

const O = lexicon.oppositeFollowUps;
const OPPOSITE = new RegExp(`(?<![\\p{L}])(?:${O.phrases.map((w) => escapeRegExp(w, true)).join('|')})(?![\\p{L}])`, 'iu');

/**
 * "And the opposite?", "the reverse - how many?", "¿y lo contrario?" after an answer with a topic:
 * the people who do not give the last answer's subject, asked as "who doesn't" with whatever else
 * the turn says (a count). Only when the turn names nothing of the catalogue besides: "the opposite
 * of TikTok" is no follow-up of this kind. `null` otherwise.
 */
export function oppositeOfPrevious(prompt: string, previous: AnalysisPlan | null | undefined, catalogue: PlannerCatalogue): string | null {
  if (!previous?.topic || previous.topic.datapoints.length === 0) return null;
  const match = OPPOSITE.exec(prompt);
  if (!match) return null;
  const rest = prompt.slice(0, match.index) + ' ' + prompt.slice(match.index + match[0].length);
  if (mentionsIn(rest, catalogue).length > 0) return null;
  const after = prompt.slice(match.index + match[0].length).replace(/^[\s?¿!.,:;\-–—]+|[\s?!.]+$/g, '');
  return after === '' ? O.asked : `${O.asked.replace(/\?$/, '')} - ${after}`;
}
