/** How a variable's values are measured (SPSS's measurement level; unknown for CSV). */
export type MeasurementLevel = 'nominal' | 'ordinal' | 'scale' | 'unknown';

/** A value as read from a file: a number, a string (right-trimmed), or null (system-missing / empty cell). */
export type SurveyValue = number | string | null;

/** User-missing values of a variable: discrete values and/or one closed range (numeric only). */
export interface MissingValues {
  values: (number | string)[];
  range: { low: number; high: number } | null;
}

export interface ValueLabel {
  value: number | string;
  label: string;
}

export interface SurveyVariable {
  /** Position in a row's value array. */
  index: number;
  name: string;
  /** Variable label ('' when none). */
  label: string;
  type: 'numeric' | 'string';
  /** Bytes for strings, 0 for numbers. */
  width: number;
  measure: MeasurementLevel;
  valueLabels: ValueLabel[];
  missing: MissingValues;
}

/** A multiple-response set stored in the file (SPSS MRSETS). */
export interface MultipleResponseSet {
  name: string;
  label: string;
  kind: 'dichotomy' | 'category';
  /** Dichotomy sets: the value that means "selected". */
  countedValue: number | string | null;
  variables: string[];
}

export interface SurveyFileMetadata {
  format: 'sav' | 'csv';
  /** Text encoding of the file's strings (e.g. UTF-8, windows-1252). */
  encoding: string;
  /** Variable the file declares as its weight (SPSS WEIGHT BY), if any. */
  weightVariable: string | null;
  /** Case count the file header announces, when it does (-1 in a .sav header means unknown). */
  declaredRows: number | null;
  variables: SurveyVariable[];
  multipleResponseSets: MultipleResponseSet[];
}

/** One respondent row: values by variable index, with its 1-based row number in the file. */
export interface SurveyRow {
  rowNumber: number;
  values: SurveyValue[];
}

/** What both readers produce: the metadata up front, then the rows, streamed once. */
export interface SurveyFile {
  metadata: SurveyFileMetadata;
  rows(): AsyncIterable<SurveyRow>;
}

/** Whether a value is user-missing for its variable (system-missing and empty values are null already). */
export function isUserMissing(variable: Pick<SurveyVariable, 'missing'>, value: SurveyValue): boolean {
  if (value === null) return false;
  const { values, range } = variable.missing;
  if (values.length > 0 && values.includes(value)) return true;
  return range !== null && typeof value === 'number' && value >= range.low && value <= range.high;
}

/** Canonical text form of a value, used to match file values with mapping values (1, 1.0 and "1" agree). */
export function valueKey(value: number | string): string {
  if (typeof value === 'number') return String(value);
  const trimmed = value.trim();
  return NUMERIC.test(trimmed) ? String(Number(trimmed)) : trimmed;
}

const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
