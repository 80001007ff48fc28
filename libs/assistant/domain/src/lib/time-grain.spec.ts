import { grainRefusal, readGrain, waveDays } from './time-grain';
import { read } from './planner/read';
import { indexOf } from './catalogue-index';
import { planPrompt } from './planner';
import { answerFollowUp, answerPlan } from './testing/plan-answer';
import { demoPlannerCatalogue } from './testing/demo-catalogue';

/*
 * Periods finer than the quarterly waves: a series by the day, week or month is refused whatever
 * is asked, a change within a month or a week is refused when the answer is a trend, and a month
 * said of a share (a question's own window) is left alone.
 */
const catalogue = demoPlannerCatalogue();
const grain = (text: string) => readGrain(text.split(' '));

describe('readGrain', () => {
  it('reads a unit joined to itself, or an adjective of it before a word of change, as a series', () => {
    expect(grain('week on week instagram use')).toEqual({ unit: 'week', series: true, at: [0, 1, 2] });
    expect(grain('netflix month by month in 2026')?.series).toBe(true);
    expect(grain('the monthly trend in tiktok use')).toMatchObject({ unit: 'month', series: true });
    expect(grain('day over day chatgpt use')?.unit).toBe('day');
  });

  it('reads a month, weeks or days back from now as a period finer than a wave', () => {
    expect(grain('changed over the last month')).toMatchObject({ unit: 'month', series: false });
    expect(grain('in the past few weeks')).toMatchObject({ unit: 'week', series: false });
    expect(grain('over the last 10 days')?.unit).toBe('day');
    expect(grain('since the last fortnight')?.unit).toBe('week');
  });

  it('leaves counts of months (read as waves), frequencies and other words alone', () => {
    expect(grain('over the last 6 months')).toBeNull();
    expect(grain('weekly podcast listeners')).toBeNull();
    expect(grain('people who exercise every week')).toBeNull();
    expect(grain('online activities in the last quarter')).toBeNull();
    expect(grain('the client launched a campaign last month')).toBeNull();
    expect(grain('in last week s meeting')).toBeNull();
  });
});

describe('grainRefusal', () => {
  const waves = catalogue.waves;
  it('refuses a series whatever the kind, and a period back from now only for a trend', () => {
    expect(grainRefusal(grain('week on week'), 'share', waves)).toMatch(/once a quarter.*week by week/);
    expect(grainRefusal(grain('over the last month'), 'trend', waves)).toMatch(/within a month/);
    expect(grainRefusal(grain('over the last month'), 'share', waves)).toBeNull();
    expect(grainRefusal(undefined, 'trend', waves)).toBeNull();
  });

  it('measures the grain against the waves themselves: a survey fielded monthly has month on month, not week on week', () => {
    const monthly = ['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01'].map((start, k) => ({
      code: `m${k}`,
      name: `M${k + 1} 2026`,
      startDate: start,
      endDate: start.replace(/-01$/, '-28'),
      entitled: true,
    }));
    expect(waveDays(monthly)).toBe(31);
    expect(waveDays(waves)).toBeGreaterThan(85);
    expect(grainRefusal(grain('month on month'), 'trend', monthly)).toBeNull();
    expect(grainRefusal(grain('over the last month'), 'trend', monthly)).toBeNull();
    expect(grainRefusal(grain('week on week'), 'trend', monthly)).toMatch(/once a month.*week by week/);
    expect(grainRefusal(grain('week on week'), 'trend', [{ ...monthly[0], code: 'x', startDate: 'n/a', endDate: 'n/a' }])).toBeNull();
  });

  it('is read with the time of a prompt, its words taken, unless a period of waves is said beside it', () => {
    const t = read('how has netflix changed over the last month', catalogue, indexOf(catalogue)).time;
    expect(t.grain?.unit).toBe('month');
    expect(t.used.has(7)).toBe(true);
    expect(read('how has netflix changed over the last year as of last week', catalogue, indexOf(catalogue)).time.grain).toBeUndefined();
  });
});

describe('the planner on periods finer than the waves', () => {
  it('refuses a change within a month or a week, and a series by the week, in a first turn and a follow-up', () => {
    expect(planPrompt({ prompt: 'How has Netflix use in the US changed over the last month?', catalogue }).outcome).toBe('refuse');
    expect(planPrompt({ prompt: 'Week-on-week Instagram use among Gen Z in the UK', catalogue }).outcome).toBe('refuse');
    const previous = answerPlan('How has Instagram use in Japan changed over the last year?', catalogue);
    expect(planPrompt({ prompt: 'and over the past few weeks?', catalogue, previous, history: [previous] }).outcome).toBe('refuse');
  });

  it('answers a share whose window is a month, and a trend over months counted in waves', () => {
    expect(answerPlan('What share of Brits made a video call in the last month?', catalogue).kind).toBe('share');
    expect(answerPlan('How has TikTok use changed over the last 6 months?', catalogue).waves.map((w) => w.code)).toEqual(['q2_2026', 'q3_2026']);
    expect(answerFollowUp('TikTok use in Spain', 'and how has it changed over the last year?', catalogue).kind).toBe('trend');
  });
});
