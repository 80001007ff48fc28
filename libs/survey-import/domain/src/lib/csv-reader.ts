import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { SurveyFile, SurveyRow, SurveyValue, SurveyVariable } from './survey-file.types';

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export interface CsvOptions {
  /** Field delimiter; default ",". */
  delimiter?: string;
}

/**
 * Opens a CSV export (UTF-8, a header row of variable names) from a byte stream. A CSV carries
 * no labels, so its variables have none: the mapping supplies datapoints (a draft made from the
 * .sav does). Cells that read as numbers become numbers, empty or blank cells become null (that is
 * how PSPP and SPSS export system-missing values), anything else stays a string.
 */
export async function readCsv(source: AsyncIterable<Uint8Array>, options: CsvOptions = {}): Promise<SurveyFile> {
  const parser = Readable.from(source).pipe(parse({ bom: true, delimiter: options.delimiter ?? ',', relax_column_count: false, skip_empty_lines: true }));
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const first = await records.next();
  if (first.done) throw new Error('the CSV file is empty: a header row of variable names is expected');
  const header = first.value.map((name) => name.trim());
  const seen = new Set<string>();
  for (const [i, name] of header.entries()) {
    if (name === '') throw new Error(`the CSV header has an empty name in column ${i + 1}`);
    if (seen.has(name)) throw new Error(`the CSV header names ${name} twice`);
    seen.add(name);
  }
  const variables: SurveyVariable[] = header.map((name, index) => ({
    index,
    name,
    label: '',
    type: 'string',
    width: 0,
    measure: 'unknown',
    valueLabels: [],
    missing: { values: [], range: null },
  }));
  let consumed = false;
  return {
    metadata: { format: 'csv', encoding: 'UTF-8', weightVariable: null, declaredRows: null, variables, multipleResponseSets: [] },
    rows(): AsyncIterable<SurveyRow> {
      if (consumed) throw new Error('the rows of a CSV file can be read once');
      consumed = true;
      return {
        async *[Symbol.asyncIterator]() {
          let rowNumber = 0;
          try {
            for (;;) {
              const next = await records.next();
              if (next.done) return;
              rowNumber++;
              const cells = next.value;
              const values: SurveyValue[] = new Array(cells.length);
              for (let i = 0; i < cells.length; i++) values[i] = cellValue(cells[i]);
              yield { rowNumber, values };
            }
          } finally {
            await records.return?.();
          }
        },
      };
    },
  };
}

function cellValue(cell: string): SurveyValue {
  const trimmed = cell.trim();
  if (trimmed === '') return null;
  if (!NUMBER.test(trimmed)) return cell.replace(/\s+$/, '');
  const n = Number(trimmed);
  // "-0" (PSPP writes it for a truncated negative) is 0, as the .sav reader reads it.
  return n === 0 ? 0 : n;
}
