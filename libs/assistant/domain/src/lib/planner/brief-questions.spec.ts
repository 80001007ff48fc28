import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { focusBrief } from './brief';
import { isSecondaryAsk, withoutOrdinal } from './brief-questions';

const demo = demoPlannerCatalogue();

describe('isSecondaryAsk', () => {
  it('reads a question marked as the lesser one', () => {
    expect(isSecondaryAsk('Second, less urgent, how often do they drink alcohol?')).toBe(true);
    expect(isSecondaryAsk('Also, if you can, which brands do they buy?')).toBe(true);
    expect(isSecondaryAsk('What share of Gen X drink wine?')).toBe(false);
  });
});

describe('withoutOrdinal', () => {
  it('drops the ordinal that numbers a question', () => {
    expect(withoutOrdinal('First, what share drink wine?')).toBe('What share drink wine?');
    expect(withoutOrdinal('Firstly: which platforms?')).toBe('Which platforms?');
    expect(withoutOrdinal('Which platforms first?')).toBe('Which platforms first?');
  });
});

describe('focusBrief with two questions', () => {
  it('plans the main question and notes the lesser one', () => {
    const focus = focusBrief(
      'Two questions for Thursday. First, what share of Gen X in Spain drink wine? Second, less urgent, how often do they drink alcohol?',
      demo,
    );
    expect(focus?.ask).toBe('What share of Gen X in Spain drink wine?');
    expect(focus?.others).toEqual(['Second, less urgent, how often do they drink alcohol?']);
  });
  it('still reads a question in two unmarked parts whole', () => {
    expect(focusBrief('We sell research tools to shoppers in France. How do the French research products? Give me the top three.', demo)).toBeNull();
  });
});
