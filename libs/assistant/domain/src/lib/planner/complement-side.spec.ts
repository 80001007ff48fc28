import { AnalysisPlan } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { complementSideAt, ownComplement, withComplementSide } from './complement-side';

const catalogue = demoPlannerCatalogue();

function plan(prompt: string): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue, previous: null });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome}`);
  return out.plan;
}

describe('complementSideAt', () => {
  it('finds the other side said as everyone outside the audience, after a comparison link', () => {
    expect(complementSideAt('gen z vs everyone else'.split(' '))).toBe(3);
    expect(complementSideAt('chatgpt users and non users'.split(' '))).toBe(3);
    expect(complementSideAt('parents compared with those who do not'.split(' '))).toBe(3);
  });
  it('ignores the phrase where no link puts it on another side', () => {
    expect(complementSideAt('share of people who do not use tiktok'.split(' '))).toBe(-1);
    expect(complementSideAt('the rest of the population'.split(' '))).toBe(-1);
  });
});

describe('withComplementSide', () => {
  const gen = { id: 'g', name: 'Gen Z', description: '', origin: 'saved' as const, expression: { question: 'age_group', datapoints: ['16_24'] } };
  it('adds the complement of the one audience and makes the answer a comparison', () => {
    const out = withComplementSide([gen], 'share', 'gen z vs everyone else'.split(' '), true);
    expect(out.kind).toBe('comparison');
    expect(out.audiences.map((a) => a.expression)).toEqual([gen.expression, { ...gen.expression, not: true }]);
  });
  it('reads an audience the prompt negated as the named side, its complement as the other', () => {
    const negated = { ...gen, id: 'not:g', expression: { ...gen.expression, not: true } };
    const out = withComplementSide([negated], 'indexing', 'gen z and non users'.split(' '), true);
    expect(out.audiences.map((a) => a.expression)).toEqual([gen.expression, { ...gen.expression, not: true }]);
  });
  it('leaves two named sides, or none, alone', () => {
    expect(withComplementSide([gen, gen], 'comparison', 'a vs the rest'.split(' '), true).audiences).toHaveLength(2);
  });
  it('keeps an index compared with everyone else, its own base, an index of one audience', () => {
    expect(withComplementSide([gen], 'indexing', 'gen z vs everyone else'.split(' '), true)).toEqual({ audiences: [gen], kind: 'indexing' });
    expect(withComplementSide([gen], 'indexing', 'gen z and non users'.split(' '), false).audiences).toHaveLength(1);
  });
  it('makes the rest set beside the audience as an equal side a side, when no word of indexing is said', () => {
    const words = 'gen z vs everyone else | who s on bereal more'.split(' ');
    expect(withComplementSide([gen], 'indexing', words, true, false).kind).toBe('comparison');
    expect(withComplementSide([gen], 'indexing', words, true, false).audiences).toHaveLength(2);
    // "Compared with" the rest, with no word of indexing, sets it beside the audience too.
    expect(withComplementSide([gen], 'indexing', 'gen z compared with everyone else on tiktok'.split(' '), true, false, true).kind).toBe('comparison');
    expect(withComplementSide([gen], 'indexing', 'vegans compared to everybody else on plant based milk'.split(' '), true, false, true).kind).toBe(
      'comparison',
    );
    // A follow-up naming only the rest, its topic carried, indexes.
    expect(withComplementSide([gen], 'indexing', 'and compared to everyone else'.split(' '), true, false, false).kind).toBe('indexing');
    // Said as the base ("than"), or with a word of indexing, it stays the index's base.
    expect(withComplementSide([gen], 'indexing', 'gen z compared with everyone else over index on tiktok'.split(' '), true, true).kind).toBe('indexing');
    expect(withComplementSide([gen], 'indexing', 'gen z use tiktok more than everyone else'.split(' '), true, false).kind).toBe('indexing');
    // With the topic said, "than everyone else" sets the rest beside the audience as "compared with" does.
    const than = 'are people who do not eat meat more likely than everyone else to buy second hand'.split(' ');
    expect(withComplementSide([gen], 'indexing', than, true, false, true).kind).toBe('comparison');
    const population = 'are millennials more likely to use revolut than the rest of the population'.split(' ');
    expect(withComplementSide([gen], 'indexing', population, true, false, true).kind).toBe('indexing');
    expect(withComplementSide([gen], 'indexing', 'does gen z over index on tiktok vs everyone else'.split(' '), true, true).kind).toBe('indexing');
  });
});

describe('plans with a complement side', () => {
  it.each([
    ['People who worry about climate change vs those who don’t: who buys second-hand more?', 'attitudes_environment'],
    ['Do ChatGPT users and non-users differ in how much they use a VPN?', 'ai_assistants_used'],
    ['Electric car drivers vs the rest in the US on smart thermostats', 'car_ownership'],
  ])('%s', (prompt, question) => {
    const p = plan(prompt);
    expect(p.kind).toBe('comparison');
    expect(p.audiences.map((a) => [a.expression['question'], a.expression['not'] === true])).toEqual([
      [question, false],
      [question, true],
    ]);
  });
});

describe('ownComplement', () => {
  it("is the question's own none answer when it is the one answer outside the group (No car)", () => {
    expect(ownComplement({ question: 'car_ownership', datapoints: ['petrol_car', 'diesel_car', 'hybrid_car', 'electric_car'] }, catalogue)).toEqual({
      question: 'car_ownership',
      datapoints: ['no_car'],
    });
  });

  it('is null when several answers are outside the group', () => {
    expect(ownComplement({ question: 'car_ownership', datapoints: ['petrol_car'] }, catalogue)).toBeNull();
  });

  it('makes "people without one" the none answer as the other side', () => {
    expect(plan('Compare Uber use among people with a car and people without one in the UK').audiences.map((a) => a.expression)[1]).toEqual({
      question: 'car_ownership',
      datapoints: ['no_car'],
    });
  });
});
