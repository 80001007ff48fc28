import { PlannerCatalogue } from '../assistant.types';
import { askedInEnglish } from './ask-in-english';
import { mentionsIn } from './mentions';

/** A sentence that ends in a question mark (also "？"). */
const QUESTION = /[?？]\s*$/;

/**
 * "What sets cat owners in Japan apart? Compared with the average person, what is different?",
 * "日本で猫を飼っている人の特徴は？普通の人と比べて何が違う？": a last question that names nothing of
 * the catalogue (no people, place or topic), after sentences that are all questions, goes on with
 * them: one question said in parts, read whole rather than as a question with background.
 */
export function continuesQuestions(sentences: readonly string[], at: number, catalogue: PlannerCatalogue): boolean {
  if (at <= 0 || !sentences.slice(0, at).every((s) => QUESTION.test(s))) return false;
  return mentionsIn(askedInEnglish(sentences[at], catalogue).join(' '), catalogue).length === 0;
}
