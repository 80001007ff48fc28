import { CatalogueIndex, DatapointRef } from '../catalogue-index';
import { FUNCTION_WORDS, stem, STOPWORDS } from '../text';
import { Span } from './types';

/** The content words of a question's name, as stems ("Holiday destinations of interest": holiday, destin, interest). */
const nameStems = (ref: DatapointRef) =>
  ref.question.name
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 3 && !FUNCTION_WORDS.has(w) && !STOPWORDS.has(w))
    .map(stem);

/**
 * A market's name that is also an answer ("Japan" among the holiday destinations) is that answer
 * when the prompt says a word of the answer's question outside the name ("interested in Japan as a
 * holiday destination") and names another market for the people asked ("Australians"): the
 * market stays the population, the other place is what they are asked about.
 */
export function placesAsAnswers(words: readonly string[], spans: readonly Span[], index: CatalogueIndex): Span[] {
  const markets = spans.filter((s) => s.entry.kind === 'market');
  if (markets.length < 2) return [...spans];
  const around = (s: Span) => new Set(words.filter((_, i) => i < s.start || i >= s.end).map(stem));
  const answerOf = (s: Span): Span | null => {
    const said = words.slice(s.start, s.end).join(' ');
    const stems = around(s);
    const refs = (index.byFirst.get(words[s.start]) ?? [])
      .flatMap((e) => (e.kind === 'datapoint' && e.words.join(' ') === said ? e.refs : []))
      .filter((r) => nameStems(r).some((w) => stems.has(w)));
    return refs.length > 0 ? { ...s, entry: { kind: 'datapoint', words: said.split(' '), refs } } : null;
  };
  const answers = new Map(markets.map((s) => [s, answerOf(s)]));
  // Every market an answer: nothing is left to say who is asked, so none is read so.
  if ([...answers.values()].every((a) => a !== null)) return [...spans];
  return spans.map((s) => answers.get(s) ?? s);
}
