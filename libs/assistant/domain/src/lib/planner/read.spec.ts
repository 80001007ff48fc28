import { answerPlan } from '../testing/plan-answer';
import { indexOf } from '../catalogue-index';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { read } from './read';

const catalogue = demoPlannerCatalogue();

describe('read: a verb of living before a market (grammar.json residenceVerbs)', () => {
  it('places the people: its words are used and name no answer ("Go live") or question ("Area lived in")', () => {
    const r = read('How many Millennials live in Spain?', catalogue, indexOf(catalogue));
    expect(r.spans.map((s) => s.entry.kind)).toEqual(['audience', 'market']);
    expect(r.used.has(3) && r.used.has(4)).toBe(true);
  });

  it('sizes the people who live there, and leaves "live in rural areas" to its question', () => {
    const sized = answerPlan('How many Millennials live in Spain?', catalogue);
    expect([sized.topic?.question, sized.topic?.combine, sized.locations.map((l) => l.code)]).toEqual(['age_group', 'any', ['es']]);
    expect(answerPlan('How many people who live in France use TikTok?', catalogue).audiences.map((a) => a.origin)).toEqual(['everyone']);
    expect(answerPlan('What share of people living in Germany live in rural areas?', catalogue).topic?.question).toBe('urbanicity');
  });

  it('places the people before any other name too ("live in the city"): "live" is not TikTok\'s "Go live"', () => {
    const r = read('Do people who live in the city shop online more than those in rural areas?', catalogue, indexOf(catalogue));
    expect(r.spans.some((s) => s.entry.words.join(' ') === 'live')).toBe(false);
    const plan = answerPlan('Do people who live in the city shop online more than those in rural areas?', catalogue);
    expect([plan.topic?.question, plan.audiences.length]).toEqual(['online_shopping_frequency', 2]);
  });
});
