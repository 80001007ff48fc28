import { AnalysisPlan } from '../assistant.types';
import { EVERYONE } from './constants';
import { removedFilter } from './follow-up-remove';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';

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
    expect(removedFilter('ok, back to everyone', previous)?.everyone).toBe(true);
    expect(removedFilter('ok, zurück zu allen', previous)?.everyone).toBe(true);
  });
  it('removes nothing without an earlier answer, or an audience already everyone', () => {
    expect(removedFilter('Drop the market filter', null)).toBeNull();
    expect(removedFilter('For everyone?', { ...previous, audiences: [EVERYONE] })).toBeNull();
    expect(removedFilter('What about Gen Z instead?', previous)).toBeNull();
    expect(removedFilter('and compared to everyone else?', previous)).toBeNull();
  });
});

describe('removedFilter, one named side of the previous answer', () => {
  const demo = demoPlannerCatalogue();
  const markets = {
    ...previous,
    kind: 'comparison',
    locations: [
      { code: 'gb', name: 'United Kingdom' },
      { code: 'de', name: 'Germany' },
      { code: 'fr', name: 'France' },
    ],
  } as unknown as AnalysisPlan;
  const genZ = { id: 'z', name: 'Gen Z', description: '', expression: { question: 'age_group', datapoints: ['16_24'] }, origin: 'curated' };
  const genX = { id: 'x', name: 'Gen X', description: '', expression: { question: 'age_group', datapoints: ['45_54'] }, origin: 'curated' };
  const sides = { ...previous, kind: 'comparison', audiences: [genZ, genX] } as unknown as AnalysisPlan;
  it('keeps the other sides, in their order', () => {
    expect(removedFilter('drop the UK', markets, demo)?.prompt).toBe('What about Germany and France?');
    expect(removedFilter('ohne Deutschland', markets, demo)?.prompt).toBe('What about United Kingdom and France?');
    expect(removedFilter('leave out Gen X', sides, demo)).toEqual({ prompt: 'What about Gen Z?', everyone: false });
  });
  it('adds what follows the removal', () => {
    expect(removedFilter('drop Germany and add Spain', markets, demo)?.prompt).toBe('What about United Kingdom and France and spain?');
    expect(removedFilter('remove Gen X, include millennials', sides, demo)?.prompt).toBe('What about Gen Z and millennials?');
  });
  it('the last market removed is every market; the last audience, everyone', () => {
    expect(removedFilter('drop Spain', previous, demo)?.prompt).toBe('What about all markets?');
    expect(removedFilter('without women', previous, demo)?.everyone).toBe(true);
  });
  it('removes nothing when a name is not a side of the previous answer', () => {
    expect(removedFilter('drop Japan', markets, demo)).toBeNull();
    expect(removedFilter('without kids', sides, demo)).toBeNull();
  });
});
