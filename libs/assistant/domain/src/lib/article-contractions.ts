import { LEXICON } from '../lexicon/lexicon';
import { TabledLanguage } from '../lexicon/read-lexicon';

/**
 * A preposition and an article written as one word ("des" for "de les", "aux" for "à les",
 * Portuguese "das" for "de as", Italian "delle" for "di le"; the language's `contractions`, each
 * the contracted word and the article it holds): a phrase of the table that opens with that
 * article is also read after the contracted word, in English the contracted word's own reading
 * in the table, then the phrase's (without its own "the"). "les Françaises" is women in France,
 * so "des Françaises" is of women in France. Phrases the table writes itself are left as written.
 */
export function contractedPhrases(phrases: readonly [string, string][], lang: TabledLanguage): [string, string][] {
  const contractions = LEXICON.languages[lang].contractions;
  if (contractions.length === 0) return [];
  const table = new Map(phrases);
  const out: [string, string][] = [];
  for (const [written, article] of contractions) {
    const preposition = table.get(written);
    if (preposition === undefined) continue;
    for (const [phrase, meaning] of phrases) {
      const words = phrase.split(' ');
      if (words.length < 2 || words[0] !== article) continue;
      const contracted = [written, ...words.slice(1)].join(' ');
      // The contracted word's reading holds the article already: "les Français" (the French) after "des" is "of" them.
      if (!table.has(contracted)) out.push([contracted, `${preposition} ${meaning.replace(/^the /, '')}`]);
    }
  }
  return out;
}
