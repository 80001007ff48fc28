import fs from 'node:fs';
import path from 'node:path';
import { LEXICON } from './lexicon';
import { LexiconError } from './lexicon-checks';
import { LexiconFiles, readLexicon } from './read-lexicon';

const FILES: (keyof LexiconFiles)[] = [
  'languages/de.json',
  'languages/es.json',
  'languages/fr.json',
  'languages/pt.json',
  'languages/it.json',
  'languages/en.json',
  'languages/ja.json',
  'places.json',
  'audiences.json',
  'scales.json',
  'topics.json',
  'cues.json',
  'grammar.json',
  'dimensions.json',
];

/** The lexicon files as they are on disk, parsed afresh (so a test may change its copy). */
function files(): LexiconFiles {
  const out = {} as Record<keyof LexiconFiles, unknown>;
  for (const name of FILES) out[name] = JSON.parse(fs.readFileSync(path.join(__dirname, name), 'utf8'));
  return out;
}

const DELETE = Symbol('delete');

/**
 * The message of reading the lexicon with one value of one file changed: `where` is the path
 * inside the file (an index past the end of a list appends), `DELETE` removes the member.
 */
function errorOf(file: keyof LexiconFiles, where: (string | number)[], value: unknown): string {
  const f = files();
  let node = f[file] as Record<string | number, unknown>;
  for (const key of where.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = where[where.length - 1];
  if (value === DELETE) delete node[last];
  else if (where.length === 0) (f as unknown as Record<string, unknown>)[file] = value;
  else node[last] = value;
  try {
    readLexicon(f);
  } catch (error) {
    expect(error).toBeInstanceOf(LexiconError);
    return (error as Error).message;
  }
  throw new Error('the malformed lexicon was read without an error');
}

describe('the lexicon files', () => {
  it('are read at start into the tables the planner uses', () => {
    expect(LEXICON.languages.de.phrases).toContainEqual(['welcher anteil', 'what share of']);
    expect(LEXICON.places.regions['Europe'].codes).toEqual(['gb', 'de', 'fr', 'es']);
    expect(LEXICON.audiences.audiencePhrases.find((a) => a.name === 'Gen Z')?.expression).toEqual({ question: 'age_group', datapoints: ['16_24'] });
    expect(LEXICON.cues.trend).toContain('trend');
    expect(LEXICON.japanese.patterns.length).toBeGreaterThan(0);
    expect(LEXICON.dimensions.phrases.de).toContainEqual(['in welchem land', 'in which country']);
    expect(LEXICON.dimensions.months['marz']).toBe(3);
  });
});

describe('readLexicon rejects a malformed file, naming the file and the place', () => {
  it('a number where a word belongs', () => {
    expect(errorOf('places.json', ['locationAliases', 'us', 1], 42)).toBe('lexicon places.json.locationAliases.us[1]: expected a string, found 42');
  });

  it('a member left out, or one the planner does not read', () => {
    expect(errorOf('languages/fr.json', ['markers'], DELETE)).toBe('lexicon languages/fr.json: missing member "markers"');
    expect(errorOf('scales.json', ['weakSuffixWord'], [])).toBe('lexicon scales.json: unknown member "weakSuffixWord"');
  });

  it('a phrase pair that is not a pair', () => {
    expect(errorOf('languages/es.json', ['phrases', 0], ['solo una'])).toBe('lexicon languages/es.json.phrases[0]: expected a list of 2, found a list');
  });

  it('an empty word, an age band without bounds, a list where a table belongs', () => {
    expect(errorOf('cues.json', ['trend', 0], ' ')).toBe('lexicon cues.json.trend[0]: expected words, found an empty string');
    expect(errorOf('audiences.json', ['ageBands', 0], ['16_24', 16])).toBe('lexicon audiences.json.ageBands[0]: expected a list of 3, found a list');
    expect(errorOf('topics.json', ['topicSynonyms'], [])).toBe('lexicon topics.json.topicSynonyms: expected an object, found a list');
  });

  it('a month that is not a number, a language the dimension words lack', () => {
    expect(errorOf('dimensions.json', ['months', 'march'], 'three')).toBe('lexicon dimensions.json.months.march: expected a number, found "three"');
    expect(errorOf('dimensions.json', ['phrases', 'it'], DELETE)).toBe('lexicon dimensions.json.phrases: missing member "it"');
  });

  it('a Japanese pattern that is not a regular expression', () => {
    expect(errorOf('languages/ja.json', ['patterns', 0, 'pattern'], '(\\d{4}')).toMatch(
      /^lexicon languages\/ja\.json\.patterns\[0\]\.pattern: not a regular expression/,
    );
  });
});
