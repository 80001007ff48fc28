import { PlannerCatalogue, PlanTopic } from '../assistant.types';
import { CatalogueIndex } from '../catalogue-index';
import { FUNCTION_WORDS, namesWhole, stem, STOPWORDS } from '../text';
import { LEXICON } from '../../lexicon/lexicon';
import { codeName } from './outcomes';
import { GENERIC_VERB_STEMS } from './topic-words';
import { Span } from './types';

const G = LEXICON.grammar;

/**
 * What people do on a thing the topic names ("shopped on Instagram", "job hunting on LinkedIn",
 * "use Facebook to sell things"): a word of the clause joined to the thing by a link
 * (`grammar.json` `activityOn`: before "on", "via", "through"; after "to", "for") that names one
 * answer of the one question named after the thing ("Activities on Instagram": "Shop") is that
 * answer, not the thing's use. Light verbs ("use", "watch": `genericVerbStems`) name no activity,
 * and a word naming several answers ("post": "Post photos", "Post stories") names none.
 */
export function activityOnThing(
  words: readonly string[],
  used: ReadonlySet<number>,
  mention: Span,
  index: CatalogueIndex,
  catalogue: PlannerCatalogue,
): PlanTopic | null {
  if (mention.entry.kind !== 'datapoint') return null;
  const clause = linkedWords(words, used, mention);
  if (clause.length === 0) return null;
  // The thing by its own name ("Instagram"), not a word of a longer one ("games" of "Play games").
  const refs = mention.entry.refs.filter((r) => !r.partial);
  const things = new Set(refs.map((r) => r.datapoint.code));
  const names = [...new Set(refs.map((r) => r.datapoint.name))];
  const about = catalogue.questions.filter((q) => q.entitled && names.some((n) => namesWhole(q.name, n)) && !q.datapoints.some((d) => things.has(d.code)));
  if (about.length !== 1) return null;
  const question = about[0];
  const answerNames = index.normalisedNames.get(question.code)?.datapoints ?? [];
  const ownName = index.questionWords.get(question.code)?.name ?? new Set<string>();
  for (const w of clause) {
    const s = stem(w);
    if (ownName.has(s)) continue;
    const found = question.datapoints.filter((_, k) => (answerNames[k] ?? '').split(' ').some((p) => stem(p) === s));
    if (found.length === 1) return { question: question.code, questionName: question.name, datapoints: found.map(codeName), suffix: null };
  }
  return null;
}

/** The clause's free content words on the side of the link: before "on <thing>", after "<thing> to". */
function linkedWords(words: readonly string[], used: ReadonlySet<number>, mention: Span): string[] {
  const free = (i: number) =>
    !used.has(i) && words[i] !== '|' && !FUNCTION_WORDS.has(words[i]) && !STOPWORDS.has(words[i]) && !GENERIC_VERB_STEMS.has(stem(words[i]));
  const out: string[] = [];
  if (G.activityOn.before.includes(words[mention.start - 1] ?? ''))
    for (let i = mention.start - 2; i >= 0 && i >= mention.start - 4 && words[i] !== '|' && !used.has(i); i--) if (free(i)) out.push(words[i]);
  if (G.activityOn.after.includes(words[mention.end] ?? ''))
    for (let i = mention.end + 1; i < words.length && i <= mention.end + 3 && words[i] !== '|' && !used.has(i); i++) if (free(i)) out.push(words[i]);
  return out;
}
