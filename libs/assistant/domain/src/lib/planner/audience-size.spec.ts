import { AnalysisPlan, PlanAudience } from '../assistant.types';
import { columnsOf } from '../engine-runs';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { audienceAsTopic } from './audience-size';
import { answerPlan } from '../testing/plan-answer';

const catalogue = demoPlannerCatalogue();

function plan(prompt: string): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue, previous: null });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome}`);
  return out.plan;
}

describe('audienceAsTopic', () => {
  it('one leaf is the topic; an and / or of leaves is one subject across their questions', () => {
    expect(audienceAsTopic({ question: 'parent_status', datapoints: ['parent'] }, catalogue)?.topic).toMatchObject({
      question: 'parent_status',
      datapoints: [{ code: 'parent', name: 'Parent of a child under 18' }],
    });
    const both = audienceAsTopic(
      {
        and: [
          { question: 'age_group', datapoints: ['16_24'] },
          { question: 'gender', datapoints: ['female'] },
        ],
      },
      catalogue,
    )?.topic;
    expect([both?.question, both?.combine, both?.also?.map((p) => p.question)]).toEqual(['age_group', 'all', ['gender']]);
    const either = audienceAsTopic(
      {
        or: [
          { question: 'interests', datapoints: ['gaming'] },
          { question: 'devices_owned', datapoints: ['games_console', 'handheld_games_console'] },
        ],
      },
      catalogue,
    )?.topic;
    expect([either?.combine, either?.also?.[0].datapoints.length]).toEqual(['any', 2]);
  });

  it('leaves alone what one subject cannot say: negations, nesting, and "every one of" a leaf with several answers', () => {
    expect(audienceAsTopic({ question: 'gender', datapoints: ['male'], not: true }, catalogue)).toBeNull();
    expect(
      audienceAsTopic({ and: [{ or: [{ question: 'gender', datapoints: ['male'] }] }, { question: 'age_group', datapoints: ['16_24'] }] }, catalogue),
    ).toBeNull();
    expect(
      audienceAsTopic(
        {
          and: [
            { question: 'age_group', datapoints: ['16_24', '25_34'] },
            { question: 'gender', datapoints: ['female'] },
          ],
        },
        catalogue,
      ),
    ).toBeNull();
  });
});

describe('the size of an audience itself', () => {
  it('"how many Gen Z women are there in France?": their defining answers counted among everyone, in people', () => {
    const p = plan('How many Gen Z women are there in France?');
    expect([p.kind, p.count, p.audiences.map((a) => a.origin), p.locations.map((l) => l.code)]).toEqual(['share', true, ['everyone'], ['fr']]);
    expect(columnsOf(p, catalogue).map((c) => c.expression)).toEqual([
      {
        and: [
          { question: 'age_group', datapoints: ['16_24'] },
          { question: 'gender', datapoints: ['female'] },
        ],
      },
    ]);
  });

  it('a topic named keeps the audience as who is counted', () => {
    const p = plan('How many Gen Z women in France use TikTok?');
    expect([p.topic?.question, p.audiences.map((a) => a.name)]).toEqual(['social_platform_usage', ['Gen Z women']]);
  });

  it('an audience named in parts ("women aged 25-34") is sized as all of them at once', () => {
    const p = plan('How many men aged 35-44 are there in Brazil?');
    expect(p.count).toBe(true);
    expect(p.audiences.every((a) => a.origin === 'everyone')).toBe(true);
    expect([p.topic?.question, p.topic?.combine, p.topic?.also?.map((x) => x.question)]).toEqual(['gender', 'all', ['age_group']]);
  });

  it('an audience measured along groups or markets is the topic ("which age group has the most parents?")', () => {
    const p = plan('Which income group has the most parents?');
    expect([p.topic?.question, p.groupQuestion?.code]).toEqual(['parent_status', 'income_group']);
    expect(plan('Which market has the most Millennials?').rankBy).toBe('markets');
  });
});

describe('the size of either of several audiences', () => {
  it('"either Gen Z or Millennials": one subject of both audiences\' answers, any of them, counted among everyone', () => {
    const out = plan('How many people in the UK are either Gen Z or Millennials?');
    expect(out.count).toBe(true);
    expect([out.topic?.question, out.topic?.combine, out.topic?.datapoints.map((d) => d.code)]).toEqual(['age_group', 'any', ['16_24', '25_34', '35_44']]);
    expect(out.audiences.map((a) => a.origin)).toEqual(['everyone']);
  });

  it('audiences of one question merge into one leaf; of several questions they stay an or', () => {
    const merged = audienceAsTopic(
      {
        or: [
          { question: 'employment_status', datapoints: ['student'] },
          { question: 'employment_status', datapoints: ['retired'] },
        ],
      },
      catalogue,
    )?.topic;
    expect([merged?.question, merged?.combine, merged?.datapoints.map((d) => d.code), merged?.also]).toEqual([
      'employment_status',
      'any',
      ['student', 'retired'],
      undefined,
    ]);
  });
});

describe('an audience is not sized in place of a thing the data lacks', () => {
  it('"how many of Brazil\'s Gen Z use Kwai?" refuses the unknown thing rather than counting Gen Z', () => {
    const out = planPrompt({ prompt: "How many of Brazil's Gen Z use Kwai?", catalogue, previous: null });
    expect(out.outcome).toBe('refuse');
  });
});

describe('sizes of several audiences side by side', () => {
  it('"how many men and how many women": single answers of one question, a column each, counted among everyone', () => {
    const p = plan('How many men and how many women are there in Germany?');
    expect([p.topic?.question, p.topic?.datapoints.map((d) => d.code), p.topic?.combine ?? 'each', p.count]).toEqual([
      'gender',
      ['male', 'female'],
      'each',
      true,
    ]);
    expect(p.audiences.map((a) => a.origin)).toEqual(['everyone']);
  });

  it('a topic named keeps the sides as who is counted ("how many men and women use TikTok")', () => {
    const p = plan('How many men and women in France use TikTok?');
    expect(p.topic?.question).toBe('social_platform_usage');
    expect(p.audiences).toHaveLength(2);
  });
});

describe('sizes of negated unions, of several answers and of a docked audience named', () => {
  const docked = (name: string): PlanAudience => {
    const a = catalogue.audiences.find((x) => x.name === name);
    if (!a) throw new Error(name);
    return { id: a.id, name: a.name, description: a.description, expression: a.expression, origin: 'docked' };
  };
  const withDocked = (prompt: string, name: string) => {
    const out = planPrompt({ prompt, catalogue, previous: null, docked: [docked(name)] });
    if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome}`);
    return out.plan;
  };

  it('"neither Gen Z nor Millennials": the union of their answers, negated, counted among everyone', () => {
    const p = plan('How many people in the UK are neither Gen Z nor Millennials?');
    expect([p.topic?.question, p.topic?.combine, p.topic?.negate, p.topic?.datapoints.map((d) => d.code), p.count]).toEqual([
      'age_group',
      'any',
      true,
      ['16_24', '25_34', '35_44'],
      true,
    ]);
  });

  it('an audience of several answers of one question is sized as any of them (Millennials, Luxury fashion buyers)', () => {
    const p = plan('How many Millennials are there in Spain?');
    expect([p.topic?.question, p.topic?.combine, p.topic?.datapoints.map((d) => d.code)]).toEqual(['age_group', 'any', ['25_34', '35_44']]);
    const luxury = withDocked('How many of them are there in France?', 'Luxury fashion buyers');
    expect([luxury.topic?.question, luxury.topic?.combine, luxury.audiences.map((a) => a.origin)]).toEqual(['brand_funnel_fashion', 'any', ['everyone']]);
  });

  it('a docked audience named and sized ("how big is this audience?") is the topic, counted among everyone, not also the audience', () => {
    const p = withDocked('How big is this audience in Germany?', 'Parents');
    expect([p.topic?.question, p.count, p.audiences.map((a) => a.origin)]).toEqual(['parent_status', true, ['everyone']]);
  });
});

describe('whole groups sized side by side', () => {
  it('keeps the groups as sides, each counted by any of their defining answers', () => {
    for (const prompt of ['How many Millennials are there compared to Gen X in Brazil?', 'How many Gen Z and how many Millennials are there in the UK?']) {
      const plan = answerPlan(prompt, catalogue);
      expect(plan.audiences).toHaveLength(2);
      expect(plan.count).toBe(true);
      expect([plan.topic?.question, plan.topic?.combine]).toEqual(['age_group', 'any']);
    }
  });
  it('leaves single answers of one question as its answers among everyone', () => {
    const plan = answerPlan('How many men and how many women are there in Germany?', catalogue);
    expect(plan.audiences.map((a) => a.origin)).toEqual(['everyone']);
  });
});

describe('the people named, measured along the markets in a first turn that opens like a follow-up or asks "where"', () => {
  it.each(['In which country are there the most dog owners?', 'Where are dog owners most common?'])('%s', (prompt) => {
    const p = answerPlan(prompt, catalogue);
    expect(p.topic?.question).toBe('pets_owned');
    expect(p.topic?.datapoints.map((d) => d.code)).toEqual(['dog']);
    expect(p.rankBy).toBe('markets');
    expect(p.verdict).toBe('highest');
  });
});
