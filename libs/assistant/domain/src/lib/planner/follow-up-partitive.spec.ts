import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerFollowUp, topicAndAudiences } from '../testing/plan-answer';
import { saysPartitive, topicPeople } from './follow-up-partitive';

const demo = demoPlannerCatalogue();

describe('partitiveAudiences: a group asked of "them" is counted among the previous answer\'s people', () => {
  it('makes the previous topic the audience and the group the topic', () => {
    const plan = answerFollowUp('How many people in France use Netflix?', 'and how many of them are parents?', demo);
    expect(topicAndAudiences(plan)).toEqual({
      topic: 'parent_status',
      audiences: [{ question: 'streaming_services_used', datapoints: ['netflix'] }],
    });
    expect(plan.locations.map((l) => l.code)).toEqual(['fr']);
    expect(plan.count).toBe(true);
  });
  it('keeps the previous audience as a part of the new one and a row of a grid with its suffix', () => {
    const plan = answerFollowUp('How many Gen Z in the UK use Snapchat daily?', 'how many of these are men?', demo);
    expect(plan.topic?.question).toBe('gender');
    expect(plan.audiences.map((a) => a.expression)).toEqual([
      {
        and: [
          { question: 'age_group', datapoints: ['16_24'] },
          { question: 'social_platform_frequency', datapoints: ['snapchat'], suffixes: ['1'] },
        ],
      },
    ]);
  });
  it('reads a group of several answers as one group, any of them', () => {
    const plan = answerFollowUp('How many Spotify users are there in the UK?', 'and how many of those are Millennials?', demo);
    expect(plan.topic?.datapoints.map((d) => d.code)).toEqual(['25_34', '35_44']);
    expect(plan.topic?.combine).toBe('any');
  });
  it('reads the partitive in the languages of the markets', () => {
    const plan = answerFollowUp('Wie viele Menschen in Deutschland nutzen Spotify?', 'Und wie viele davon sind Frauen?', demo);
    expect(topicAndAudiences(plan)).toEqual({ topic: 'gender', audiences: [{ question: 'music_streaming_services', datapoints: ['spotify'] }] });
  });
  it('leaves a new measure of the same people alone', () => {
    const plan = answerFollowUp('How many people in the UK use Snapchat?', 'and how many of them use it every day?', demo);
    expect(plan.topic?.question).toBe('social_platform_frequency');
    expect(plan.audiences.map((a) => a.expression).filter((e) => 'question' in e)).toEqual([]);
  });
});

describe('saysPartitive and topicPeople', () => {
  it('finds "of them" and its translations as whole words', () => {
    expect(saysPartitive(' how many of them are women ', '')).toBe(true);
    expect(saysPartitive(' how many of themselves ', '')).toBe(false);
    expect(saysPartitive('', '¿Y cuántos de ellos son mujeres?')).toBe(true);
  });
  it('makes no audience of a negated topic or of a whole question', () => {
    const topic = {
      question: 'social_platform_usage',
      questionName: 'Social media platforms used',
      datapoints: [{ code: 'tiktok', name: 'TikTok' }],
      suffix: null,
    };
    expect(topicPeople(topic)?.expression).toEqual({ question: 'social_platform_usage', datapoints: ['tiktok'] });
    expect(topicPeople({ ...topic, negate: true })?.expression).toEqual({ question: 'social_platform_usage', datapoints: ['tiktok'], not: true });
    expect(topicPeople({ ...topic, datapoints: [] })).toBeNull();
  });
});
