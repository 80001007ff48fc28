import { readTime } from './time';
import { demoPlannerCatalogue } from './testing/demo-catalogue';

/*
 * The time grammar: months as the wave of their quarter, one named point set against the latest,
 * and a named wave beside "the latest quarter" read as two points in time.
 */
const waves = demoPlannerCatalogue().waves;
const read = (text: string) => {
  const t = readTime(text.split(' '), waves);
  return { waves: t.waves.map((w) => w.code), pointsInTime: t.pointsInTime, range: t.range };
};

describe('readTime', () => {
  it('reads a month of a year as the wave of its quarter, in any word order and language', () => {
    expect(read('netflix in june 2025').waves).toEqual(['q2_2025']);
    expect(read('tiktok in 2026 february').waves).toEqual(['q1_2026']);
    expect(read('tiktok im marz 2025').waves).toEqual(['q1_2025']);
    expect(read('netflix since octubre of 2025').waves).toEqual(['q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']);
  });

  it('does not read a month word without a year', () => {
    expect(read('mars bars in the uk').waves).toEqual([]);
  });

  it('sets one named point against the latest when the words compare it ("than in", "compared with", "vs")', () => {
    expect(read('is spotify bigger than it was in q4 2025')).toEqual({ waves: ['q4_2025', 'q3_2026'], pointsInTime: true, range: false });
    expect(read('instagram compared with september 2025').waves).toEqual(['q3_2025', 'q3_2026']);
    expect(read('reddit vs q1 2026').pointsInTime).toBe(true);
  });

  it('keeps a named wave a plain period when nothing compares it, or when it is the latest', () => {
    expect(read('tiktok in the uk vs germany in q1 2026')).toEqual({ waves: ['q1_2026'], pointsInTime: false, range: false });
    expect(read('tiktok compared with q3 2026').waves).toEqual(['q3_2026']);
  });

  it('reads a named wave beside "the latest quarter" or "the latest wave" as two points in time', () => {
    expect(read('snapchat in q1 2025 against the latest quarter')).toEqual({ waves: ['q1_2025', 'q3_2026'], pointsInTime: true, range: false });
    expect(read('snapchat q2 2025 and the latest wave').pointsInTime).toBe(true);
  });

  it('reads seasons: of a year, "last summer" (before the latest wave) and "since last winter"', () => {
    expect(read('netflix in summer 2025').waves).toEqual(['q3_2025']);
    expect(read('reddit now vs last summer')).toEqual({ waves: ['q3_2025', 'q3_2026'], pointsInTime: true, range: false });
    expect(read('tiktok since last winter').waves).toEqual(['q1_2026', 'q2_2026', 'q3_2026']);
  });

  it('reads "the last quarter of 2025" as its fourth, and a quarter without a year joined to one with it', () => {
    expect(read('spotify in the last quarter of 2025').waves).toEqual(['q4_2025']);
    expect(read('instagram from q1 to q3 2026').waves).toEqual(['q1_2026', 'q2_2026', 'q3_2026']);
    expect(read('instagram q1 vs q3 2026')).toEqual({ waves: ['q1_2026', 'q3_2026'], pointsInTime: true, range: false });
  });

  it('sets the start or the end of a year, or a wave after "up on", against the latest', () => {
    expect(read('compared with the end of 2025 is whatsapp higher').waves).toEqual(['q4_2025', 'q3_2026']);
    expect(read('is telegram up on q2 2025')).toEqual({ waves: ['q2_2025', 'q3_2026'], pointsInTime: true, range: false });
    expect(read('zara down on last year').waves).toEqual(['q3_2025', 'q3_2026']);
  });

  it('reads "last summer" said in the other languages (translated before the grammar reads it)', () => {
    expect(read('since last summer').waves).toEqual(['q3_2025', 'q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']);
  });

  it('reads a year said relatively after "start of", "end of", "quarter of", and the first wave', () => {
    expect(read('is threads higher now than at the start of the year')).toEqual({ waves: ['q1_2026', 'q3_2026'], pointsInTime: true, range: false });
    expect(read('tiktok compared with the end of last year').waves).toEqual(['q4_2025', 'q3_2026']);
    expect(read('netflix since the beginning of this year').waves).toEqual(['q1_2026', 'q2_2026', 'q3_2026']);
    expect(read('first quarter of this year vs first quarter of last year').waves).toEqual(['q1_2025', 'q1_2026']);
    expect(read('lower than in the first wave')).toEqual({ waves: ['q4_2024', 'q3_2026'], pointsInTime: true, range: false });
  });

  it('reads "since" a half of a year from that half on ("since the second half of 2025", "since H2 2025")', () => {
    expect(read('podcasts since the second half of 2025').waves).toEqual(['q3_2025', 'q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']);
    expect(read('podcasts since h2 2025').waves).toEqual(['q3_2025', 'q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']);
    expect(read('podcasts in the second half of 2025').waves).toEqual(['q3_2025', 'q4_2025']);
  });

  it('reads "early" before a year as its start ("since early 2025", French "depuis début 2025" translated)', () => {
    expect(read('threads in japan since early 2025').waves).toEqual(['q1_2025', 'q2_2025', 'q3_2025', 'q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']);
  });

  it('reads "these days" and "nowadays" as no period (the default), "currently" as the latest wave', () => {
    expect(read('how popular is padel these days').waves).toEqual([]);
    expect(read('who uses it nowadays').waves).toEqual([]);
    expect(read('who uses it currently').waves).toEqual(['q3_2026']);
  });

  it('reads a casual "now", "right now" alone as these days, and set against a named wave as the latest', () => {
    expect(read('is tiktok bigger than insta now with gen z').waves).toEqual([]);
    expect(read('biggest streaming services in japan right now').waves).toEqual([]);
    expect(read('fewer people use facebook now than in q1 2025').waves).toEqual(['q1_2025', 'q3_2026']);
  });

  it('reads a named wave before "onwards" as the start of a range to the latest', () => {
    expect(read('claude adoption q4 2025 onwards')).toEqual({ waves: ['q4_2025', 'q1_2026', 'q2_2026', 'q3_2026'], pointsInTime: false, range: true });
  });

  it('reads "since this time last year" as a range from that wave, and "this time last year" alone as that wave', () => {
    expect(read('has starbucks lost ground since this time last year')).toEqual({
      waves: ['q3_2025', 'q4_2025', 'q1_2026', 'q2_2026', 'q3_2026'],
      pointsInTime: false,
      range: true,
    });
    expect(read('netflix this time last year').waves).toEqual(['q3_2025']);
  });

  it('marks a range with both ends named as bounded', () => {
    expect(readTime('spring 2025 to spring 2026 meditation'.split(' '), waves).bounded).toBe(true);
    expect(readTime('meditation since q1 2026'.split(' '), waves).bounded).toBeUndefined();
  });

  it('refuses a period back from now that reaches before the first wave ("the past five years", "the last decade")', () => {
    expect(readTime('has snapchat grown over the past five years'.split(' '), waves).refusal?.reason).toBe('no-data');
    expect(readTime('linkedin over the last decade'.split(' '), waves).refusal?.reason).toBe('no-data');
    expect(read('tiktok over the past two years').waves).toHaveLength(8);
  });
});
