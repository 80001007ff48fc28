import { PlannerCatalogue, PlannerQuestion } from '../assistant.types';
import { FUNCTION_WORDS, stem, STOPWORDS } from '../text';
import lexicon from './context-lexicon.json';
import { mentionsIn } from './mentions';
import type { UnmeasuredAsk } from './unanswerable';

const L = lexicon.brandAttribute;
const CUES = L.cues.map((c) => new RegExp(`(?:^| )${c.replace(/ \* /g, ' (?:\\S+ ){1,3}')}(?= |$)`));
const IGNORE = new Set(L.ignore);
/** Two words name the same quality when one begins with the other's stem ("trustworthy", "trust"). */
const sameQuality = (a: string, b: string) => {
  const [x, y] = [stem(a), stem(b)];
  return Math.min(x.length, y.length) >= 4 && (x.startsWith(y) || y.startsWith(x));
};

/** The perceptions question that has the brand among its rows ("Sportswear brand perceptions" for Nike). */
function perceptionsOf(brandCodes: ReadonlySet<string>, catalogue: PlannerCatalogue): PlannerQuestion | undefined {
  return catalogue.questions.find(
    (q) => L.offerNamed.some((n) => q.name.toLowerCase().includes(n)) && q.suffixes.length > 0 && q.datapoints.some((d) => brandCodes.has(d.code)),
  );
}

/**
 * "How do Millennials rate Nike's customer service?", "do Gen Z see Netflix as a fun brand?": a
 * quality of a brand asked about, where the brand has a perceptions question. The survey asks
 * only its statements (trust, innovation, value for money ...): a quality none of them names is a
 * measure the catalogue lacks, refused with the perceptions question as the nearest. `null` when
 * the quality is one of the statements, or nothing is asked of how a brand is seen.
 */
export function brandAttributeAsk(words: readonly string[], catalogue: PlannerCatalogue): UnmeasuredAsk | null {
  const text = words.join(' ');
  if (!CUES.some((c) => c.test(text))) return null;
  const mentions = mentionsIn(text, catalogue);
  const brands = new Set(mentions.flatMap((m) => (m.entry.kind === 'datapoint' ? m.entry.refs.map((r) => r.datapoint.code) : [])));
  const question = perceptionsOf(brands, catalogue);
  if (!question) return null;
  const named = new Set(mentions.flatMap((m) => Array.from({ length: m.end - m.start }, (_, k) => m.start + k)));
  const quality = words.filter((w, i) => !named.has(i) && !IGNORE.has(w) && !STOPWORDS.has(w) && !FUNCTION_WORDS.has(w) && w.length > 2 && !/^\d/.test(w));
  if (quality.length === 0) return null;
  const statements = question.suffixes.flatMap((s) => s.name.toLowerCase().split(/\W+/)).filter((w) => w.length > 4);
  if (quality.some((w) => statements.some((s) => sameQuality(w, s)))) return null;
  const asked = quality.join(' ');
  return {
    kind: 'metric',
    what: `how people see a brand on “${asked}”`,
    whatFor: `how people see {x} on “${asked}”`,
    words: asked,
    rest: words.filter((w) => !quality.includes(w)).join(' '),
    offerNamed: L.offerNamed,
    answerableNamed: [],
  };
}
