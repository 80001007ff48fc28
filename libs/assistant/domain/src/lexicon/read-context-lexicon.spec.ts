import fs from 'node:fs';
import path from 'node:path';
import { CONTEXT_LEXICON } from './lexicon';
import { readContextLexicon } from './read-context-lexicon';
import { LexiconError } from './lexicon-checks';

const FILE = path.join(__dirname, '..', 'lib', 'planner', 'context-lexicon.json');

const DELETE = Symbol('delete');

/** The message of reading the file with one value changed at `where` (none: the whole file; `DELETE` removes the member). */
function errorOf(where: (string | number)[], value: unknown): string {
  let file: unknown = JSON.parse(fs.readFileSync(FILE, 'utf8'));
  let node = file as Record<string | number, unknown>;
  for (const key of where.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = where[where.length - 1];
  if (where.length === 0) file = value;
  else if (value === DELETE) delete node[last];
  else node[last] = value;
  try {
    readContextLexicon(file);
  } catch (error) {
    expect(error).toBeInstanceOf(LexiconError);
    return (error as Error).message;
  }
  throw new Error('the malformed file was read without an error');
}

describe('the context lexicon file', () => {
  it('is read and checked at start, as the other lexicon files', () => {
    expect(CONTEXT_LEXICON.ages.decades['twenties']).toBe(20);
    expect(CONTEXT_LEXICON.docked.ordinals['second']).toBe(1);
    expect(CONTEXT_LEXICON.metrics.length).toBeGreaterThan(0);
    expect(readContextLexicon(JSON.parse(fs.readFileSync(FILE, 'utf8')))).toEqual(CONTEXT_LEXICON);
  });
});

describe('readContextLexicon rejects a malformed file, naming the file and the key', () => {
  it('not an object at all', () => {
    expect(errorOf([], [])).toBe('lexicon context-lexicon.json: expected an object, found a list');
  });

  it('a number where a word belongs, and words where a number belongs', () => {
    expect(errorOf(['askStarts', 0], 7)).toBe('lexicon context-lexicon.json.askStarts[0]: expected a string, found 7');
    expect(errorOf(['ages', 'decades', 'twenties'], '20')).toBe('lexicon context-lexicon.json.ages.decades.twenties: expected a number, found "20"');
  });

  it('a member the planner reads left out; a misspelt member of a metric', () => {
    expect(errorOf(['followUpPeriod', 'closers'], DELETE)).toBe('lexicon context-lexicon.json.followUpPeriod: missing member "closers"');
    expect(errorOf(['usageVerbs'], DELETE)).toBe('lexicon context-lexicon.json: missing member "usageVerbs"');
    expect(errorOf(['metrics', 0, 'whatfor'], 'prices')).toBe('lexicon context-lexicon.json.metrics[0]: unknown member "whatfor"');
  });

  it('an empty word, a list where a table belongs, a phrase table that is not lists of words', () => {
    expect(errorOf(['remove', 'verbs', 0], '  ')).toBe('lexicon context-lexicon.json.remove.verbs[0]: expected words, found an empty string');
    expect(errorOf(['money', 'currencies'], ['$'])).toBe('lexicon context-lexicon.json.money.currencies: expected an object, found a list');
    expect(errorOf(['askedInEnglish', 'phrases', 'de', 0], 'welcher anteil')).toBe(
      'lexicon context-lexicon.json.askedInEnglish.phrases.de[0]: expected a list, found "welcher anteil"',
    );
  });

  it('a member not declared yet is read as plain word data, and checked as such', () => {
    const file = JSON.parse(fs.readFileSync(FILE, 'utf8')) as Record<string, unknown>;
    expect(readContextLexicon({ ...file, newWords: ['per head', 'per capita'] })).toMatchObject({ newWords: ['per head', 'per capita'] });
    expect(errorOf(['newWords'], ['per head', null])).toBe(
      'lexicon context-lexicon.json.newWords[1]: expected words, a number, a list or an object, found null',
    );
    expect(errorOf(['replace', 'newList'], [''])).toBe('lexicon context-lexicon.json.replace.newList[0]: expected words, found an empty string');
  });
});
