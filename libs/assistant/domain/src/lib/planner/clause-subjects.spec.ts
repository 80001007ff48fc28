import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';

const demo = demoPlannerCatalogue();
const read = (prompt: string) => {
  const p = answerPlan(prompt, demo);
  return {
    topic: p.topic?.question,
    combine: p.topic?.combine,
    also: (p.topic?.also ?? []).map((a) => a.question),
    audiences: p.audiences.map((a) => a.expression),
  };
};

describe('a relative clause with two verbs, each with its answer', () => {
  it.each([
    ['% of Australians who use Strava and also wear a smartwatch', 'health_apps_used', 'devices_owned'],
    ['share of Brits who use Netflix and also own a smart TV', 'streaming_services_used', 'devices_owned'],
    ['what share of Americans who own a smartwatch and use Strava', 'devices_owned', 'health_apps_used'],
    ['How many Germans that wear a smartwatch and use Strava?', 'devices_owned', 'health_apps_used'],
  ])('is one subject with both: %s', (prompt, topic, also) => {
    expect(read(prompt)).toMatchObject({ topic, combine: 'all', also: [also] });
  });
  it('keeps people described by one clause and measured on another verb as an audience', () => {
    expect(read('What share of people who use Netflix also own a smart TV?')).toMatchObject({
      topic: 'devices_owned',
      audiences: [{ question: 'streaming_services_used', datapoints: ['netflix'] }],
    });
    expect(read('Among people who use Strava, what share own a smartwatch?')).toMatchObject({
      topic: 'devices_owned',
      audiences: [{ question: 'health_apps_used', datapoints: ['strava'] }],
    });
  });
});
