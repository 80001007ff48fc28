import { CodeName, OVER_INDEX, UNDER_INDEX } from './assistant.types';

/* How the narrative writes figures, scopes and lists (every number as the engine gave it, rounded only for display). */

export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

/** A percentage as the text shows it (one decimal), so differences agree with the figures printed. */
export function shown(value: number): number {
  return Number(value.toFixed(1));
}

/** The difference between two percentages as printed, in points (one decimal). */
export function pointsBetween(from: number, to: number): number {
  return shown(shown(to) - shown(from));
}

export function formatIndex(value: number): string {
  return String(Math.round(value));
}

export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-GB');
}

export function wavesLabel(waves: CodeName[]): string {
  if (waves.length === 0) return '';
  if (waves.length === 1) return waves[0].name;
  return `${waves[0].name} to ${waves[waves.length - 1].name}`;
}

export function scopeLabel(locations: CodeName[], waves: CodeName[]): string {
  const where = locations.length === 0 ? 'all your markets' : locations.map((l) => l.name).join(', ');
  return `${where}, ${wavesLabel(waves)}`;
}

export function indexWords(index: number): string {
  if (index >= OVER_INDEX) return 'over-indexing';
  if (index <= UNDER_INDEX) return 'under-indexing';
  return 'in line with all respondents';
}

/** Names joined for a sentence: "a, b and c". */
export function list(names: string[], joiner = 'and'): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${joiner} ${names[names.length - 1]}`;
}
