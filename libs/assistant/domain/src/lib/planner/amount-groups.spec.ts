import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan, topicAndAudiences as shape } from '../testing/plan-answer';

const demo = demoPlannerCatalogue();
const plan = (prompt: string) => answerPlan(prompt, demo);

describe('amountGroups: an amount said of people names them as a group', () => {
  it('reads a frequency in a relative clause as the bands of the question its words name', () => {
    expect(shape(plan('Among people who exercise at least once a week, what share use Strava?'))).toEqual({
      topic: 'health_apps_used',
      audiences: [{ question: 'exercise_frequency', datapoints: ['every_day', '3_6_times_a_week', '1_2_times_a_week'] }],
    });
  });
  it('reads earnings as income bands, and the money is then measured by the audience', () => {
    expect(shape(plan('Among households earning over $150,000 a year, what share use Apple Pay?'))).toEqual({
      topic: 'payment_methods',
      audiences: [{ question: 'household_income_band', datapoints: ['band_7', 'band_8'] }],
    });
  });
  it('takes the words after the amount that name its question ("on social media") into the group', () => {
    expect(shape(plan('Do people who spend more than 4 hours a day on social media over-index on TikTok?'))).toEqual({
      topic: 'social_platform_usage',
      audiences: [{ question: 'hours_social_media_per_day', datapoints: ['range_5', 'range_6', 'range_7'] }],
    });
  });
  it('leaves an amount that is the topic as the topic', () => {
    expect(shape(plan('What share of Brazilians spend more than 3 hours a day on social media?')).topic).toBe('hours_social_media_per_day');
  });
  it('reads a frequency before a noun for people as the group the noun and the words between name', () => {
    expect(shape(plan('Which TV genres do daily podcast listeners in Spain watch?'))).toEqual({
      topic: 'tv_genres',
      audiences: [{ question: 'podcast_listening_frequency', datapoints: ['daily'] }],
    });
    expect(shape(plan('Among weekly podcast listeners, what share use Spotify?'))).toEqual({
      topic: 'music_streaming_services',
      audiences: [{ question: 'podcast_listening_frequency', datapoints: ['weekly'] }],
    });
    expect(shape(plan('What share of monthly podcast listeners pay for Netflix?'))).toEqual({
      topic: 'streaming_services_used',
      audiences: [{ question: 'podcast_listening_frequency', datapoints: ['monthly'] }],
    });
    expect(shape(plan('What share of everyday drinkers in Germany drink beer?'))).toEqual({
      topic: 'drinks_consumed',
      audiences: [{ question: 'alcohol_frequency', datapoints: ['daily'] }],
    });
  });
  it('reads a frequency before an answer of a frequency grid and a noun for people as that row at the frequency meant', () => {
    expect(shape(plan('What share of daily Snapchat users in France use BeReal?'))).toEqual({
      topic: 'social_platform_usage',
      audiences: [{ question: 'social_platform_frequency', datapoints: ['snapchat'], suffixes: ['1'] }],
    });
    expect(shape(plan('Which social platforms are daily Snapchat users over-represented on?'))).toEqual({
      topic: 'social_platform_usage',
      audiences: [{ question: 'social_platform_frequency', datapoints: ['snapchat'], suffixes: ['1'] }],
    });
    expect(plan('What share of daily Snapchat users in France use BeReal?').audiences[0].name).toContain('(Daily)');
    expect(shape(plan('What share of daily users of Instagram in Spain use Pinterest?')).audiences).toEqual([
      { question: 'social_platform_frequency', datapoints: ['instagram'], suffixes: ['1'] },
    ]);
  });
  it('reads a frequency right after a grid answer in a clause about people as that row at the frequency meant', () => {
    expect(shape(plan('Do people who use Snapchat daily over-index on DoorDash in the US?')).audiences).toEqual([
      { question: 'social_platform_frequency', datapoints: ['snapchat'], suffixes: ['1'] },
    ]);
    expect(shape(plan('Of people who are on Discord every day, how many also play Valorant?'))).toEqual({
      topic: 'game_titles_played',
      audiences: [{ question: 'social_platform_frequency', datapoints: ['discord'], suffixes: ['1'] }],
    });
  });
  it('leaves a frequency before a noun for people as the topic when nothing else is measured', () => {
    expect(shape(plan('What share of Brits are daily radio listeners?')).topic).toBe('radio_listening_frequency');
  });

  it('reads the clause as a group when the topic is a label before it, its verb taken with the amount ("TOPIC: A vs B")', () => {
    const p = plan('BNPL at checkout: people who shop online several times a week vs Gen Z, US');
    expect(p.topic?.question).toBe('payment_methods');
    expect(shape(p).audiences[0]).toEqual({ question: 'online_shopping_frequency', datapoints: ['several_times_a_week'] });
  });

  it('reads the clause as a group when what is measured is asked before its "who" ("which soft drink brands do people who ...")', () => {
    const p = plan('Which soft drink brands do people who eat fast food several times a week buy in the US?');
    expect(shape(p).audiences).toEqual([{ question: 'fast_food_frequency', datapoints: ['several_times_a_week'] }]);
  });

  it('reads a frequency adverb before the clause\'s verb ("who never exercise") as the group, unless nothing else is measured', () => {
    expect(shape(plan('What share of people who never exercise use TikTok?'))).toEqual({
      topic: 'social_platform_usage',
      audiences: [{ question: 'exercise_frequency', datapoints: ['never'] }],
    });
    expect(shape(plan('Daily exercisers vs people who never exercise: who follows a high-protein diet?')).audiences).toEqual([
      { question: 'exercise_frequency', datapoints: ['every_day'] },
      { question: 'exercise_frequency', datapoints: ['never'] },
    ]);
    expect(shape(plan('How has the share of people who never drink alcohol changed in Australia?')).topic).toBe('alcohol_frequency');
  });

  it('reads a one-letter name between the frequency and the noun ("weekly X users") as the row', () => {
    expect(shape(plan('Among weekly X users, what share are aware of Tesla?')).audiences).toEqual([
      { question: 'social_platform_frequency', datapoints: ['x_twitter'], suffixes: ['2'] },
    ]);
  });
});
