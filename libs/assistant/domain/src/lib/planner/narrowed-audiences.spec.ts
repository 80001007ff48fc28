import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan, topicAndAudiences } from '../testing/plan-answer';
import { narrowedAudienceSpans } from './narrowed-audiences';
import { Span } from './types';

const catalogue = demoPlannerCatalogue();

const audience = (start: number, end: number, datapoints: string[]): Span =>
  ({
    start,
    end,
    typo: false,
    entry: { kind: 'audience', words: [], name: 'g', saved: null, description: '', expression: { question: 'home_ownership', datapoints } },
  }) as unknown as Span;
const answer = (start: number, question: string, code: string): Span =>
  ({
    start,
    end: start + 1,
    typo: false,
    entry: { kind: 'datapoint', words: [code], refs: [{ question: { code: question, name: question }, datapoint: { code, name: code } }] },
  }) as unknown as Span;

describe('narrowedAudienceSpans', () => {
  it('narrows a group of several answers to the one its modifier names', () => {
    const words = 'homeowners with a mortgage'.split(' ');
    const out = narrowedAudienceSpans(words, [audience(0, 1, ['own_outright', 'own_with_a_mortgage']), answer(3, 'home_ownership', 'own_with_a_mortgage')]);
    expect(out).toHaveLength(1);
    expect(out[0].entry.kind === 'audience' && out[0].entry.expression).toEqual({ question: 'home_ownership', datapoints: ['own_with_a_mortgage'] });
  });

  it('keeps a group whose next answer is of another question or is said after a verb', () => {
    const words = 'homeowners use instagram'.split(' ');
    const spans = [audience(0, 1, ['own_outright', 'own_with_a_mortgage']), answer(2, 'social_platform_usage', 'instagram')];
    expect(narrowedAudienceSpans(words, spans)).toEqual(spans);
  });

  it('plans "homeowners with a mortgage" against renters as two single answers', () => {
    const plan = answerPlan('Do homeowners with a mortgage or renters hold savings accounts more?', catalogue);
    expect(topicAndAudiences(plan)).toEqual({
      topic: 'financial_products',
      audiences: [
        { question: 'home_ownership', datapoints: ['own_with_a_mortgage'] },
        { question: 'home_ownership', datapoints: ['rent'] },
      ],
    });
  });
});

describe('a modifier directly after the group', () => {
  it('narrows "people who own their home outright" to Own outright', () => {
    expect(
      topicAndAudiences(answerPlan('Renters vs people who own their home outright: who is more likely to have home insurance?', catalogue)).audiences,
    ).toEqual([
      { question: 'home_ownership', datapoints: ['rent'] },
      { question: 'home_ownership', datapoints: ['own_outright'] },
    ]);
  });
});
