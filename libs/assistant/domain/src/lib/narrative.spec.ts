import { AnalysisPlan, ComputedCell } from './assistant.types';
import { describePlan, writeAnswer } from './narrative';
import { columnsOf, MAX_CROSSTAB_CELLS, MAX_SEGMENTS, segmentsOf, tooBroad } from './engine-runs';
import { planPrompt } from './planner';
import { demoPlannerCatalogue } from './testing/demo-catalogue';

const catalogue = demoPlannerCatalogue();

function plan(prompt: string): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue });
  if (out.outcome !== 'answer') throw new Error(out.message);
  return out.plan;
}

/** Cells as the engine would return them, with chosen numbers. */
function cells(
  p: AnalysisPlan,
  value: (audience: number, column: number, segment: number) => { pct: number; base: number; index: number; n: number },
): ComputedCell[] {
  const columns = columnsOf(p, catalogue);
  const segments = segmentsOf(p);
  const out: ComputedCell[] = [];
  segments.forEach((s, si) =>
    p.audiences.forEach((a, ai) =>
      columns.forEach((c, ci) => {
        const v = value(ai, ci, si);
        out.push({
          audienceId: a.id,
          datapoint: c.key,
          segment: s.key,
          audiencePercentage: v.pct,
          basePercentage: v.base,
          index: v.index,
          audienceSample: v.n,
          audienceSize: v.n * 1000,
          intersectSample: Math.round((v.n * v.pct) / 100),
          intersectSize: v.n * 10 * v.pct,
          baseSample: 5000,
          baseSize: 5_000_000,
          // As the engine flags a cell: from its own sample.
          lowBase: Math.round((v.n * v.pct) / 100) < 50,
          unreliable: Math.round((v.n * v.pct) / 100) < 30,
        });
      }),
    ),
  );
  return out;
}

