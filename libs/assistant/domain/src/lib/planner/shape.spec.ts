import { AnalysisPlan } from '../assistant.types';
import { RuleBasedPlanner } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';

/*
 * `asksChangeOverTime` (shape.ts): the words that make an answer a trend, in a first turn and in a
 * follow-up alike.
 */
const catalogue = demoPlannerCatalogue();
const planner = new RuleBasedPlanner();
const plan = (prompt: string, previous: AnalysisPlan | null = null) => {
  const out = planner.plan({ prompt, catalogue, previous, docked: [] });
  if (out.outcome !== 'answer') throw new Error(out.message);
  return out.plan;
};
const codes = (p: AnalysisPlan) => p.waves.map((w) => w.code);

describe('asksChangeOverTime', () => {
  it('reads a period with both ends named as a trend', () => {
    const p = plan('Meditation in the US from summer 2025 to now');
    expect([p.kind, codes(p)]).toEqual(['trend', ['q3_2025', 'q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']]);
    expect(plan('Netflix in Spain between Q2 2025 and Q2 2026').kind).toBe('trend');
    const seasons = plan('Spring 2025 to spring 2026: meditation in Germany');
    expect([seasons.kind, codes(seasons)]).toEqual(['trend', ['q2_2025', 'q3_2025', 'q4_2025', 'q1_2026', 'q2_2026']]);
  });

  it('reads no period in "bought from Temu ... relative to all": an index over the default period stays an index', () => {
    const p = plan('Is having bought from Temu in the last 12 months over- or under-represented among women in France, relative to all French adults?');
    expect(p.kind).toBe('indexing');
  });

  it('reads years or halves set against each other, and a cadence word, as a trend', () => {
    expect(plan('Amazon shoppers in Germany, 2025 vs 2026').kind).toBe('trend');
    expect(plan('Show me ChatGPT use in Germany wave on wave').kind).toBe('trend');
  });

  it('keeps a share over a period of the default length a share', () => {
    expect(plan('What share of Brits used Netflix in the last 12 months?').kind).toBe('share');
  });

  it('reads a follow-up that moves the period to a range since a point as a trend', () => {
    const first = plan('What share of Brazilians use Threads?');
    const p = plan('and since last year?', first);
    expect([p.kind, codes(p)]).toEqual(['trend', ['q3_2025', 'q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']]);
  });
});
