/**
 * Market codes written in lower case in a list of markets ("uk vs us vs de", "fr/es", "US+uk",
 * "de, fr, es", "es y br"): two-letter codes joined to another code by "/", "+", "&", "," or a
 * word of joining (`places.json` `codeListJoins`) are markets in any language, so they are written
 * in capitals before the prompt is read ("uk vs de" -> "UK vs DE"), as codes in capitals are read.
 * A code said alone stays a word: "de" and "es" are also a preposition and a verb of Spanish,
 * Portuguese and French, and counting them as such read "uk/us/de" as Spanish and translated the
 * codes away.
 */
import { LEXICON } from '../lexicon/lexicon';
import { escapeRegExp } from './text';

/**
 * The markets' two-letter codes and short names ("gb" and "uk"). "in" is left out: it joins
 * clauses in English and German ("uk or in de") and is never read as India in lower case.
 */
export const CODES = [
  ...new Set(Object.entries(LEXICON.places.locationAliases).flatMap(([code, aliases]) => [code, ...aliases.filter((a) => /^[a-z]{2}$/.test(a))])),
].filter((c) => c !== 'in');

const CODE = `(?:${CODES.join('|')})`;
const JOIN = `(?:\\s*[/+&,]\\s*|\\s+(?:${LEXICON.places.codeListJoins.map((w) => escapeRegExp(w)).join('|')})\\.?\\s+)`;
/** A run of two or more codes joined as a list, not inside a longer word. */
const RUN = new RegExp(`(?<![\\p{L}\\p{N}'’-])${CODE}(?:${JOIN}${CODE})+(?![\\p{L}\\p{N}'’-])`, 'giu');
const CODE_IN_RUN = new RegExp(`(?<![\\p{L}\\p{N}])${CODE}(?![\\p{L}\\p{N}])`, 'giu');

const JOINS = new Set(LEXICON.places.codeListJoins);

/**
 * "vs de", "+ fr", "and es too?": a whole turn of a word of joining and one code continues a list
 * of markets begun in an earlier turn, so the code is a market as in a list.
 */
const CONTINUED = new RegExp(
  `^(\\s*(?:[+&]|(?:${LEXICON.places.codeListJoins.map((w) => escapeRegExp(w)).join('|')})\\.?)\\s*)(${CODE})(\\s*(?:too|as well)?[\\s?.!]*)$`,
  'iu',
);

/** The prompt with every market code of a list of codes in capitals ("uk vs de" -> "UK vs DE"); the rest as written. */
export function capitaliseListedCodes(raw: string): string {
  const continued = CONTINUED.exec(raw);
  if (continued) return `${continued[1]}${continued[2].toUpperCase()}${continued[3]}`;
  // The join words stay as written; only the codes are capitalised.
  return raw.replace(RUN, (run) => run.replace(CODE_IN_RUN, (code) => (JOINS.has(code.toLowerCase()) ? code : code.toUpperCase())));
}
