import { demoPlannerCatalogue } from './testing/demo-catalogue';
import { answerFollowUp, answerPlan } from './testing/plan-answer';
import { turnLanguage } from './chat-language';

const demo = demoPlannerCatalogue();

describe('turnLanguage', () => {
  it('reads a turn that leads in another language only by short shared words in the chat’s language', () => {
    expect(turnLanguage('now do it as a ranking', undefined)).toBe('pt');
    expect(turnLanguage('now do it as a ranking', 'en')).toBe('en');
  });
  it('lets a turn in another language switch the chat’s language', () => {
    expect(turnLanguage('E per reddito?', 'en')).toBe('it');
    expect(turnLanguage('und bei den Frauen in Deutschland?', 'en')).toBe('de');
    expect(turnLanguage('e os homens?', 'en')).toBe('pt');
  });
  it('records the language a turn was read in on its plan, and reads the next turn in it', () => {
    expect(answerPlan('What share of Millennials in the UK use Spotify?', demo).language).toBe('en');
    const ranked = answerFollowUp('What share of Millennials in the UK use Spotify?', 'now do it as a ranking', demo);
    expect(ranked.language).toBe('en');
    // "Now" opens the turn; it is no period, so the waves of the last answer are kept.
    expect(ranked.waves.length).toBeGreaterThan(1);
    expect(ranked.kind).toBe('ranking');
  });
});
