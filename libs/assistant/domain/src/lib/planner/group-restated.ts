/*
 * "Does X skew by household size? UK, each size band": once a prompt has named the groups it is
 * split along, a word for a group after words of that question's name ("size band", "income
 * bracket") led by "each", "every" or "per" names the same groups again, not another question.
 */
import { LEXICON } from '../../lexicon/lexicon';
import { normalize } from '../text';
import { GROUP_HEADS } from './dimension-words';

const LEADS = new Set(LEXICON.grammar.groupLeads);

/** The positions of `words` that name again the groups of the question called `questionName`, besides those in `used`. */
export function restatedGroups(words: readonly string[], questionName: string, used: readonly number[]): number[] {
  const nameWords = new Set(normalize(questionName).trim().split(' '));
  const out: number[] = [];
  words.forEach((w, i) => {
    if (!GROUP_HEADS.has(w) || used.includes(i)) return;
    let k = i;
    while (k > 0 && nameWords.has(words[k - 1]) && !used.includes(k - 1)) k--;
    if (k === i || !LEADS.has(words[k - 1] ?? '')) return;
    for (let j = k - 1; j <= i; j++) out.push(j);
  });
  return out;
}
