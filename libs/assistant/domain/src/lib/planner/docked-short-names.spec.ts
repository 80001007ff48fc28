import { PlanAudience } from '../assistant.types';
import { byShortName } from './docked-short-names';

const audience = (name: string): PlanAudience => ({ id: name, name, description: '', expression: {}, origin: 'docked' });
const docked = [audience('Parents'), audience('Non-parents under 35')];

describe('byShortName: a docked audience named by the plural head its name opens with', () => {
  it('writes "the non-parents" as the docked "Non-parents under 35"', () => {
    expect(byShortName('Uber Eats usage in the US for the non-parents', docked)).toBe('Uber Eats usage in the US for the Non-parents under 35');
    expect(byShortName('and those non parents?', docked)).toBe('and those Non-parents under 35?');
  });
  it('leaves the full name, a head without a pointing word and a head two docked names share alone', () => {
    expect(byShortName('for the Non-parents under 35', docked)).toBe('for the Non-parents under 35');
    expect(byShortName('share of non-parents in the US', docked)).toBe('share of non-parents in the US');
    expect(byShortName('for the women', [audience('Women 25-34'), audience('Women 35-44')])).toBe('for the women');
  });
  it('never reads a head that is not plural ("the daily" of "Daily TikTok users")', () => {
    expect(byShortName('what do the daily ones use?', [audience('Daily TikTok users')])).toBe('what do the daily ones use?');
  });
});
