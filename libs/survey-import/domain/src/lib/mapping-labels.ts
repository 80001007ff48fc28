import { isUserMissing, valueKey, type SurveyVariable } from './survey-file.types';
import type { FileValue } from './survey-mapping.types';

/** Longest question name made from a label; the whole label goes to the description. */
export const MAX_NAME_LENGTH = 100;

/** Value labels of a variable that are not (user-)missing values. */
export function labelledValues(v: SurveyVariable, missing: Set<string>): { value: FileValue; label: string }[] {
  return v.valueLabels.filter((l) => !isUserMissing(v, l.value) && !missing.has(valueKey(l.value)));
}

/** The label of a value of a variable, if it has one. */
export function labelOf(v: SurveyVariable | null, value: number | string): string | undefined {
  const key = valueKey(value);
  return v?.valueLabels.find((l) => valueKey(l.value) === key)?.label;
}

/** A datapoint code from a label: its slug, or `v<value>` when the slug is empty or taken. */
export function defaultCode(label: string, value: FileValue, index: number, all: { label: string; value: FileValue }[]): string {
  const s = slug(label);
  const clash = all.some((other, j) => j !== index && slug(other.label) === s);
  if (s !== '' && !clash) return s;
  return `v${slug(String(value)).replace(/^-/, 'minus_') || index + 1}`.replace(/-/g, 'minus_');
}

export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\+/g, ' plus')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The longest common prefix of labels, cut back to a word boundary ("How often: TV" / "How often: Radio" -> "How often: "). */
export function commonLabelPrefix(labels: string[]): string {
  if (labels.length < 2 || labels.some((l) => l === '')) return '';
  let prefix = labels[0];
  for (const l of labels) while (!l.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const cut = Math.max(prefix.lastIndexOf(' '), prefix.lastIndexOf(':') + 1);
  return prefix.length === labels[0].length ? '' : prefix.slice(0, cut + 1 > 0 ? cut + 1 : 0);
}

/**
 * A name from a label that may be a whole question text (SPSS allows 255 bytes): as it is when it
 * fits `max` characters, else cut at the last word boundary before it, with "…"; `full` says
 * whether it was cut (then the whole text belongs in the description).
 */
export function shortLabel(text: string, max = MAX_NAME_LENGTH): { name: string; cut: boolean } {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed.length <= max) return { name: trimmed, cut: false };
  const room = trimmed.slice(0, max);
  const boundary = room.lastIndexOf(' ');
  const head = (boundary > max / 2 ? room.slice(0, boundary) : room).replace(/[\s,;:.\-–—(]+$/, '');
  return { name: `${head}…`, cut: true };
}

/** How the assistant compares words (case, accents and punctuation aside): two aliases with one key are the same name. */
export function wordKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Parentheticals that qualify an answer rather than name it ("Other (please specify)"). */
const QUALIFIER = /^(e\.?g|i\.?e|incl|including|excl|excluding|please|specify|other|others|any|all|none|etc|net|only|not|no|or|and|per|vs|see|write|code)\b/i;
const ACRONYM = /^(?=(?:[^A-Z]*[A-Z]){2})[A-Z][A-Z0-9&]{1,7}$/;
const NAME_WORD = /^\p{Lu}[\p{L}&+.'’-]*$/u;

function parenthetical(label: string): { outer: string; inner: string } | null {
  const m = /^([^()]*\S)\s*\(([^()]+)\)\s*$/.exec(label.trim().replace(/\s+/g, ' '));
  return m ? { outer: m[1].trim(), inner: m[2].trim() } : null;
}

/**
 * Aliases a draft proposes for a question from its label: only an acronym in closing brackets
 * made from the words before them ("Net Promoter Score (NPS)" -> "NPS"), the form people use for it.
 */
export function questionLabelAliases(label: string): string[] {
  const p = parenthetical(label);
  if (!p || !ACRONYM.test(p.inner)) return [];
  // Its letters in order from the words before it, starting at their first word ("Customer
  // satisfaction (CSAT)"), so a unit ("Income (USD)") is not taken for the question's name.
  const outer = wordKey(p.outer).replace(/ /g, '');
  let at = 0;
  for (const letter of p.inner.toLowerCase()) {
    at = outer.indexOf(letter, at) + 1;
    if (at === 0) return [];
  }
  return outer.startsWith(p.inner[0].toLowerCase()) && wordKey(p.outer).includes(' ') ? [p.inner] : [];
}

/**
 * Aliases a draft proposes for the answers of one variable (or one set), from their labels: a
 * label "Facebook (Meta)" gives "Meta" and "Facebook". Conservative: the brackets must hold a
 * name (an acronym, or one to three capitalised words without digits, not a qualifier such as
 * "please specify"), and the part before them must tell the answer from its siblings (not
 * "Agree (strongly)" beside "Agree (somewhat)"); an alias that is another answer's name is left out.
 */
export function answerLabelAliases(labels: readonly string[]): string[][] {
  const parts = labels.map(parenthetical);
  const outerCount = new Map<string, number>();
  for (const p of parts) if (p) outerCount.set(wordKey(p.outer), (outerCount.get(wordKey(p.outer)) ?? 0) + 1);
  const names = new Set(labels.map(wordKey));
  const taken = new Map<string, number>();
  const proposed = parts.map((p, i) => {
    if (!p || (outerCount.get(wordKey(p.outer)) ?? 0) > 1) return [];
    const words = p.inner.split(' ');
    const isName = ACRONYM.test(p.inner) || (words.length <= 3 && p.inner.length <= 30 && words.every((w) => NAME_WORD.test(w)) && !QUALIFIER.test(p.inner));
    if (!isName) return [];
    const out = [p.inner];
    if (p.outer.split(' ').length <= 4 && !/\d/.test(p.outer) && !QUALIFIER.test(p.outer)) out.push(p.outer);
    const kept = out.filter((a) => !names.has(wordKey(a)) && wordKey(a) !== '' && wordKey(a) !== wordKey(labels[i]));
    for (const a of kept) taken.set(wordKey(a), (taken.get(wordKey(a)) ?? 0) + 1);
    return kept;
  });
  // An alias two answers would share names neither.
  return proposed.map((list) => list.filter((a) => taken.get(wordKey(a)) === 1));
}
