import { AnalysisPlan } from '../assistant.types';
import { EVERYONE } from './constants';
import { removedFilter } from './follow-up-remove';

const women = { id: 'w', name: 'Women', description: '', expression: {}, origin: 'curated' };
const previous = { kind: 'share', audiences: [women], locations: [{ code: 'es', name: 'Spain' }] } as unknown as AnalysisPlan;

describe('removedFilter', () => {
  it('reads a market filter dropped as every market', () => {
    expect(removedFilter('Drop the market filter', previous)).toEqual({ prompt: 'What about all markets?', everyone: false });
    expect(removedFilter('remove the country split please', previous)?.prompt).toBe('What about all markets?');
  });
  it('reads an audience dropped as all respondents', () => {
    expect(removedFilter('For everyone, not just high earners', previous)?.everyone).toBe(true);
    expect(removedFilter('clear the audience filter', previous)?.everyone).toBe(true);
    expect(removedFilter('Among all respondents?', previous)?.everyone).toBe(true);
    expect(removedFilter('What about everyone?', previous)?.everyone).toBe(true);
  });
  it('removes nothing without an earlier answer, or an audience already everyone', () => {
    expect(removedFilter('Drop the market filter', null)).toBeNull();
    expect(removedFilter('For everyone?', { ...previous, audiences: [EVERYONE] })).toBeNull();
    expect(removedFilter('What about Gen Z instead?', previous)).toBeNull();
    expect(removedFilter('and compared to everyone else?', previous)).toBeNull();
  });
});
