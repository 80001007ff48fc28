import { parse } from 'csv-parse/sync';

/** A printed figure: its value and half a unit of its last printed digit (the precision to compare at). */
export interface PrintedNumber {
  value: number;
  tolerance: number;
}

/** One CROSSTABS table of PSPP's CSV output (values shown as codes: SET TNUMBERS=VALUES). */
export interface PsppCrosstab {
  /** The SPLIT FILE value the table belongs to, null when not split. */
  split: string | null;
  rowVariable: string;
  columnVariable: string;
  /** Column values in print order (the Total column excluded). */
  columns: string[];
  /** Row value ('Total' for the totals) -> statistic ('Count', 'Row %', 'Column %') -> figures per column, then the row total. */
  rows: Map<string, Map<string, PrintedNumber[]>>;
}

/** One FREQUENCIES table: value -> weighted frequency, percent of all and valid percent (valid values); missing values' frequencies. */
export interface PsppFrequencies {
  split: string | null;
  variable: string;
  frequencies: Map<string, PrintedNumber>;
  percent: Map<string, PrintedNumber>;
  validPercent: Map<string, PrintedNumber>;
  /** Missing values ('.' for system-missing) -> weighted frequency. */
  missing: Map<string, PrintedNumber>;
}

export function printedNumber(text: string): PrintedNumber {
  const t = text.trim().replace(/%$/, '');
  const value = Number(t);
  if (t === '' || Number.isNaN(value)) throw new Error(`not a printed number: ${JSON.stringify(text)}`);
  const dot = t.indexOf('.');
  const decimals = dot < 0 ? 0 : t.length - dot - 1;
  return { value, tolerance: 0.5 * 10 ** -decimals };
}

/** Reads the CROSSTABS and FREQUENCIES tables of a PSPP CSV output file (pspp -O format=csv). */
export function readPsppTables(csv: string): { crosstabs: PsppCrosstab[]; frequencies: PsppFrequencies[] } {
  const records: string[][] = parse(csv, { relax_column_count: true, skip_empty_lines: false });
  const crosstabs: PsppCrosstab[] = [];
  const frequencies: PsppFrequencies[] = [];
  let split: string | null = null;
  let i = 0;
  const block = (): string[][] => {
    const out: string[][] = [];
    while (i < records.length && !(records[i].length === 1 && records[i][0] === '')) out.push(records[i++]);
    return out;
  };
  while (i < records.length) {
    const first = records[i];
    if (first.length === 1 && first[0].startsWith('Table: ')) {
      const title = first[0].slice('Table: '.length);
      i++;
      const body = block();
      if (title === 'Split Values') {
        // One row per SPLIT FILE variable: their values joined by '|'.
        split = body
          .slice(1)
          .map((r) => r[1])
          .join('|');
      } else if (title.includes(' × ')) {
        const [rowVariable, columnVariable] = title.split(' × ');
        const columns = body[1].slice(3, body[1].length - 1);
        const rows = new Map<string, Map<string, PrintedNumber[]>>();
        let current = '';
        for (const record of body.slice(2)) {
          if (record[0] === 'Total') current = 'Total';
          else if (record[1] !== '') current = record[1];
          const stats = rows.get(current) ?? new Map<string, PrintedNumber[]>();
          stats.set(record[2], record.slice(3).map(printedNumber));
          rows.set(current, stats);
        }
        crosstabs.push({ split, rowVariable, columnVariable, columns, rows });
      } else if (body[0]?.[2] === 'Frequency') {
        const table: PsppFrequencies = { split, variable: title, frequencies: new Map(), percent: new Map(), validPercent: new Map(), missing: new Map() };
        let section = '';
        for (const record of body.slice(1)) {
          if (record[0] !== '') section = record[0];
          if (record[1] === '') continue;
          if (section === 'Valid') {
            table.frequencies.set(record[1], printedNumber(record[2]));
            table.percent.set(record[1], printedNumber(record[3]));
            table.validPercent.set(record[1], printedNumber(record[4]));
          } else if (section === 'Missing') {
            table.missing.set(record[1], printedNumber(record[2]));
          }
        }
        frequencies.push(table);
      }
    } else {
      i++;
    }
  }
  return { crosstabs, frequencies };
}
