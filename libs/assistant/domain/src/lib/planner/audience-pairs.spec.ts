import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan, topicAndAudiences } from '../testing/plan-answer';
import { pairHead, pairingWordSpans, unionAudience } from './audience-pairs';
import { phraseAudience } from './audiences';
import { Span } from './types';

const catalogue = demoPlannerCatalogue();

const span = (start: number, question: string, code: string, end = start + 1): Span =>
  ({ start, end, entry: { kind: 'datapoint', words: [code], refs: [{ question: { code: question }, datapoint: { code, name: code } }] } }) as unknown as Span;

describe('pairHead', () => {
  it('reads "both" and "either" before a group, past an article, in the languages of the markets', () => {
    expect(pairHead('use both tiktok and instagram'.split(' '), span(2, 'q', 'tiktok'))).toBe('all');
    expect(pairHead('nutzen sowohl tiktok als auch instagram'.split(' '), span(2, 'q', 'tiktok'))).toBe('all');
    expect(pairHead('use either the tiktok or instagram'.split(' '), span(3, 'q', 'tiktok'))).toBe('any');
    expect(pairHead('use tiktok and instagram'.split(' '), span(1, 'q', 'tiktok'))).toBeNull();
  });
});

describe('pairingWordSpans', () => {
  it('reads "both" before two groups as the word, not as an answer, unless the pair is of its own question', () => {
    const words = 'people who both cycle and run'.split(' ');
    const both = span(2, 'smoking_status', 'both');
    expect([...pairingWordSpans(words, [both, span(3, 'sports_played', 'cycling'), span(5, 'sports_played', 'running')])]).toEqual([both]);
    const own = 'people who both smoke and vape'.split(' ');
    expect(
      pairingWordSpans(own, [span(2, 'smoking_status', 'both'), span(3, 'smoking_status', 'smoke_cigarettes'), span(5, 'smoking_status', 'vape')]).size,
    ).toBe(0);
  });
});

describe('unionAudience', () => {
  it('is one leaf of the answers when they share a question and suffixes, else an OR', () => {
    const a = phraseAudience('Nubank', '', { question: 'brand_funnel_banking', datapoints: ['nubank'], suffixes: ['3'] });
    const b = phraseAudience('Revolut', '', { question: 'brand_funnel_banking', datapoints: ['revolut'], suffixes: ['3'] });
    expect(unionAudience([a, b]).expression).toEqual({ question: 'brand_funnel_banking', datapoints: ['nubank', 'revolut'], suffixes: ['3'] });
    const c = phraseAudience('Dog', '', { question: 'pets_owned', datapoints: ['dog'] });
    expect(unionAudience([a, c]).expression).toEqual({ or: [a.expression, c.expression] });
  });
});

describe('groups said as a pair are one audience', () => {
  it('"both X and Y": people with both answers, not two sides', () => {
    const p = answerPlan('People in the UK who use both TikTok and Instagram: what streaming services do they use?', catalogue);
    expect(topicAndAudiences(p)).toEqual({
      topic: 'streaming_services_used',
      audiences: [
        {
          and: [
            { question: 'social_platform_usage', datapoints: ['tiktok'] },
            { question: 'social_platform_usage', datapoints: ['instagram'] },
          ],
        },
      ],
    });
  });

  it('"either X or Y": people with at least one of them', () => {
    const p = answerPlan('Among Brazilians who use either Nubank or Revolut, what share have an investment account?', catalogue);
    expect(topicAndAudiences(p)).toEqual({
      topic: 'financial_products',
      audiences: [{ question: 'brand_funnel_banking', datapoints: ['nubank', 'revolut'], suffixes: ['3'] }],
    });
  });

  it('groups joined by "or" without a word of pairing stay sides', () => {
    expect(answerPlan('Do men or women in the UK use Instagram more?', catalogue).audiences).toHaveLength(2);
  });
});

describe('pairs said by verbs in a clause about people', () => {
  it('joins "both X and do Y" past the light verb opening the second', () => {
    expect(topicAndAudiences(answerPlan('What share of people who both swim and do yoga use Headspace?', catalogue)).audiences).toEqual([
      {
        and: [
          { question: 'sports_played', datapoints: ['swimming'] },
          { question: 'sports_played', datapoints: ['yoga_or_pilates'] },
        ],
      },
    ]);
  });

  it('reads "who X and also Y" as the same people with both answers, not two sides', () => {
    const plan = answerPlan('What share of Americans who run and also go to the gym own a fitness tracker?', catalogue);
    expect(plan.audiences).toHaveLength(1);
    expect(JSON.stringify(plan.audiences[0].expression)).toContain('running');
    expect(JSON.stringify(plan.audiences[0].expression)).toContain('gym_workouts');
  });
});

describe('what people have and, after "and", what they have not', () => {
  it('"with a dog and no children" is two conditions on the same people, not two sides', () => {
    expect(topicAndAudiences(answerPlan('What share of people with a dog and no children use Instagram?', catalogue))).toEqual({
      topic: 'social_platform_usage',
      audiences: [
        {
          and: [
            { question: 'pets_owned', datapoints: ['dog'] },
            { question: 'parent_status', datapoints: ['not_parent'] },
          ],
        },
      ],
    });
  });
});

describe('a pair of groups before what is measured', () => {
  it('leaves its word of pairing to no later stage as an answer ("à la fois", "both")', () => {
    for (const prompt of [
      'What share of people who use both Netflix and Disney+ watch anime?',
      'Quelle part des Français qui utilisent à la fois Netflix et Disney+ regardent des animes ?',
    ]) {
      const p = answerPlan(prompt, catalogue);
      expect(p.topic?.question).toBe('tv_genres');
      expect(p.topic?.also ?? []).toEqual([]);
    }
  });
});
