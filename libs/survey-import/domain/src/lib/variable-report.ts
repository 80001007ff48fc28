import { valueKey, type SurveyFileMetadata, type SurveyValue, type SurveyVariable } from './survey-file.types';
import { labelOf } from './mapping-labels';

/** What the mapping made of a variable of the file. */
export type VariableUse = 'question' | 'respondent-id' | 'weight' | 'wave' | 'location' | 'ignored' | 'unmapped';

/** A value of a variable and the number of rows holding it. */
export interface CountedValue {
  value: number | string;
  label?: string;
  count: number;
}

/**
 * One variable of the file in the validation report: what it became, and, row by row, what of it
 * was kept and what was left out and why.
 */
export interface VariableReport {
  variable: string;
  label: string;
  use: VariableUse;
  /** The question's code, for a variable that answers one. */
  question?: string;
  /** Rows holding a value (not system-missing or empty). */
  withValue: number;
  /** Rows whose value became an answer of the question. */
  answered: number;
  /** Rows holding a value that means "not selected" (0 of a yes/no set): asked, no answer kept. */
  notSelected: number;
  /** Rows system-missing or empty: no answer, and for a question, not asked (unless another variable of it was). */
  systemMissing: number;
  /** Rows holding a value declared missing (by the file or the mapping): no answer, though asked. */
  missingRows: number;
  /** Those values, most frequent first (at most 20). */
  missing: CountedValue[];
  /** Rows holding a value the mapping has no datapoint, scale point or band for: left out. */
  leftOutRows: number;
  /** Those values, most frequent first (at most 20). */
  leftOut: CountedValue[];
}

/** Values listed per variable and kind (the most frequent; the counts above cover them all). */
const MAX_VALUES = 20;

/** Counts, per variable, what a pass over the rows kept and left out. */
export class VariableTally {
  private readonly reports: VariableReport[];
  private readonly missing: Map<string, CountedValue>[];
  private readonly leftOut: Map<string, CountedValue>[];

  constructor(metadata: SurveyFileMetadata, uses: ReadonlyMap<string, { use: VariableUse; question?: string }>) {
    this.reports = metadata.variables.map((v) => {
      const use = uses.get(v.name) ?? { use: 'unmapped' as const };
      return {
        variable: v.name,
        label: v.label,
        use: use.use,
        ...(use.question !== undefined ? { question: use.question } : {}),
        withValue: 0,
        answered: 0,
        notSelected: 0,
        systemMissing: 0,
        missingRows: 0,
        missing: [],
        leftOutRows: 0,
        leftOut: [],
      };
    });
    this.missing = metadata.variables.map(() => new Map());
    this.leftOut = metadata.variables.map(() => new Map());
  }

  /** Every value of a row: system-missing or not. */
  row(values: readonly SurveyValue[]): void {
    for (let i = 0; i < values.length; i++) {
      if (values[i] === null) this.reports[i].systemMissing++;
      else this.reports[i].withValue++;
    }
  }

  /** What a question's variable gave: an answer, "not selected", a missing value, or a value left out. */
  outcome(variable: SurveyVariable, kind: 'answered' | 'not-selected' | 'missing' | 'left-out', value: SurveyValue): void {
    const report = this.reports[variable.index];
    if (kind === 'answered') report.answered++;
    else if (kind === 'not-selected') report.notSelected++;
    else if (value !== null && kind === 'missing') {
      report.missingRows++;
      count(this.missing[variable.index], value);
    } else if (value !== null) {
      report.leftOutRows++;
      count(this.leftOut[variable.index], value);
    }
  }

  report(metadata: SurveyFileMetadata): VariableReport[] {
    return this.reports.map((r, i) => ({
      ...r,
      missing: listed(this.missing[i], metadata.variables[i]),
      leftOut: listed(this.leftOut[i], metadata.variables[i]),
    }));
  }
}

function count(map: Map<string, CountedValue>, value: number | string): void {
  const key = valueKey(value);
  const entry = map.get(key);
  if (entry) entry.count++;
  else map.set(key, { value, count: 1 });
}

function listed(map: Map<string, CountedValue>, variable: SurveyVariable): CountedValue[] {
  return [...map.values()]
    .sort((a, b) => b.count - a.count || (valueKey(a.value) < valueKey(b.value) ? -1 : 1))
    .slice(0, MAX_VALUES)
    .map((c) => {
      const label = labelOf(variable, c.value);
      return label === undefined ? c : { ...c, label };
    });
}

/** One line per variable, for a terminal: what it became and what of it was left out, with counts. */
export function formatVariableReport(variables: readonly VariableReport[]): string[] {
  const width = Math.min(16, Math.max(...variables.map((v) => v.variable.length), 4));
  const values = (list: CountedValue[]): string => list.map((c) => `${JSON.stringify(c.value)}${c.label ? ` "${c.label}"` : ''}: ${c.count}`).join(', ');
  return variables.map((v) => {
    const name = v.variable.padEnd(width);
    const head: Record<VariableUse, string> = {
      question: `-> ${v.question}`,
      'respondent-id': 'respondent id',
      weight: 'weight',
      wave: 'wave',
      location: 'location',
      ignored: 'ignored (listed under "ignore")',
      unmapped: 'NOT MAPPED (neither a question nor under "ignore")',
    };
    const parts = [`${v.withValue} with a value`];
    if (v.use === 'question') {
      parts.splice(0, 1, `${v.answered} answered`);
      if (v.notSelected > 0) parts.push(`${v.notSelected} not selected`);
      if (v.missingRows > 0) parts.push(`${v.missingRows} declared missing: no answer, asked (${values(v.missing)})`);
      if (v.leftOutRows > 0) parts.push(`${v.leftOutRows} LEFT OUT: no datapoint for the value (${values(v.leftOut)})`);
    }
    if (v.systemMissing > 0) parts.push(`${v.systemMissing} system-missing${v.use === 'question' ? ' (not asked)' : ''}`);
    return `${name} ${head[v.use]}: ${parts.join('; ')}`;
  });
}
