import { detectLanguage, Language } from '../languages';
import lexicon from './context-lexicon.json';
import { wordsOf } from './mentions';

/*
 * A claim a brief quotes and asks to check ("A journalist wrote that more than half of Gen Z in
 * India use Snapchat. Is that right?"): the question that checks it, read from the claim itself.
 */

const C = lexicon.claimChecks;

/** A phrase of the lexicon (words as `wordsOf` writes them) as a pattern over raw text: "c est vrai" matches "c'est vrai", "i d" matches "I'd". */
const phrase = (p: string) =>
  p
    .split(' ')
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join("[\\s'’-]+");
/** Phrases of the lexicon as one alternation, longest first. */
export const alternatives = (list: readonly string[]) =>
  [...list]
    .sort((a, b) => b.length - a.length)
    .map(phrase)
    .join('|');

/** "Is that right?", "does the data agree?", "does that square with ...": the words of an ask to check a claim. */
export const CHECK = new RegExp(`(?:^|[^\\p{L}])(?:${alternatives(C.words)})(?=$|[^\\p{L}])`, 'iu');

/** "Claims (that)", "wrote that", "keeps saying", "dice que": a verb that reports what someone claims. */
const REPORTING = new RegExp(`(?:^|[^\\p{L}])(?:${alternatives(C.reporting)})(?=[^\\p{L}])`, 'giu');

/** "70% of Gen Z ...", "40 % des Français ...": a share quoted from elsewhere, and the word linking it to its people. */
export const QUOTED_SHARE =
  /(?:^|[^\p{L}\p{N}])\d+(?:[.,]\d+)?\s*(?:%|percent\b|per cent\b|prozent\b|por ciento\b|pour cent\b|por cento\b|per cento\b)(?:\s+(?:of|de|des|der|di|do|da|dos|das|del)\s+)?/iu;

const SHARE_ASKS: Record<string, string> = C.shareAsks;
/** How a question of a share starts in the claim's language ("What share of", "Qué porcentaje"). */
const shareAsk = (lang: Language) => SHARE_ASKS[lang] ?? SHARE_ASKS['en'];
const trimEnd = (text: string) =>
  text
    .replace(/\s*[(（][^)）]*[)）]/g, '')
    .replace(/[\s.!?？"”]+$/, '')
    .trim();

/** "What share of Gen Z in France use Snapchat every day?" from "... says 70% of Gen Z in France use Snapchat every day." */
export function askOfQuotedShare(sentence: string): string | null {
  const m = QUOTED_SHARE.exec(sentence);
  if (!m || m.index === undefined) return null;
  const link = /\s(of|de|des|der|di|do|da|dos|das|del)\s+$/i.exec(m[0]);
  if (!link) return null;
  const rest = trimEnd(sentence.slice(m.index + m[0].length));
  if (rest.length === 0) return null;
  const lang = detectLanguage(sentence);
  return lang === 'en' ? `${shareAsk('en')} ${rest}?` : `${shareAsk(lang)} ${link[1]} ${rest}?`;
}

/** The words a sentence reports as claimed, after its last reporting verb ("that" and quotes dropped); `null` if it reports none. */
export function claimedClause(sentence: string): string | null {
  let last: RegExpMatchArray | null = null;
  for (const m of sentence.matchAll(REPORTING)) last = m;
  if (!last || last.index === undefined) return null;
  const clause = trimEnd(sentence.slice(last.index + last[0].length).replace(/^[\s,:"“'‘]+/, ''));
  return clause.length > 0 ? clause : null;
}

const QUANTIFIERS = [...C.quantifiers].sort((a, b) => b.split(' ').length - a.split(' ').length).map((q) => q.split(' '));

/**
 * "More than half of Gen Z in India use Snapchat", "most Brazilians pay with Pix": a share said in
 * words, read as the question of what share of the people it names do it; `null` for a clause that
 * opens with no such words.
 */
export function askOfVagueShare(clause: string): string | null {
  const tokens = [...clause.matchAll(/[\p{L}\p{N}]+/gu)];
  const words = tokens.map((t) => wordsOf(t[0]).join(' '));
  const q = QUANTIFIERS.find((parts) => parts.every((p, k) => words[k] === p));
  if (!q || tokens.length <= q.length || tokens[q.length].index === undefined) return null;
  const lang = detectLanguage(clause);
  return `${shareAsk(lang)} ${clause.slice(tokens[q.length].index)}?`;
}

/**
 * The question that checks the claim a sentence reports: the share it quotes in figures or in
 * words, else the claim as it is stated ("women in the US are more likely than men to use
 * Pinterest", read as the comparison it states). `null` when the sentence quotes nothing.
 */
export function askOfClaim(sentence: string): string | null {
  const quoted = askOfQuotedShare(sentence);
  if (quoted) return quoted;
  const clause = claimedClause(sentence);
  if (!clause) return null;
  return askOfVagueShare(clause) ?? `${clause.charAt(0).toUpperCase()}${clause.slice(1)}?`;
}

/** A dash between two clauses (" - ", " – ", " — "). */
const DASH = /\s+[-–—]\s+/g;

/**
 * "The client said it's more like 70% - does that square with the data?": a reported claim and the
 * ask to check it, joined by a dash, are two sentences (the claim, then its check), as they are
 * with a full stop between them; the claim is what is checked, never the topic of the ask. A line
 * with no reported claim before a dash and no check after it is one sentence.
 */
export function claimThenCheck(line: string): string[] {
  for (const m of line.matchAll(DASH)) {
    const claim = line.slice(0, m.index).trim();
    const check = line.slice((m.index ?? 0) + m[0].length).trim();
    if (claimedClause(claim) && CHECK.test(check) && !claimedClause(check)) return [`${claim}.`, `${check.charAt(0).toUpperCase()}${check.slice(1)}`];
  }
  return [line];
}
