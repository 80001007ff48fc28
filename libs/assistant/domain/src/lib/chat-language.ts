import { detectLanguage, Language, markersSaid } from './languages';

/**
 * The language a turn of a chat is read in. A short turn may lead in a language only by words of one
 * or two letters that several languages write alike (articles and prepositions: "now do it as a
 * ranking" has the Portuguese "do", "as" and "a"); with no letter of that language's own, and a
 * marker word of the language the chat's last answered turn was read in (`AnalysisPlan.language`),
 * it is read in the chat's language. Any other turn, or one with no language known for the chat, is
 * read as `detectLanguage` reads it alone: a turn in another language ("E per reddito?" after an
 * English turn) switches the chat's language.
 */
export function turnLanguage(raw: string, chat: Language | undefined): Language {
  const alone = detectLanguage(raw);
  if (!chat || chat === alone || alone === 'ja' || chat === 'ja') return alone;
  const said = new Map(markersSaid(raw));
  const lead = said.get(alone);
  const own = said.get(chat);
  if (!lead || !own || own.words.length + own.letters === 0) return alone;
  return lead.letters === 0 && lead.words.every((w) => w.length <= 2) ? chat : alone;
}
