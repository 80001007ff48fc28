import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { planPrompt } from '../planner';
import { fullNameAsked, partialNames } from './partial-names';

const demo = demoPlannerCatalogue();

describe('partialNames', () => {
  it('reads the distinctive word of a longer answer name as that answer', () => {
    expect(partialNames('how high is the customers satisfaction with the telekom in deutschland', demo)).toEqual(['Deutsche Telekom']);
    expect(partialNames('Docomo users in Japan', demo)).toEqual(['NTT Docomo']);
  });

  it('leaves whole names, English words, places and words of several answers', () => {
    expect(partialNames('satisfaction with Deutsche Telekom', demo)).toEqual([]);
    expect(partialNames('wie viele Deutsche trinken Kaffee', demo)).toEqual([]);
    expect(partialNames('costa coffee fans', demo)).toEqual([]);
    expect(partialNames('the customers of the airlines', demo)).toEqual([]);
  });
});

describe('a plan that passed over a short name', () => {
  it('is planned again with the whole name, and the reading is noted', () => {
    const out = planPrompt({ prompt: 'What share of Germans are aware of Telekom?', catalogue: demo });
    expect(out.outcome).toBe('answer');
    if (out.outcome !== 'answer') return;
    expect(out.plan.topic?.datapoints.map((d) => d.name)).toEqual(['Deutsche Telekom']);
    expect(out.notes).toContain('I read “telekom” as “Deutsche Telekom”.');
  });
  it('leaves a prompt that says the whole name', () => {
    const plan = planPrompt({ prompt: 'What share of Germans are aware of Deutsche Telekom?', catalogue: demo });
    expect(plan.outcome === 'answer' ? fullNameAsked('What share of Germans are aware of Deutsche Telekom?', plan.plan, demo) : null).toBeNull();
  });
});
