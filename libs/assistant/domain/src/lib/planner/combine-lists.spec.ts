import { evalCatalogue } from '../../../eval/eval-catalogue';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';
import { answerCountPositions } from './combine';

const demo = demoPlannerCatalogue();
const acme = evalCatalogue('acme-retail');
const subject = (prompt: string, catalogue = demo) => {
  const t = answerPlan(prompt, catalogue).topic;
  return { question: t?.question, datapoints: t?.datapoints.map((d) => d.code), combine: t?.combine, min: t?.minCount };
};

describe('answerCountPositions', () => {
  it('finds the count of answers held in "at least N of" and "N or more of"', () => {
    expect(answerCountPositions('at least 2 of nike adidas puma'.split(' '))).toEqual([2]);
    expect(answerCountPositions('bought 2 or more of nike adidas'.split(' '))).toEqual([1]);
    expect(answerCountPositions('take 2 holidays a year'.split(' '))).toEqual([]);
  });
});

describe('a count of the listed answers', () => {
  it.each([
    ['What share of Americans hold at least two of the following: stocks, ETFs, crypto?', 'investments_held'],
    ['share of UK adults using at least two of these platforms: TikTok, Snapchat, Instagram', 'social_platform_usage'],
    ['at least 2 of nike adidas puma bought in the last yr, us women', 'brand_funnel_sportswear'],
    ['share of us women who bought 2 or more of nike, adidas, puma', 'brand_funnel_sportswear'],
    ['how many Germans use at least 2 of the following - TikTok, Snapchat, Instagram', 'social_platform_usage'],
  ])('is at least that many of them, the count no answer: %s', (prompt, question) => {
    expect(subject(prompt, acme)).toMatchObject({ question, combine: 'at-least', min: 2 });
  });
  it('reads "any of the following:" as at least one', () => {
    expect(subject('How many Germans use any of the following: TikTok, Snapchat, Instagram?')).toMatchObject({ combine: 'any' });
  });
  it('keeps a number that counts the answer of a question counted in numbers', () => {
    expect(subject('How many Germans take 2 holidays a year?')).toMatchObject({ question: 'holidays_per_year', datapoints: ['holidays_2'] });
  });
});

describe('brands by their short names', () => {
  it.each([
    ['bmw vs mercedes consideration', ['bmw', 'mercedes_benz']],
    ['consideration of vw vs audi', ['volkswagen', 'audi']],
  ])('%s', (prompt, datapoints) => {
    expect(subject(prompt, acme)).toMatchObject({ question: 'brand_funnel_cars', datapoints });
  });
});
