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
