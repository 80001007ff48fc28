import { readTime } from './time';
import { countedAgo, joinedPeriods, sinceMonth, wavesOfPeriod } from './time-periods';
import { demoPlannerCatalogue } from './testing/demo-catalogue';

/*
 * Calendar periods set against each other, a month since which, and a count of years back: the
 * parts of the time grammar in time-periods.ts, alone and as `readTime` uses them.
 */
const waves = demoPlannerCatalogue().waves;
const codes = (list: { code: string }[]) => list.map((w) => w.code);
const read = (text: string) => {
  const t = readTime(text.split(' '), waves);
  return { waves: codes(t.waves), pointsInTime: t.pointsInTime, perWave: t.perWave, refused: t.refusal?.reason ?? null };
};

describe('joinedPeriods', () => {
  it('finds years, halves and the start or end of a year joined to each other', () => {
    expect(joinedPeriods('tiktok 2025 vs 2026'.split(' '), new Set())).toEqual([{ start: 1, end: 4, periods: [{ year: 2025 }, { year: 2026 }], range: false }]);
    const halves = joinedPeriods('h1 vs h2 2025 pinterest'.split(' '), new Set());
    expect(halves[0].periods).toEqual([
      { year: 2025, half: 1 },
      { year: 2025, half: 2 },
    ]);
    expect(joinedPeriods('between 2025 and 2026'.split(' '), new Set())[0]).toMatchObject({ start: 0, range: true });
    expect(joinedPeriods('from the start of 2025 to the end of 2025'.split(' '), new Set())[0].periods).toEqual([
      { year: 2025, edge: 'start' },
      { year: 2025, edge: 'end' },
    ]);
  });

  it('leaves one period alone, and a half with no year to take', () => {
    expect(joinedPeriods('tiktok in 2025'.split(' '), new Set())).toEqual([]);
    expect(joinedPeriods('h1 vs h2'.split(' '), new Set())).toEqual([]);
    expect(joinedPeriods('gen z vs millennials in 2025'.split(' '), new Set())).toEqual([]);
  });

  it('gives the waves of a period: a year, a half, its first or last wave', () => {
    expect(codes(wavesOfPeriod(waves, { year: 2025, half: 2 }))).toEqual(['q3_2025', 'q4_2025']);
    expect(codes(wavesOfPeriod(waves, { year: 2025, edge: 'end' }))).toEqual(['q4_2025']);
  });
});

describe('sinceMonth and countedAgo', () => {
  it('reads a month without a year after "since" as the latest wave of its quarter', () => {
    expect(sinceMonth('tiktok since january'.split(' '), new Set(), waves)?.wave.code).toBe('q1_2026');
    expect(sinceMonth('mars bars in the uk'.split(' '), new Set(), waves)).toBeNull();
  });
  it('reads a count of years or quarters back', () => {
    expect(countedAgo('the same quarter 2 years ago'.split(' '), new Set())).toEqual({ at: 3, length: 3, back: 8 });
    expect(countedAgo('three quarters earlier'.split(' '), new Set())).toEqual({ at: 0, length: 3, back: 3 });
    expect(countedAgo('compared with two years back'.split(' '), new Set())).toEqual({ at: 2, length: 3, back: 8 });
  });
});

describe('readTime with periods set against each other', () => {
  it('reads two years or halves compared as their waves, wave by wave (a trend)', () => {
    expect(read('compare 2025 with 2026 for perplexity')).toEqual({
      waves: ['q1_2025', 'q2_2025', 'q3_2025', 'q4_2025', 'q1_2026', 'q2_2026', 'q3_2026'],
      pointsInTime: false,
      perWave: true,
      refused: null,
    });
    expect(read('h1 vs h2 2025 pinterest').waves).toEqual(['q1_2025', 'q2_2025', 'q3_2025', 'q4_2025']);
    expect(read('is perplexity higher this year than in 2025').perWave).toBe(true);
    expect(read('revolut the second half of 2025 against the first half of 2026').waves).toEqual(['q3_2025', 'q4_2025', 'q1_2026', 'q2_2026']);
  });

  it('reads a range between the start and the end of a year, and two edges compared as two points', () => {
    expect(read('claude from the start of 2025 to the end of 2025').waves).toEqual(['q1_2025', 'q2_2025', 'q3_2025', 'q4_2025']);
    expect(read('is netflix higher at the end of 2025 than at the start of 2025')).toMatchObject({ waves: ['q1_2025', 'q4_2025'], pointsInTime: true });
  });

  it('refuses a period compared that the data does not have', () => {
    expect(read('threads 2023 vs 2024').refused).toBe('no-data');
  });

  it('reads "year on year" over a period longer than a year as its cadence, not two points', () => {
    expect(read('how has it moved year over year across the last 2 years')).toMatchObject({ pointsInTime: false });
    expect(read('how has it moved year over year').pointsInTime).toBe(true);
  });

  it('reads "since january" from the wave of its quarter, and a count of years back beyond the data as a refusal', () => {
    expect(read('tiktok since january').waves).toEqual(['q1_2026', 'q2_2026', 'q3_2026']);
    expect(read('what about the same quarter 2 years ago').refused).toBe('no-data');
    expect(read('netflix 3 quarters ago').waves).toEqual(['q4_2025']);
  });
});
