import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { asksForAverage, averageByOf } from './average';

const catalogue = demoPlannerCatalogue();
const planOf = (prompt: string) => {
  const out = planPrompt({ prompt, catalogue });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome} ${'message' in out ? out.message : ''}`);
  return out.plan;
};

describe('asksForAverage', () => {
  it.each([
    'What is the average age of Netflix users?',
    'Mean hours of sleep per night among parents',
    'How many hours do Gen Z spend online on average?',
    'Quelle est la moyenne de sommeil ?',
    'Durchschnittliche Stunden online pro Tag',
    '平均睡眠時間',
  ])('a mean is asked: %s', (prompt) => expect(asksForAverage(prompt)).toBe(true));
  it.each([
    'Are parents more likely than average to use Pinterest?',
    'What do Baby boomers in Germany do more than the average German?',
    'Which magazines do Parents read more than the average person?',
    'Index Luxury fashion buyers in the US against the average on luxury holidays',
    'What do you mean by reach?',
    'What % of women use TikTok?',
  ])('no mean is asked: %s', (prompt) => expect(asksForAverage(prompt)).toBe(false));
});

describe('averageByOf', () => {
  it('single-choice questions with midpoints average over datapoints, one-answer grids over suffixes, others not at all', () => {
    expect(averageByOf('single', [{ midpoint: 20 }, { midpoint: null }], [])).toBe('datapoints');
    expect(averageByOf('grid_single', [{}], [{ midpoint: 5 }])).toBe('suffixes');
    expect(averageByOf('single', [{ midpoint: null }], [])).toBeUndefined();
    expect(averageByOf('multi', [{ midpoint: 1 }], [])).toBeUndefined();
  });
});

describe('average plans', () => {
  it('the average of a banded question is its mean, not its distribution', () => {
    const plan = planOf('What is the average age of Netflix users?');
    expect(plan.average).toBe(true);
    expect(plan.kind).toBe('share');
    expect(plan.topic).toMatchObject({ question: 'age_group', datapoints: [] });
    expect(plan.audiences[0].expression).toEqual({ question: 'streaming_services_used', datapoints: ['netflix'] });
  });

  it('means of two audiences side by side are a comparison', () => {
    const plan = planOf('Average hours of sleep per night: men vs women');
    expect(plan.average).toBe(true);
    expect(plan.kind).toBe('comparison');
    expect(plan.topic?.question).toBe('sleep_hours');
    expect(plan.audiences).toHaveLength(2);
  });

  it('a mean over time stays a trend', () => {
    const plan = planOf('How has the average number of hours spent online per day changed over time?');
    expect(plan.average).toBe(true);
    expect(plan.kind).toBe('trend');
    expect(plan.topic?.question).toBe('hours_online_per_day');
  });

  it('an index against the average is not a mean', () => {
    const plan = planOf('Are parents in the US more likely than average to use Pinterest?');
    expect(plan.average).toBeUndefined();
    expect(plan.kind).toBe('indexing');
  });

  it('a question without values to average is left as asked', () => {
    const plan = planOf('What is the average share of women using TikTok?');
    expect(plan.average).toBeUndefined();
  });

  it('a follow-up on the same question keeps the mean', () => {
    const first = planOf('What is the average age of Netflix users?');
    const out = planPrompt({ prompt: 'And in Germany?', catalogue, previous: first });
    expect(out.outcome).toBe('answer');
    if (out.outcome === 'answer') {
      expect(out.plan.average).toBe(true);
      expect(out.plan.locations.map((l) => l.code)).toEqual(['de']);
    }
  });
});

describe('asksForAverage and the word "media"', () => {
  it('does not read "social media" in English as the Spanish or Italian mean', () => {
    expect(asksForAverage('What share of Gen Z spend more than 4 hours a day on social media?')).toBe(false);
    expect(asksForAverage('¿Cuál es la media de horas en redes sociales en España?')).toBe(true);
  });
});
