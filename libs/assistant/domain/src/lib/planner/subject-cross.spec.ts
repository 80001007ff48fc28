import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';

const catalogue = demoPlannerCatalogue();

function subjectOf(prompt: string) {
  const out = planPrompt({ prompt, catalogue, previous: null });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome}`);
  const { topic } = out.plan;
  return {
    question: topic?.question,
    datapoints: topic?.datapoints.map((d) => d.code),
    combine: topic?.combine ?? 'each',
    also: (topic?.also ?? []).map((p) => `${p.question}:${p.datapoints.map((d) => d.code).join(',')}`),
  };
}

describe('subject-cross: answers of two questions in one subject', () => {
  it('joins "both X and Y" across questions, the first named leading, though an answer is called "Both"', () => {
    expect(subjectOf('what share of respondents have both a smart thermostat and an electric car')).toEqual({
      question: 'smart_home_devices',
      datapoints: ['smart_thermostat'],
      combine: 'all',
      also: ['car_ownership:electric_car'],
    });
    // The verb of the first thing may come between "both" and it.
    expect(subjectOf('What proportion of adults in Spain both hold an investment account and own cryptocurrency?')).toMatchObject({
      question: 'financial_products',
      combine: 'all',
      also: ['investments_held:cryptocurrency'],
    });
  });

  it('never joins a word that is only part of an answer\'s name ("at home": Home and garden)', () => {
    expect(subjectOf('How many Australians have both a smart speaker and a smart display at home?').also).toEqual([]);
  });
});
