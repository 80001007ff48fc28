import { parse } from 'csv-parse/sync';
import { neutraliseFormula, toCsv } from './csv';

const BOM = '\uFEFF';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, so every field reads back as written', () => {
    const records = [
      ['name', 'value'],
      ['Gen Z, urban', 1.5],
      ['The "heavy" users', 2],
      ['two\nlines', 3],
      ['carriage\rreturn', 4],
      ['trailing space ', 0],
    ];
    const text = toCsv(records);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text).toContain('\r\n');
    const back = parse(text, { bom: true, cast: false }) as string[][];
    expect(back).toEqual(records.map((r) => r.map(String)));
  });

  it('writes numbers in full precision, booleans as true/false and nothing as an empty field', () => {
    const text = toCsv([[0.1 + 0.2, 1e-7, 123456789.123456, -3, true, false, null, undefined]]);
    const [fields] = parse(text, { bom: true }) as string[][];
    expect(fields.slice(0, 4).map(Number)).toEqual([0.1 + 0.2, 1e-7, 123456789.123456, -3]);
    expect(fields.slice(4)).toEqual(['true', 'false', '', '']);
  });

  it('neutralises text that a spreadsheet would run as a formula (OWASP CSV injection), and leaves numbers alone', () => {
    const labels = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1:A2)', '\tTab', '\rReturn', 'Plain', ' =spaced'];
    const [fields] = parse(toCsv([[...labels, -5]]), { bom: true }) as string[][];
    expect(fields).toEqual([`'=HYPERLINK("http://evil.example","x")`, "'+1+1", "'-2+3", "'@SUM(A1:A2)", "'\tTab", "'\rReturn", 'Plain', ' =spaced', '-5']);
  });

  it('neutraliseFormula changes only text that starts like a formula', () => {
    expect(neutraliseFormula('=1')).toBe("'=1");
    expect(neutraliseFormula('a=1')).toBe('a=1');
    expect(neutraliseFormula('')).toBe('');
  });
});
