import { AnalysisPlan, PlannerCatalogue } from '../assistant.types';
import { stem } from '../text';
import lexicon from './context-lexicon.json';
import { mentionsIn, wordsOf } from './mentions';

const M = lexicon.meant;
const OPENINGS = lexicon.unanswered.openings;

/** An answer of the catalogue, by its question. */
interface Candidate {
  question: string;
  name: string;
}

/**
 * "I meant the payment one" after "What share of Brits use Apple?", "I meant the music service"
 * after an answer about Apple, "the video streaming one" after Amazon: a turn that names nothing of
 * the catalogue but describes which of the answers sharing a name was meant, by words of its
 * question's name ("Payment methods used online": Apple Pay; "Music and audio services used": Apple
 * Music). The earlier turn is asked again with that answer: the unanswered prompt with the name
 * replaced, or, after an answer, "What about <answer> instead?". `null` when the turn does not read
 * so (no opening of a correction nor a closing "one", more than a few words, a name of its own), or
 * no one question's name is described best.
 */
export function meantAnswer(
  prompt: string,
  unanswered: string | null | undefined,
  previous: AnalysisPlan | null | undefined,
  catalogue: PlannerCatalogue,
): string | null {
  const described = descriptionOf(prompt, catalogue);
  if (!described) return null;
  if (unanswered) {
    for (const mention of mentionsIn(unanswered, catalogue).filter((m) => m.entry.kind === 'datapoint')) {
      const chosen = best(described, mention.text, null, catalogue);
      const replaced = chosen && replaceName(unanswered, mention.text, chosen.name);
      if (replaced) return replaced;
    }
    return null;
  }
  const topic = previous?.topic;
  if (!topic || topic.datapoints.length !== 1) return null;
  const chosen = best(described, topic.datapoints[0].name.toLowerCase(), topic.question, catalogue);
  return chosen ? `What about ${chosen.name} instead?` : null;
}

/** The stems of the words that describe the answer meant ("payment", "music service"), or null. */
function descriptionOf(prompt: string, catalogue: PlannerCatalogue): string[] | null {
  let words = wordsOf(prompt);
  let opened = false;
  for (let again = true; again;) {
    again = false;
    for (const opening of OPENINGS) {
      const w = opening.split(' ');
      if (w.every((x, i) => words[i] === x)) {
        words = words.slice(w.length);
        opened = again = true;
      }
    }
  }
  const closed = words.length > 0 && M.oneWords.includes(words[words.length - 1]);
  if (closed) words = words.slice(0, -1);
  words = words.filter((w) => !M.articles.includes(w));
  if ((!opened && !closed) || words.length === 0 || words.length > M.maxWords) return null;
  // Words of a question's name may be an answer's too ("music"), but a market or audience is a correction of its own.
  if (mentionsIn(words.join(' '), catalogue).some((m) => m.entry.kind !== 'datapoint')) return null;
  return words.map(stem);
}

/**
 * The answer whose name holds `name`'s words, in the question whose name holds most of the words
 * described (not `except`, the question already answered); null on a tie or when none holds one.
 */
function best(described: readonly string[], name: string, except: string | null, catalogue: PlannerCatalogue): Candidate | null {
  const nameWords = wordsOf(name);
  const scored = catalogue.questions.flatMap((q) => {
    if (q.code === except || !q.entitled) return [];
    const answers = q.datapoints.filter((d) => {
      const words = wordsOf(d.name);
      return words.length >= nameWords.length && nameWords.every((w) => words.includes(w));
    });
    if (answers.length !== 1) return [];
    const questionWords = new Set(wordsOf(q.name).map(stem));
    const score = described.filter((w) => questionWords.has(w)).length;
    return score > 0 ? [{ question: q.code, name: answers[0].name, score }] : [];
  });
  const top = Math.max(0, ...scored.map((s) => s.score));
  const winners = scored.filter((s) => s.score === top);
  return winners.length === 1 ? winners[0] : null;
}

/** `text` with the words of `name` (as the planner reads them) replaced by `fresh`, or null when absent. */
function replaceName(text: string, name: string, fresh: string): string | null {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${name.split(' ').join('[\\s-]+')}(?![\\p{L}\\p{N}])`, 'iu');
  return pattern.test(text) ? text.replace(pattern, fresh) : null;
}
