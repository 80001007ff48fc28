import { AnalysisPlan } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';

const catalogue = demoPlannerCatalogue();

function plan(prompt: string, previous?: AnalysisPlan): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue, previous });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome} ${out.message}`);
  return out.plan;
}

describe('a follow-up asking for the people who do undoes the negation of the previous subject', () => {
  const first = plan("What share of Germans don't use TikTok?");

  it.each(['and who does?', 'and those who do?', 'what about users?', 'what about the ones who do?'])('"%s": the users, the rest kept', (prompt) => {
    const next = plan(prompt, first);
    expect(first.topic?.negate).toBe(true);
    expect(next.topic?.negate).toBeFalsy();
    expect(next.topic?.datapoints.map((d) => d.name)).toEqual(['TikTok']);
    expect(next.locations.map((l) => l.code)).toEqual(['de']);
    expect(next.kind).toBe(first.kind);
  });

  it('a follow-up that negates itself, or changes only the market, keeps the negation', () => {
    expect(plan("and who doesn't?", first).topic?.negate).toBe(true);
    expect(plan('and in France?', first).topic?.negate).toBe(true);
  });

  it('people named by an audience are not "the people who do": "and Gen Z users?" keeps it', () => {
    expect(plan('and Gen Z users?', first).topic?.negate).toBe(true);
  });

  it('a subject that was not negated is left as it was', () => {
    const users = plan('What share of Germans use TikTok?');
    expect(plan('and those who do?', users).topic?.negate).toBeFalsy();
  });
});
