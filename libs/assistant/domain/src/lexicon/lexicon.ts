/**
 * The planner's lexicon, read once when the module loads: words per language, places and
 * market groups, audience phrases, answer scales, topic synonyms, cue phrases and the words of
 * the planner's grammar (connectors, follow-up openings, chat shorthand), the words of dimensions
 * and time in the other languages (the other
 * names of one survey's answers are that survey's catalogue data, not the planner's). They are data
 * (the JSON files beside this one), not code: a word is added by editing a file, and the files
 * are checked (`readLexicon`) so that a malformed one stops the start with a clear message.
 * Imported as JSON modules, so tsc copies them into every build (dist/, the Docker image) and
 * jest reads them as they are.
 */
import audiences from './audiences.json';
import cues from './cues.json';
import dimensions from './dimensions.json';
import de from './languages/de.json';
import grammar from './grammar.json';
import en from './languages/en.json';
import es from './languages/es.json';
import fr from './languages/fr.json';
import it from './languages/it.json';
import ja from './languages/ja.json';
import pt from './languages/pt.json';
import places from './places.json';
import scales from './scales.json';
import topics from './topics.json';
import { Lexicon, readLexicon } from './read-lexicon';
import context from '../lib/planner/context-lexicon.json';
import { ContextLexicon, readContextLexicon } from './read-context-lexicon';

export const LEXICON: Lexicon = readLexicon({
  'languages/de.json': de,
  'languages/es.json': es,
  'languages/fr.json': fr,
  'languages/pt.json': pt,
  'languages/it.json': it,
  'languages/en.json': en,
  'languages/ja.json': ja,
  'places.json': places,
  'audiences.json': audiences,
  'scales.json': scales,
  'topics.json': topics,
  'cues.json': cues,
  'grammar.json': grammar,
  'dimensions.json': dimensions,
});

/**
 * The context stage's words (`src/lib/planner/context-lexicon.json`), checked the same way when
 * the module loads: the stages that import the file read the same object, so a malformed file
 * stops the start here, named, whoever reads it.
 */
export const CONTEXT_LEXICON: ContextLexicon = readContextLexicon(context);
