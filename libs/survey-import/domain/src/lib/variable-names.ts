import type { SurveyVariable } from './survey-file.types';

/**
 * Variables by name as SPSS matches them: case-insensitively (CNTRY is cntry). A file whose
 * names differ only in case (a CSV can have both) matches the exact spelling first.
 */
export function variableFinder(variables: readonly SurveyVariable[]): (name: string) => SurveyVariable | undefined {
  const exact = new Map(variables.map((v) => [v.name, v]));
  const folded = new Map<string, SurveyVariable>();
  for (const v of variables) if (!folded.has(v.name.toLowerCase())) folded.set(v.name.toLowerCase(), v);
  return (name) => exact.get(name) ?? folded.get(name.toLowerCase());
}

/** " (did you mean x?)" for the file's closest names (edit distance at most a third of the name, at most 3), else "". */
export function didYouMean(name: string, variables: readonly { name: string }[]): string {
  const target = name.toLowerCase();
  const limit = Math.min(3, Math.max(1, Math.floor(target.length / 3)));
  const scored = variables
    .map((v) => ({ name: v.name, distance: editDistance(target, v.name.toLowerCase()) }))
    .filter((c) => c.distance <= limit)
    .sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : 1))
    .slice(0, 3);
  return scored.length === 0 ? '' : ` (did you mean ${scored.map((c) => c.name).join(', ')}?)`;
}

/** Edit distance counting a swap of two neighbours as one edit (optimal string alignment): "cntyr" is 1 from "cntry". */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
