import { PlannerCatalogue } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { mentionsIn } from './mentions';

/** `\b` for a phrase in raw text, case-insensitive. */
const phraseRegex = (phrase: string) => new RegExp(`\\b${phrase.replace(/ /g, '\\s+')}\\b(?!\\s+(is|are|was|were)\\b)`, 'i');

/**
 * "Our client is Spotify ... What share of Gen Z there use it?", "The client makes energy drinks
 * ... How many drink them?": a question that names nothing to measure and refers to a thing ("it",
 * "them", "the brand") asks about the one thing the context names. Several things in the context
 * say nothing of which is meant, and a question that names its own topic is left as written.
 */
export function resolveTopicReference(ask: string, context: string, catalogue: PlannerCatalogue): string {
  if (mentionsIn(ask, catalogue).some((m) => m.entry.kind === 'datapoint')) return ask;
  const things = [
    ...new Set(
      mentionsIn(context, catalogue)
        .filter((m) => m.entry.kind === 'datapoint')
        .map((m) => m.text),
    ),
  ];
  if (things.length !== 1) return ask;
  const ref = lexicon.topicReferences.find((r) => phraseRegex(r).test(ask));
  return ref ? ask.replace(phraseRegex(ref), things[0]) : ask;
}
