import { AnalysisPlan } from '../assistant.types';
import { wordsOf } from './mentions';

/**
 * Coverage accounting for names: an unused word of the prompt that ends in the name of an answer
 * the plan measures ("Gymshark" read as the appliance brand Shark, "pineapple" as Apple) names
 * something else, which the catalogue lacks. Its figures would be another brand's, so the ask is
 * refused rather than answered. Returns that word, or null. The name must be at least three
 * letters, follow at least three letters of its own, and not be said on its own in the prompt.
 */
export function nameInsideWord(prompt: string, plan: AnalysisPlan, unused: readonly string[]): string | null {
  const said = new Set(wordsOf(prompt));
  const names = (plan.topic?.datapoints ?? []).map((d) => wordsOf(d.name).join('')).filter((name) => name.length >= 3 && !said.has(name));
  for (const word of unused) {
    if (names.some((name) => word.length >= name.length + 3 && word.endsWith(name))) return word;
  }
  return null;
}
