import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { focusBrief } from './brief';
import { coordinatedQuestions, isRhetorical, isSecondaryAsk, withoutOrdinal, withoutTag } from './brief-questions';

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

describe('a brief of several questions', () => {
  const demoCatalogue = demoPlannerCatalogue();
  it('plans the first of two questions that each name their topic, and notes the other', () => {
    const focus = focusBrief(
      'Two things for the deck. What share of Gen Z in the UK use Snapchat? And which streaming services do Millennials in the UK use most?',
      demoCatalogue,
    );
    expect(focus?.ask).toBe('What share of Gen Z in the UK use Snapchat?');
    expect(focus?.others).toEqual(['And which streaming services do Millennials in the UK use most?']);
  });
  it('plans the question marked as the main one', () => {
    expect(
      focusBrief('How often do Brits listen to the radio? And, more importantly, what share of people in the UK listen to podcasts daily?', demoCatalogue)?.ask,
    ).toMatch(/what share of people in the UK listen to podcasts daily\?$/);
  });
  it('splits two questions joined in one sentence of a brief', () => {
    expect(coordinatedQuestions('Which brands are Gen Z most aware of, and how many of them have bought Nike?')).toEqual([
      'Which brands are Gen Z most aware of?',
      'How many of them have bought Nike?',
    ]);
  });
  it('reads a question in parts whole: a command refines the question before it', () => {
    expect(focusBrief('How do French shoppers research products? Give me the leading three sources', demoCatalogue)).toBeNull();
  });
});

describe('questions that ask nothing of the data', () => {
  const demoCatalogue = demoPlannerCatalogue();
  it('reads a tag question after a statement as the statement', () => {
    expect(withoutTag('Our client wants to move budget from TV to streaming, does that make sense?')).toBe(
      'Our client wants to move budget from TV to streaming.',
    );
  });
  it('reads a rhetorical question as background, not the brief question', () => {
    expect(isRhetorical('Why does this matter?', demoCatalogue)).toBe(true);
    expect(isRhetorical('Why do Gen Z use TikTok?', demoCatalogue)).toBe(false);
    expect(
      focusBrief('What share of Gen Z in Spain use TikTok? Why does this matter? Because the client is deciding on its 2027 budget.', demoCatalogue)?.ask,
    ).toBe('What share of Gen Z in Spain use TikTok?');
  });
});

describe('a follow-on question that names nothing', () => {
  it('plans the question it follows on from and notes it', () => {
    const focus = focusBrief('What share of Gen Z in the UK use BeReal? Is it still growing? The client thinks Snapchat is better.', demoPlannerCatalogue());
    expect(focus?.ask).toBe('What share of Gen Z in the UK use BeReal?');
    expect(focus?.others).toEqual(['Is it still growing?']);
  });
});
