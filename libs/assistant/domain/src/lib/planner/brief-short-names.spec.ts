import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';
import { resolveShortName } from './brief-short-names';

const demo = demoPlannerCatalogue();
const topicOf = (prompt: string) => answerPlan(prompt, demo).topic?.datapoints.map((d) => d.code);

describe('resolveShortName', () => {
  it('reads a capitalised first word of a name the context gives in full as that name', () => {
    expect(resolveShortName('What share of UK 25-34s have bought from Costa?', "We're pitching for Costa Coffee in the UK.", demo)).toBe(
      'What share of UK 25-34s have bought from costa coffee?',
    );
  });
  it('leaves a question that names its own topic, a word in lower case, or a first word of two names', () => {
    expect(resolveShortName('How many Brits drink Red Bull?', 'The client is Monster Energy.', demo)).toBe('How many Brits drink Red Bull?');
    expect(resolveShortName('How many people drink coffee from a costa?', 'The client is Costa Coffee.', demo)).toBe(
      'How many people drink coffee from a costa?',
    );
  });
});

describe('a brand the brief names in full, asked about by its short name', () => {
  it.each([
    [
      "Context: we're pitching a Q1 2027 campaign for Costa Coffee in the UK, up against Starbucks. I need one number: what proportion of 25-34s in the UK have bought from Costa in the last 12 months?",
      ['costa_coffee'],
    ],
    ['The client is Pret A Manger and they open in Paris next year. What share of French Millennials have eaten at Pret?', ['pret_a_manger']],
    ['Our client is Monster Energy, pushing hard in Germany. How many Gen Z in Germany have bought Monster?', ['monster_energy']],
    ['We work for Lipton Ice Tea and the summer push starts in June. What share of Spaniards have bought Lipton?', ['lipton_ice_tea']],
    ['Brief: Costa Coffee wants to grow in Brazil against Starbucks and Tim Hortons. Which share of Brazilians are aware of Costa?', ['costa_coffee']],
  ])('%s', (prompt, codes) => expect(topicOf(prompt)).toEqual(codes));
});
