import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';

const demo = demoPlannerCatalogue();
const read = (prompt: string) => {
  const p = answerPlan(prompt, demo);
  return { topic: p.topic?.question, answers: p.topic?.datapoints.map((d) => d.code), markets: p.locations.map((l) => l.code) };
};

describe('placesAsAnswers', () => {
  it('reads a market named with the words of an answer of its name as that answer, the other market as the people asked', () => {
    expect(read('What share of Australians are interested in Japan as a holiday destination?')).toEqual({
      topic: 'destinations_interest',
      answers: ['japan'],
      markets: ['au'],
    });
  });
  it('keeps markets compared as markets when no words of such a question are said', () => {
    expect(read('TikTok use in Japan vs Australia').markets).toEqual(['jp', 'au']);
  });
});
