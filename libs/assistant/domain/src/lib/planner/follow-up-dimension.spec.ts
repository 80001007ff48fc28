import { AnalysisPlan } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';

/*
 * A follow-up on a plan with structure (a ranking of markets or groups, a combined subject) keeps
 * or replaces each member explicitly (dimensions.ts `keptFrom`/`withoutPreviousDimension`,
 * combine.ts `readCarriedCombine`).
 */
const catalogue = demoPlannerCatalogue();

function plan(prompt: string, previous?: AnalysisPlan): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue, previous });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome} ${out.message}`);
  return out.plan;
}

describe('a verdict named alone replaces the verdict of the ranking it follows', () => {
  it.each(['and the lowest?', 'and which is lowest?'])('"%s" after a ranking of markets', (prompt) => {
    const out = plan(prompt, plan('Which market has the highest share of Netflix users?'));
    expect(out.rankBy).toBe('markets');
    expect(out.verdict).toBe('lowest');
    expect(out.topic?.datapoints.map((d) => d.code)).toEqual(['netflix']);
    expect(out.locations.length).toBeGreaterThan(2);
  });

  it('after a ranking of age groups, the groups are kept', () => {
    const previous = plan('Which age group is most likely to use Pinterest?');
    const out = plan('and the least?', previous);
    expect(out).toMatchObject({ rankBy: 'groups', verdict: 'lowest', groupQuestion: { code: 'age_group' } });
    expect(out.audiences.map((a) => a.id)).toEqual(previous.audiences.map((a) => a.id));
  });
});

describe('one audience named after a ranking of groups is where the groups are ranked', () => {
  it('"what about among women" ranks the age groups of women', () => {
    const out = plan('what about among women', plan('Which age group is most likely to use TikTok?'));
    expect(out.rankBy).toBe('groups');
    expect(out.audiences).toHaveLength(5);
    expect(out.audiences.every((a) => JSON.stringify(a.expression).includes('female'))).toBe(true);
  });

  it("an audience of the groups' own question replaces the ranking", () => {
    const out = plan('what about Gen Z?', plan('Which age group is most likely to use TikTok?'));
    expect(out.rankBy ?? null).toBeNull();
    expect(out.audiences.map((a) => a.name)).toEqual(['Gen Z']);
  });
});

describe('another dimension asked drops the one the previous turn had put in the plan', () => {
  it('"by market instead" after age groups: every market, no groups as audiences', () => {
    const out = plan('by market instead', plan('Which age group uses ChatGPT the most?'));
    expect(out.rankBy).toBe('markets');
    expect(out.audiences.map((a) => a.origin)).toEqual(['everyone']);
  });

  it('"by age group instead" after every market: the groups, markets pooled', () => {
    const out = plan('by age group instead', plan('In which country is TikTok most used?'));
    expect(out.rankBy).toBe('groups');
    expect(out.locations).toEqual([]);
  });
});

describe('a combination said of the answers already in the chat', () => {
  it('"and at least one?" after "at least two of": any of them', () => {
    const out = plan('and at least one?', plan('What share of parents in Australia use at least two of Netflix, Disney+ and Hulu?'));
    expect(out.topic).toMatchObject({ combine: 'any' });
    expect(out.topic?.datapoints).toHaveLength(3);
  });

  it('"and both?" after "Netflix or Hulu" combines them, never an answer called "Both"', () => {
    const out = plan('and both?', plan('What share of Americans use Netflix or Hulu?'));
    expect(out.topic).toMatchObject({ question: 'streaming_services_used', combine: 'all' });
  });

  it('"what about either of them?" after "both"', () => {
    expect(plan('what about either of them?', plan('What share of Americans use both Netflix and Hulu?')).topic).toMatchObject({ combine: 'any' });
  });

  it('"across all markets" is no combination', () => {
    const out = plan('and across all markets?', plan('What share of Americans use both Netflix and Hulu?'));
    expect(out.topic).toMatchObject({ combine: 'all' });
    expect(out.locations).toEqual([]);
  });
});

describe('a bare "instead" replaces the markets even after an opening "and"', () => {
  it.each(['and in Japan and Brazil instead?', 'Und stattdessen in Japan und Brasilien?'])('%s', (prompt) => {
    const out = plan(prompt, plan('Did Threads grow more in the US or the UK over the last year?'));
    expect(out.locations.map((l) => l.code)).toEqual(['jp', 'br']);
    expect(out.verdict).toBe('grew-more');
  });

  it('"and Germany" after a comparison of markets still adds a side', () => {
    const out = plan('and Germany?', plan('Compare Netflix use in the UK and France'));
    expect(out.locations.map((l) => l.code)).toEqual(['gb', 'fr', 'de']);
  });
});

describe('the verdict and the market ranking in other languages and after one market', () => {
  it.each(['Et le plus bas ?', '¿Y el más bajo?', 'E o mais baixo?', 'E il più basso?'])('"%s" after a ranking of markets', (prompt) => {
    expect(plan(prompt, plan('In which country is TikTok most used?'))).toMatchObject({ rankBy: 'markets', verdict: 'lowest' });
  });

  it.each(['and which market is highest?', 'and where is it highest?'])('"%s" after one market ranks every market', (prompt) => {
    const out = plan(prompt, plan('What share of Gen Z in the UK use Snapchat?'));
    expect(out.rankBy).toBe('markets');
    expect(out.locations.length).toBeGreaterThan(2);
    expect(out.audiences.map((a) => a.name)).toEqual(['Gen Z']);
  });

  it('"now in millions" keeps the ranking and counts people, its unit a word the answer used', () => {
    const out = planPrompt({ prompt: 'now in millions', catalogue, previous: plan('In which country is TikTok most used?') });
    expect(out.outcome).toBe('answer');
    if (out.outcome !== 'answer') return;
    expect(out.plan).toMatchObject({ rankBy: 'markets', count: true });
    expect(out.notes.join(' ')).not.toContain('millions');
  });
});

describe('another group question asked after a ranking of groups', () => {
  it('"by gender instead" after age groups ranks the genders', () => {
    const out = plan('by gender instead', plan('Which age group is most likely to use TikTok?'));
    expect(out).toMatchObject({ rankBy: 'groups', groupQuestion: { code: 'gender' } });
    expect(out.audiences.every((a) => JSON.stringify(a.expression).includes('gender'))).toBe(true);
  });
});

describe('a dimension asked with two docked audiences', () => {
  const docked = (...names: string[]) =>
    names.map((name) => {
      const a = catalogue.audiences.find((x) => x.name === name);
      if (!a) throw new Error(name);
      return { id: a.id, name: a.name, description: a.description, expression: a.expression, origin: 'docked' as const };
    });

  it('"in which country ..." ranks the markets, not the two docked generations', () => {
    const out = planPrompt({ prompt: 'In which country is TikTok most used?', catalogue, docked: docked('Gen Z', 'Millennials') });
    expect(out.outcome).toBe('answer');
    if (out.outcome !== 'answer') return;
    expect(out.plan.rankBy).toBe('markets');
    expect(out.plan.locations.length).toBeGreaterThan(2);
    expect(out.plan.audiences.map((a) => a.name)).toEqual(['Gen Z', 'Millennials']);
  });

  it('"which age group ..." ranks the age groups, not the docked Women and Men', () => {
    const out = planPrompt({ prompt: 'Which age group is most likely to use TikTok?', catalogue, docked: docked('Women', 'Men') });
    expect(out.outcome).toBe('answer');
    if (out.outcome !== 'answer') return;
    expect(out.plan).toMatchObject({ rankBy: 'groups', groupQuestion: { code: 'age_group' } });
    expect(out.plan.audiences.every((a) => JSON.stringify(a.expression).includes('age_group'))).toBe(true);
  });
});

describe('a group question named alone after an answer with a topic regroups that answer', () => {
  it.each(['and by age?', 'by gender please', 'now by income group'])('"%s" after a share ranks the groups on the same topic', (prompt) => {
    const previous = plan('What share of Australians drink coffee?');
    const out = plan(prompt, previous);
    expect(out.rankBy).toBe('groups');
    expect(out.topic?.datapoints.map((d) => d.code)).toEqual(['coffee']);
    expect(out.locations.map((l) => l.code)).toEqual(['au']);
  });

  it('with no answer before it, a group question asked alone is the topic itself', () => {
    expect(plan('which age group is biggest?').topic?.question).toBe('age_group');
  });
});

describe('a ranking of markets edited by one market is still a ranking', () => {
  it.each([
    ['swap France for Spain', ['gb', 'es', 'de']],
    ['and in Spain?', ['gb', 'fr', 'de', 'es']],
  ])('"%s" after a ranking of three markets', (prompt, codes) => {
    const out = plan(prompt, plan('In which of the UK, France and Germany is TikTok most used?'));
    expect(out).toMatchObject({ rankBy: 'markets', verdict: 'highest' });
    expect(out.locations.map((l) => l.code)).toEqual(codes);
  });

  it('two other markets named are a comparison of their own', () => {
    const out = plan('what about Japan and Brazil?', plan('Which has more YouTube Music listeners, the US or the UK?'));
    expect(out.rankBy).not.toBe('markets');
  });
});
