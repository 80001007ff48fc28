/**
 * What the checks found. Errors stop the import before anything is written; warnings are listed
 * and the import goes on.
 */
export type IssueSeverity = 'error' | 'warning';

export type IssueCode =
  /** The mapping does not fit its schema or the file (unknown variable, duplicate code, ...). */
  | 'mapping-invalid'
  | 'duplicate-id'
  | 'missing-id'
  | 'missing-weight'
  | 'non-positive-weight'
  | 'unknown-wave'
  | 'unknown-location'
  /** A value the mapping gives no datapoint, band or scale point: that answer is left out. */
  | 'value-without-label'
  /** A mapped variable nobody answered. */
  | 'empty-variable'
  /** A variable of the file neither mapped nor listed under `ignore`. */
  | 'unmapped-variable'
  | 'no-respondents';

export interface ImportIssue {
  severity: IssueSeverity;
  code: IssueCode;
  /** The variable concerned (null for the mapping as a whole). */
  variable: string | null;
  message: string;
  /** Rows affected (0 for issues about the mapping or a whole variable). */
  count: number;
  /** The first rows affected (1-based row numbers of the file, header not counted), at most `maxListedRows`. */
  rows: number[];
  /** A few of the offending values, when values are the point (unknown codes, unlabelled values, duplicate ids). */
  values?: (number | string)[];
}

const MAX_LISTED_VALUES = 10;

/** Groups problems by (code, variable) and keeps the first rows and values of each. */
export class IssueCollector {
  private readonly byKey = new Map<string, ImportIssue>();

  constructor(private readonly maxListedRows = 10) {}

  add(severity: IssueSeverity, code: IssueCode, variable: string | null, message: string, row?: number, value?: number | string): void {
    const key = `${code}\u0000${variable ?? ''}`;
    let issue = this.byKey.get(key);
    if (!issue) {
      issue = { severity, code, variable, message, count: 0, rows: [] };
      this.byKey.set(key, issue);
    }
    if (row !== undefined) {
      issue.count++;
      if (issue.rows.length < this.maxListedRows) issue.rows.push(row);
    }
    if (value !== undefined) {
      issue.values ??= [];
      if (issue.values.length < MAX_LISTED_VALUES && !issue.values.includes(value)) issue.values.push(value);
    }
  }

  get issues(): ImportIssue[] {
    return [...this.byKey.values()];
  }

  get hasErrors(): boolean {
    return this.issues.some((i) => i.severity === 'error');
  }
}
