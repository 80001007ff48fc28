import { indexOf } from '../catalogue-index';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { derivedNameWord } from './derived-forms';
import { read } from './read';

const catalogue = demoPlannerCatalogue();
const index = indexOf(catalogue);

describe('derivedNameWord: another form of the first word of an answer name', () => {
  it('reads a verb as the noun of the one answer of its stem ("meditate": "Meditation")', () => {
    expect(derivedNameWord('meditate', index)).toBe('meditation');
  });

  it('leaves known words, short words and words of no answer alone', () => {
    expect(derivedNameWord('meditation', index)).toBeUndefined();
    expect(derivedNameWord('use', index)).toBeUndefined();
    expect(derivedNameWord('zzkrpq', index)).toBeUndefined();
  });

  it('makes the answer a name of the prompt, as surely as its plural', () => {
    const reading = read('how many people meditate in japan', catalogue, index);
    const names = reading.spans
      .filter((s) => s.entry.kind === 'datapoint')
      .map((s) => (s.entry.kind === 'datapoint' ? s.entry.refs.map((r) => r.datapoint.code) : []));
    expect(names).toEqual([['meditation']]);
  });
});
