import fs from 'node:fs';
import path from 'node:path';
import { evalCatalogue } from './eval-catalogue';
import { formatLanguageReach, languageReach, TABLED_LANGUAGES } from './language-coverage';

/**
 * The reach of each European language's phrase table (language-coverage.ts) may not fall under
 * language-coverage-floors.json: a table that loses phrases loses prompts no evaluation file
 * happens to use.
 */
const floors = JSON.parse(fs.readFileSync(path.join(__dirname, 'language-coverage-floors.json'), 'utf8')) as Record<
  string,
  { lexicon: number; catalogue: number }
>;
const rows = languageReach(evalCatalogue('demo'));

describe('the reach of the phrase tables', () => {
  it('prints it per language', () => {
    console.log(formatLanguageReach(rows));
  });

  it('counts only English content words, and every language has a floor', () => {
    expect(rows.map((r) => r.language)).toEqual([...TABLED_LANGUAGES]);
    for (const r of rows) {
      expect(r.lexicon.total).toBeGreaterThan(500);
      expect(r.catalogue.total).toBeGreaterThan(100);
      expect(floors[r.language]).toBeDefined();
    }
  });

  it.each(TABLED_LANGUAGES.map((l) => [l]))('%s stays at or above its floor', (language) => {
    const row = rows.find((r) => r.language === language)!;
    expect(row.lexicon.reached).toBeGreaterThanOrEqual(floors[language].lexicon);
    expect(row.catalogue.reached).toBeGreaterThanOrEqual(floors[language].catalogue);
  });
});
