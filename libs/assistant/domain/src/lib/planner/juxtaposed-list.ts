/*
 * A list of answers typed without its commas: "Students retirees and full-time workers", "Gen Z
 * Millennials Gen X and Boomers", "urban suburban or rural".
 */
import { LEXICON } from '../../lexicon/lexicon';
import { spanAudience } from './audiences';
import { Span } from './types';

const ARTICLES = new Set(LEXICON.grammar.articles);

/** The one question a span's audience answers ("Students": employment_status), if it is one question's answers. */
function questionOf(span: Span, words: readonly string[]): string | undefined {
  const question = spanAudience(span, words)?.expression?.['question'];
  return typeof question === 'string' ? question : undefined;
}

/**
 * Whether `m` is a member of a list typed without commas: an answer of the same question as the
 * span before it with no word between (`between` gives the words that count), in a run of such
 * answers that a connector ends before one more ("... Gen X and Boomers"). Two answers of one
 * question said side by side never narrow each other; as the list's commas would, they part it.
 */
export function juxtaposedMember(
  words: readonly string[],
  previous: Span,
  m: Span,
  mentions: readonly Span[],
  between: (a: Span, b: Span) => string[],
  isConnector: (word: string) => boolean,
): boolean {
  const question = questionOf(previous, words);
  if (!question || between(previous, m).length > 0 || questionOf(m, words) !== question) return false;
  let at = mentions.indexOf(m);
  while (at + 1 < mentions.length && between(mentions[at], mentions[at + 1]).length === 0 && questionOf(mentions[at + 1], words) === question) at++;
  const next = mentions[at + 1];
  if (!next || questionOf(next, words) !== question) return false;
  const gap = between(mentions[at], next).filter((w) => !ARTICLES.has(w));
  return gap.length === 1 && isConnector(gap[0]);
}
