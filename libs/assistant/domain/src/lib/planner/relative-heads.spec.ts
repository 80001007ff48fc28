import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan, topicAndAudiences as shape } from '../testing/plan-answer';
import { groupWordAt } from './relative-heads';
import { Span } from './types';

const demo = demoPlannerCatalogue();
const plan = (prompt: string) => answerPlan(prompt, demo);

describe('relative clauses about people named by their market', () => {
  it('reads "<demonym> who <answer> <verb> <other>" as the answer naming the group', () => {
    expect(shape(plan('What share of Australians who go camping use Instagram?'))).toEqual({
      topic: 'social_platform_usage',
      audiences: [{ question: 'travel_types', datapoints: ['camping'] }],
    });
  });
  it('reads "people in <market> who <answer> ..." as the group', () => {
    expect(shape(plan('What share of people in Japan who play tennis watch anime?'))).toEqual({
      topic: 'tv_genres',
      audiences: [{ question: 'sports_played', datapoints: ['tennis'] }],
    });
  });
  it('reads a word for people placed in a market, with its ages, before the clause ("adults 45-54 in the UK who ...")', () => {
    const audience = JSON.stringify(shape(plan('Among adults 45-54 in the UK who do not own a car, what share booked a taxi or ride hailing?')).audiences);
    expect(audience).toContain('"45_54"');
    expect(audience).toContain('"no_car"');
  });
  it('reads people described by what they have after their market ("respondents in India with a postgraduate degree")', () => {
    expect(shape(plan('Among respondents in India with a postgraduate degree, what proportion use LinkedIn?'))).toEqual({
      topic: 'social_platform_usage',
      audiences: [{ question: 'education_level', datapoints: ['postgraduate_degree'] }],
    });
  });
  it('reads a "whose" clause about people as the group ("whose highest qualification is ...")', () => {
    expect(shape(plan('Of respondents in India whose highest qualification is a vocational or technical one, what proportion use LinkedIn?'))).toEqual({
      topic: 'social_platform_usage',
      audiences: [{ question: 'education_level', datapoints: ['vocational_or_technical_qualification'] }],
    });
  });
  it('keeps an answer joined to the next by a preposition alone as what is asked', () => {
    expect(shape(plan('What share of Americans who follow brands on Instagram are women?')).audiences).not.toContainEqual({
      question: 'instagram_activities',
      datapoints: ['follow_brands'],
    });
  });
  it('never reads a word of combining ("both") as a group', () => {
    expect(JSON.stringify(shape(plan('Share of Spaniards who own both a tablet and a laptop')).audiences)).not.toContain('smoking_status');
  });
  it('reads the clause as the group when what is measured is asked before it and the clause has its own verb', () => {
    expect(shape(plan('Which hotel brands do people who go skiing stay with?'))).toEqual({
      topic: 'brand_funnel_hotels',
      audiences: [{ question: 'travel_types', datapoints: ['skiing'] }],
    });
  });
  it('keeps the clause as what is counted when it ends the question ("which market has the most people who ...")', () => {
    expect(shape(plan('Which market has the most people who go camping?')).topic).toBe('travel_types');
  });
  it('reads an answer followed by "to" and another answer as part of it ("LinkedIn to look for jobs")', () => {
    expect(JSON.stringify(shape(plan('Do Brazilians who worry about job security use LinkedIn to look for jobs?')).audiences)).not.toContain(
      'social_platform_usage',
    );
  });
});

describe('groupWordAt: the words that name the people, not the topic', () => {
  it("takes a group's own clause before its name, so its verb says no scale of the topic", () => {
    const words = 'netflix subscribers who also shop on amazon | what share of them use disney plus'.split(' ');
    const at = (start: number, end: number) => ({ start, end, entry: { kind: 'datapoint', words: words.slice(start, end), refs: [] } }) as unknown as Span;
    const [netflix, amazon, disney] = [at(0, 1), at(6, 7), at(14, 16)];
    const isGroup = groupWordAt({ words, spans: [netflix, amazon, disney] }, [disney], [netflix, amazon]);
    expect(words.filter((_, i) => isGroup(i))).toEqual(['netflix', 'also', 'shop', 'on', 'amazon']);
  });

  it('reads the topic of "Netflix subscribers who also shop on Amazon: what share of them use Disney+?" as the service used', () => {
    expect(plan('Netflix subscribers who also shop on Amazon: what share of them use Disney+?').topic?.question).toBe('streaming_services_used');
  });
});
