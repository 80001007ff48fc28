import { fileNameOf } from './file-name';

describe('fileNameOf', () => {
  it('keeps letters, digits, dots, dashes and underscores, drops accents, and joins the rest with dashes', () => {
    expect(fileNameOf('Gen Z by platform', 'csv', 'x')).toBe('Gen-Z-by-platform.csv');
    expect(fileNameOf('Été: "Q3" / 2026', 'xlsx', 'x')).toBe('Ete-Q3-2026.xlsx');
    expect(fileNameOf('../../etc/passwd', 'csv', 'x')).toBe('etc-passwd.csv');
  });

  it('falls back when nothing is left, and stays short', () => {
    expect(fileNameOf('中文', 'csv', 'crosstab')).toBe('crosstab.csv');
    expect(fileNameOf('a'.repeat(300), 'csv', 'x')).toBe(`${'a'.repeat(100)}.csv`);
  });
});