describe('writeAnswer', () => {
  it('a share: the audience %, the index and its reading, the base', () => {
    const p = plan('What % of women use TikTok?');
    const answer = writeAnswer(
      p,
      columnsOf(p, catalogue),
      segmentsOf(p),
      cells(p, () => ({ pct: 41.26, base: 33.3, index: 123.9, n: 812 })),
    );
    expect(answer.insights).toHaveLength(1);
    expect(answer.insights[0].text).toContain('41.3% of Women');
    expect(answer.insights[0].text).toContain('33.3% of all respondents (index 124, over-indexing)');
    expect(answer.insights[0].text).toContain('base: 812 respondents');
    expect(answer.insights[0].metrics).toMatchObject({ audience_percentage: 41.26, index: 123.9, audience_sample: 812, low_base: false });
  });

  it('a ranking is sorted by the audience % and cut at the limit', () => {
    const p = plan('Top 3 streaming services among parents');
    const answer = writeAnswer(
      p,
      columnsOf(p, catalogue),
      segmentsOf(p),
      cells(p, (_a, c) => ({ pct: c * 2, base: 10, index: 100, n: 500 })),
    );
    expect(answer.insights).toHaveLength(3);
    const values = answer.insights.map((i) => i.metrics.audience_percentage);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(answer.message).toMatch(/^Top 3 answers to “Video streaming services used” among Parents/);
    expect(answer.message).toContain('\nTop 3 for');
  });

  it('withholds audiences under 30 respondents and flags those under 50', () => {
    const p = plan('What % of women use TikTok?');
    const withheld = writeAnswer(
      p,
      columnsOf(p, catalogue),
      segmentsOf(p),
      cells(p, () => ({ pct: 50, base: 40, index: 125, n: 29 })),
    );
    expect(withheld.insights).toEqual([]);
    expect(withheld.message).toMatch(/too few/);
    expect(withheld.message).not.toMatch(/50\.0%/);
    // 40% of 110 respondents: 44 behind the figure, a low base (the engine's flag of the cell).
    const low = writeAnswer(
      p,
      columnsOf(p, catalogue),
      segmentsOf(p),
      cells(p, () => ({ pct: 40, base: 40, index: 125, n: 110 })),
    );
    expect(low.insights[0].text).toContain('low base');
    expect(low.insights[0].metrics).toMatchObject({ low_base: true, unreliable: false });
    // 20% of 110: 22 respondents, unreliable, said so beside the figure.
    const unreliable = writeAnswer(
      p,
      columnsOf(p, catalogue),
      segmentsOf(p),
      cells(p, () => ({ pct: 20, base: 40, index: 125, n: 110 })),
    );
    expect(unreliable.insights[0].text).toContain('unreliable');
    expect(unreliable.insights[0].metrics).toMatchObject({ low_base: true, unreliable: true });
  });

  it('says when nobody matches', () => {
    const p = plan('What % of women use TikTok?');
    const answer = writeAnswer(
      p,
      columnsOf(p, catalogue),
      segmentsOf(p),
      cells(p, () => ({ pct: 0, base: 0, index: 0, n: 0 })),
    );
    expect(answer.insights).toEqual([]);
    expect(answer.message).toMatch(/No respondents/);
  });

  it('indexing keeps only what reads as over (>= 120) or under (<= 80)', () => {
    const p = plan('Which streaming services are parents more likely to use?');
    const idx = [150, 119, 121, 100, 80, 81, 60];
    const answer = writeAnswer(
      p,
      columnsOf(p, catalogue),
      segmentsOf(p),
      cells(p, (_a, c) => ({ pct: 30, base: 20, index: idx[c] ?? 100, n: 900 })),
    );
    const shown = answer.insights.map((i) => i.metrics.index).sort((a, b) => a - b);
    expect(shown).toEqual([60, 80, 121, 150]);
    expect(answer.message).toMatch(/over-indexing on .*index 150/);
  });

  it('indexing on named answers reports each of them, in line or not: never "no data" when the engine has cells', () => {
    const p = plan('Do US parents over-index on Disney+?');
    expect(p.kind).toBe('indexing');
    expect(p.topic?.datapoints.length).toBeGreaterThan(0);
    const answer = writeAnswer(
      p,
      columnsOf(p, catalogue),
      segmentsOf(p),
      cells(p, () => ({ pct: 27.4, base: 25.1, index: 109.2, n: 412 })),
    );
    expect(answer.insights).toHaveLength(p.topic?.datapoints.length ?? 0);
    expect(answer.insights[0].metrics.index).toBe(109.2);
    expect(answer.message).toContain('index 109, in line with all respondents');
    expect(answer.message).not.toMatch(/no data|no reliable numbers/);
  });

  it('indexing on a named answer with few respondents behind it reports it flagged, as the crosstab does', () => {
    const p = plan('Do US parents over-index on Disney+?');
    const answer = writeAnswer(
      p,
      columnsOf(p, catalogue),
      segmentsOf(p),
      cells(p, () => ({ pct: 5, base: 4, index: 125, n: 400 })),
    );
    expect(answer.insights).toHaveLength(1);
    expect(answer.insights[0].metrics.unreliable).toBe(true);
    expect(answer.message).toContain('unreliable');
  });

  it('indexing a whole question where nothing stands out says so, not that the engine has no data', () => {
    const p = plan('Which streaming services are parents more likely to use?');
    const answer = writeAnswer(
      p,
      columnsOf(p, catalogue),
      segmentsOf(p),
      cells(p, () => ({ pct: 30, base: 29, index: 103, n: 900 })),
    );
    expect(answer.insights).toEqual([]);
    expect(answer.message).toMatch(/Nothing in .* sets Parents apart/);
    expect(answer.message).not.toMatch(/no data/);
  });

  it('"no data" only when the engine returned no cell', () => {
    const p = plan('Do US parents over-index on Disney+?');
    const answer = writeAnswer(p, columnsOf(p, catalogue), segmentsOf(p), []);
    expect(answer.message).toMatch(/returned no data/);
  });

  it('a trend reports every wave and the change', () => {
    const p = plan('How has TikTok use changed over time?');
    const answer = writeAnswer(
      p,
      columnsOf(p, catalogue),
      segmentsOf(p),
      cells(p, (_a, _c, s) => ({ pct: 30 + s, base: 30 + s, index: 100, n: 2000 })),
    );
    expect(answer.insights).toHaveLength(8);
    expect(answer.message).toContain('up 7.0 points from Q4 2024 to Q3 2026');
  });

  it('a comparison between markets names each market', () => {
    const p = plan('Compare Instagram use in the US and Germany');
    const answer = writeAnswer(
      p,
      columnsOf(p, catalogue),
      segmentsOf(p),
      cells(p, (_a, _c, s) => ({ pct: s === 0 ? 60 : 45, base: 50, index: 100, n: 1000 })),
    );
    expect(answer.message).toContain('United States 60.0% vs Germany 45.0%');
    expect(answer.message).toContain('15.0 points above Germany');
  });

  it('a comparison measures the gap between the figures as printed', () => {
    const p = plan('Compare Instagram use in the US and Germany');
    // 45.06 prints as 45.1 and 45.04 as 45.0: the gap printed beside them is 0.1, not 0.0.
    const close = writeAnswer(
      p,
      columnsOf(p, catalogue),
      segmentsOf(p),
      cells(p, (_a, _c, s) => ({ pct: s === 0 ? 45.06 : 45.04, base: 50, index: 100, n: 1000 })),
    );
    expect(close.message).toContain('United States 45.1% vs Germany 45.0%');
    expect(close.message).toContain('United States highest, 0.1 points above Germany');
    // 60.149 - 45.151 = 14.998 (15.0), but as printed 60.1 - 45.2 = 14.9.
    const apart = writeAnswer(
      p,
      columnsOf(p, catalogue),
      segmentsOf(p),
      cells(p, (_a, _c, s) => ({ pct: s === 0 ? 60.149 : 45.151, base: 50, index: 100, n: 1000 })),
    );
    expect(apart.message).toContain('United States 60.1% vs Germany 45.2%');
    expect(apart.message).toContain('14.9 points above Germany');
    // Equal as printed: no "highest", no "0.0 points".
    const level = writeAnswer(
      p,
      columnsOf(p, catalogue),
      segmentsOf(p),
      cells(p, (_a, _c, s) => ({ pct: s === 0 ? 45.04 : 44.96, base: 50, index: 100, n: 1000 })),
    );
    expect(level.message).toContain('United States 45.0% vs Germany 45.0%');
    expect(level.message).not.toMatch(/highest|0\.0 points/);
  });

  it('a trend says up, down or unchanged from the figures as printed', () => {
    const p = plan('How has TikTok use changed over time?');
    const n = segmentsOf(p).length;
    const series = (first: number, last: number) =>
      writeAnswer(
        p,
        columnsOf(p, catalogue),
        segmentsOf(p),
        cells(p, (_a, _c, s) => ({ pct: s === 0 ? first : s === n - 1 ? last : 35, base: 30, index: 100, n: 2000 })),
      );
    // 30.04 -> 30.06 differs by 0.02, but prints as 30.0% -> 30.1%.
    expect(series(30.04, 30.06).message).toContain('Q4 2024 30.0%');
    expect(series(30.04, 30.06).message).toContain('up 0.1 points from Q4 2024 to Q3 2026');
    // 30.149 -> 30.251 differs by 0.102, but prints as 30.1% -> 30.3%.
    expect(series(30.149, 30.251).message).toContain('up 0.2 points');
    // 30.06 -> 30.14 differs by 0.08 but prints the same (30.1%): unchanged.
    expect(series(30.06, 30.14).message).toContain('unchanged from Q4 2024 to Q3 2026');
    expect(series(30.251, 30.149).message).toContain('down 0.2 points');
  });
});

