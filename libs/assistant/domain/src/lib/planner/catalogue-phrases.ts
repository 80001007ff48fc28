import { PlannerCatalogue } from '../assistant.types';
import { wordsOf } from './mentions';

const cache = new WeakMap<PlannerCatalogue, string[]>();

/**
 * The phrases by which a survey's catalogue says what it measures: its questions' names and
 * aliases, and the aliases of their answers (the survey's own words, e.g. "NPS" given by an
 * import), as normalised words between spaces.
 */
function cataloguePhrases(catalogue: PlannerCatalogue): string[] {
  let phrases = cache.get(catalogue);
  if (!phrases) {
    phrases = catalogue.questions
      .flatMap((q) => [q.name, ...(q.aliases ?? []), ...q.datapoints.flatMap((d) => d.aliases ?? [])])
      .map((p) => ` ${wordsOf(p).join(' ')} `)
      .filter((p) => p.trim() !== '');
    cache.set(catalogue, phrases);
  }
  return phrases;
}

/**
 * Whether the catalogue names what a cue of the lexicon says the survey lacks ("NPS", "likelihood
 * to recommend"): the lexicon's list of unmeasurable things is a default for catalogues that lack
 * them, and a survey whose questions or aliases name one measures it after all.
 */
export function catalogueNames(catalogue: PlannerCatalogue, phrase: string): boolean {
  const cue = ` ${wordsOf(phrase).join(' ')} `;
  return cue.trim() !== '' && cataloguePhrases(catalogue).some((p) => p.includes(cue));
}
