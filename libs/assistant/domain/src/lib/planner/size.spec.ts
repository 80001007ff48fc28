import { RuleBasedPlanner } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { asksForSize, sizeCuePositions } from './size';

const catalogue = demoPlannerCatalogue();
const plan = (prompt: string, previous: string | null = null) => {
  const planner = new RuleBasedPlanner();
  const first = previous === null ? null : planner.plan({ prompt: previous, catalogue, previous: null, docked: [] });
  const out = planner.plan({ prompt, catalogue, previous: first?.outcome === 'answer' ? first.plan : null, docked: [] });
  return out.outcome === 'answer'
    ? { topic: `${out.plan.topic?.question}/${out.plan.topic?.datapoints.map((d) => d.code).join(',')}`, count: out.plan.count }
    : out.outcome;
};

describe('size: the phrases of cues.json `size` ask for a number of people', () => {
  it('reads a weighted count, a universe or population size, numbers in absolute or raw terms', () => {
    for (const text of [
      'weighted count of brazilians who use ifood',
      'universe size for dog owners',
      'the population size of millennials who rent',
      'in numbers please',
      'in raw numbers',
    ])
      expect(asksForSize(text.split(' '))).toBe(true);
    expect(asksForSize('what share of brits use pinterest'.split(' '))).toBe(false);
  });

  it('marks the words of a size phrase, so "universe size" is never the household size question', () => {
    expect(sizeCuePositions('universe size for dog owners'.split(' '))).toEqual([0, 1]);
    expect(plan('Universe size for dog owners in the US')).toEqual({ topic: 'pets_owned/dog', count: true });
  });

  it('turns a share into a headcount in a follow-up ("in numbers please")', () => {
    expect(plan('in numbers please', 'What share of Brits use Pinterest?')).toEqual({ topic: 'social_platform_usage/pinterest', count: true });
  });
});
