import { PlanAudience, PlannerQuestion, PlanTopic } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { phraseAudience } from './audiences';
import { foldTopicSides } from './topic-own-sides';

const catalogue = demoPlannerCatalogue();
const urbanicity = catalogue.questions.find((q) => q.code === 'urbanicity') as PlannerQuestion;
const whole: PlanTopic = { question: 'urbanicity', questionName: urbanicity.name, datapoints: [], suffix: null };
const leaf = (question: string, datapoints: string[]): PlanAudience => phraseAudience(datapoints.join(' '), '', { question, datapoints });
const cats = leaf('pets_owned', ['cat']);

describe('foldTopicSides: answers of the question asked about, said as people', () => {
  it('makes them the topic answers and keeps the other people as one audience', () => {
    const out = foldTopicSides(
      [
        [leaf('urbanicity', ['urban']), cats],
        [leaf('urbanicity', ['rural']), cats],
      ],
      whole,
      urbanicity,
    );
    expect(out.topic?.datapoints.map((d) => d.code)).toEqual(['urban', 'rural']);
    expect(out.sides).toEqual([[cats]]);
  });

  it('keeps the whole question when every answer is said', () => {
    const sides = [[leaf('urbanicity', ['urban'])], [leaf('urbanicity', ['suburban'])], [leaf('urbanicity', ['rural'])]];
    const out = foldTopicSides(sides, whole, urbanicity);
    expect(out.topic?.datapoints).toEqual([]);
    expect(out.sides).toEqual([]);
  });

  it('leaves a topic with named answers, and people of other questions, alone', () => {
    const named = { ...whole, datapoints: [{ code: 'urban', name: 'Urban' }] };
    const sides = [[leaf('urbanicity', ['rural'])]];
    expect(foldTopicSides(sides, named, urbanicity)).toEqual({ sides, topic: named });
    expect(foldTopicSides([[cats]], whole, urbanicity)).toEqual({ sides: [[cats]], topic: whole });
  });

  it('plans "do cat owners live in urban or rural areas" as the areas among cat owners', () => {
    const out = planPrompt({ prompt: 'In Japan, do cat owners mostly live in urban or rural areas?', catalogue });
    expect(out.outcome).toBe('answer');
    if (out.outcome !== 'answer') return;
    expect(out.plan.topic?.question).toBe('urbanicity');
    expect(out.plan.topic?.datapoints.map((d) => d.code).sort()).toEqual(['rural', 'urban']);
    expect(out.plan.audiences.map((a) => a.expression)).toEqual([{ question: 'pets_owned', datapoints: ['cat'] }]);
  });
});

describe('people a clause defines by an answer of the question ranked', () => {
  it('stay the audience of a ranking of that question, negated or not', () => {
    const out = planPrompt({ prompt: "Which social platforms do Germans who don't use Facebook use most?", catalogue, previous: null });
    if (out.outcome !== 'answer') throw new Error(out.outcome);
    expect(out.plan.topic?.datapoints).toEqual([]);
    expect(out.plan.audiences.map((a) => a.expression)).toEqual([{ question: 'social_platform_usage', datapoints: ['facebook'], not: true }]);
  });
});