describe('what an answer says it computed', () => {
  it('opens with the measure, the audience, the market and the waves', () => {
    const p = plan('What share of Gen Z women in the US use TikTok?');
    expect(describePlan(p)).toBe('Share of Gen Z women in United States who answered “TikTok” to “Social media platforms used”, Q4 2025 to Q3 2026:');
    const answer = writeAnswer(
      p,
      columnsOf(p, catalogue),
      segmentsOf(p),
      cells(p, () => ({ pct: 41.26, base: 33.3, index: 123.9, n: 812 })),
    );
    expect(answer.message.split('\n')[0]).toBe(describePlan(p));
  });

  it('"how many" gives the projected number of people beside the share', () => {
    const p = plan('How many Americans own a smartwatch?');
    expect(p.count).toBe(true);
    const answer = writeAnswer(
      p,
      columnsOf(p, catalogue),
      segmentsOf(p),
      cells(p, () => ({ pct: 20, base: 20, index: 100, n: 1000 })),
    );
    // intersectSize of the fixture: n * 10 * pct.
    expect(answer.insights[0].text).toContain('about 200,000 people');
  });

  it('non-users: one negated column per answer, and the sentence says who did not', () => {
    const p = plan("What share of Germans don't use TikTok?");
    const columns = columnsOf(p, catalogue);
    expect(columns.map((c) => c.expression)).toEqual([{ question: 'social_platform_usage', datapoints: ['tiktok'], not: true }]);
    expect(describePlan(p, columns)).toContain('who did not answer “TikTok” to “Social media platforms used”');
    const answer = writeAnswer(
      p,
      columns,
      segmentsOf(p),
      cells(p, () => ({ pct: 58.2, base: 58.2, index: 100, n: 900 })),
    );
    expect(answer.insights[0].text).toContain('58.2% of all respondents (Germany');
    expect(answer.insights[0].text).toContain('did not answer “TikTok”');
  });

  it('a trend of non-users names the complement on its line, not the users', () => {
    const p = plan('How has the share of Germans who do not use Facebook changed over the last year?');
    expect(p.kind).toBe('trend');
    const answer = writeAnswer(
      p,
      columnsOf(p, catalogue),
      segmentsOf(p),
      cells(p, (_a, _c, s) => ({ pct: 50 + s, base: 50 + s, index: 100, n: 900 })),
    );
    expect(answer.message).toContain('“not Facebook” (Social media platforms used) among all respondents in Germany');
  });

  it('both X and Y: one column of respondents with both, with the number of people', () => {
    const p = plan('How many Americans use both Netflix and Disney+?');
    const columns = columnsOf(p, catalogue);
    expect(columns).toHaveLength(1);
    expect(columns[0].expression).toEqual({ question: 'streaming_services_used', datapoints: ['netflix', 'disney_plus'], min_count: 2 });
    const answer = writeAnswer(
      p,
      columns,
      segmentsOf(p),
      cells(p, () => ({ pct: 25, base: 25, index: 100, n: 1000 })),
    );
    expect(answer.insights).toHaveLength(1);
    expect(answer.insights[0].text).toContain('answered every one of “Netflix” and “Disney+”');
    expect(answer.insights[0].text).toContain('about 250,000 people');
  });

  it('an open indexing question measures every licensed thing of the dataset once, in one pass, within the cell limit', () => {
    const p = plan('What makes Gen Z different?');
    expect(p.topic).toBeNull();
    const columns = columnsOf(p, catalogue);
    expect(columns.length).toBeGreaterThan(1000);
    // Each brand once, on its funnel's "used or bought": not again as a perception or a favourite.
    expect(columns.filter((c) => c.datapoint.code === 'nike').map((c) => [c.question, c.suffix?.code])).toEqual([['brand_funnel_sportswear', '3']]);
    expect(columns.some((c) => /^(brand_perception|favourite_brand)_/.test(c.question))).toBe(false);
    // Each platform once, as used; scales that only share their answers stay separate questions.
    expect(columns.some((c) => c.question === 'social_platform_usage')).toBe(true);
    expect(columns.some((c) => c.question === 'social_platform_frequency')).toBe(false);
    expect(columns.some((c) => c.question === 'radio_listening_frequency') && columns.some((c) => c.question === 'podcast_listening_frequency')).toBe(true);
    // Catch-all answers describe no one.
    expect(columns.some((c) => /^(none of these|other brand|no favourite brand)$/i.test(c.datapoint.name))).toBe(false);
    expect(columns.length * p.audiences.length).toBeLessThanOrEqual(MAX_CROSSTAB_CELLS);
    // The audience's own question would index trivially high: it is not a column.
    expect(columns.some((c) => c.question === 'age_group')).toBe(false);
    expect(new Set(columns.map((c) => c.datasetCode))).toEqual(new Set(['core']));
    const answer = writeAnswer(
      p,
      columns,
      segmentsOf(p),
      cells(p, (_a, c) => ({ pct: 30, base: 20, index: c === 7 ? 300 : c === 9 ? 40 : 100, n: 900 })),
    );
    expect(answer.message).toMatch(/over-indexing on .*index 300/);
    expect(answer.message).toMatch(/under-indexing on .*index 40/);
  });
});

describe('tooBroad', () => {
  it('lets a trend in one market or a comparison of a few markets through', () => {
    expect(tooBroad(plan('How has TikTok use changed over time?'))).toBeNull();
    expect(tooBroad(plan('Compare Instagram use in the US and Germany'))).toBeNull();
    expect(tooBroad(plan('How has TikTok use changed in the US and Germany?'))).toBeNull();
  });

  it('refuses a trend over several markets that needs more than MAX_SEGMENTS runs, saying what was too broad', () => {
    const p = plan('How has TikTok use changed in the US, Germany, France and Japan?');
    expect(p.splitByLocation && p.splitByWave).toBe(true);
    expect(segmentsOf(p).length).toBeGreaterThan(MAX_SEGMENTS);
    const why = tooBroad(p);
    expect(why).toContain('4 markets across 8 waves');
    expect(why).toContain(`at most ${MAX_SEGMENTS}`);
    expect(why).toMatch(/fewer markets|shorter period/);
  });
});
