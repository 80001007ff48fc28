import { stringify } from 'csv-stringify/sync';

/** A CSV field: text (a label, a code), a number, a yes/no, or nothing. */
export type CsvField = string | number | boolean | null | undefined;

/**
 * First characters that make a spreadsheet read a field as a formula (OWASP, "CSV Injection"):
 * a label such as `=HYPERLINK(...)` or `@SUM(...)` would run when the file is opened.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text field made inert for spreadsheets: one that starts like a formula gets a leading
 * apostrophe (OWASP's advice), which spreadsheets show as text. Numbers are never passed here, so
 * a negative number stays a number.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * CSV text as spreadsheets and CSV readers expect it (RFC 4180): comma-separated, CRLF line ends,
 * fields quoted by csv-stringify whenever they hold a comma, quote, CR or LF, a UTF-8 byte-order
 * mark first so that spreadsheets read non-ASCII labels as UTF-8. Text fields are neutralised
 * (`neutraliseFormula`); numbers are written in full precision (JavaScript's shortest round-trip
 * form); booleans as `true`/`false`; null and undefined as empty fields.
 */
export function toCsv(records: readonly (readonly CsvField[])[]): string {
  return stringify(
    records.map((record) => record.map((field) => (typeof field === 'string' ? neutraliseFormula(field) : field))),
    {
      bom: true,
      record_delimiter: 'windows',
      // csv-stringify quotes a field holding the record delimiter (CRLF) or LF, but not a lone CR,
      // which many readers take for a line end.
      quoted_match: /\r/,
      cast: { boolean: (value) => (value ? 'true' : 'false'), number: (value) => String(value) },
    },
  );
}
