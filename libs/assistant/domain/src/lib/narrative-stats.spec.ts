import { AnalysisPlan, ComputedCell } from './assistant.types';
import { writeAnswer } from './narrative';
import { columnsOf, segmentsOf } from './engine-runs';
import { planPrompt } from './planner';
import { demoPlannerCatalogue } from './testing/demo-catalogue';

const catalogue = demoPlannerCatalogue();

function plan(prompt: string): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue });
  if (out.outcome !== 'answer') throw new Error(out.message);
  return out.plan;
}

function cell(p: AnalysisPlan, audience: number, column: string, segment: string, extra: Partial<ComputedCell>): ComputedCell {
  return {
    audienceId: p.audiences[audience].id,
    datapoint: column,
    segment,
    audiencePercentage: 40,
    basePercentage: 35,
    index: 114,
    audienceSample: 800,
    audienceSize: 8e6,
    intersectSample: 320,
    intersectSize: 3.2e6,
    baseSample: 5000,
    baseSize: 5e7,
    lowBase: false,
    unreliable: false,
    ...extra,
  };
}

describe('averages', () => {
  it('one column per averaged question, read by the engine as an avg item', () => {
    const p = plan('What is the average age of Netflix users?');
    const columns = columnsOf(p, catalogue);
    expect(columns).toHaveLength(1);
    expect(columns[0]).toMatchObject({ question: 'age_group', average: { datapoint: null } });
  });

  it('states the engine’s mean, its standard deviation and the base it is computed on', () => {
    const p = plan('What is the average age of Netflix users?');
    const columns = columnsOf(p, catalogue);
    const segments = segmentsOf(p);
    const average = { value: 37.4567, stdDev: 12.3456, stdError: 0.41, size: 23_456_789, sample: 1234 };
    const answer = writeAnswer(p, columns, segments, [cell(p, 0, columns[0].key, segments[0].key, { average })]);
    expect(answer.message).toMatch(/^Average of “Age group” among Netflix users/);
    expect(answer.insights).toHaveLength(1);
    expect(answer.insights[0].text).toContain('is 37.46 (standard deviation 12.35; base: the 1,234 respondents who answered (about 23,456,789 people))');
    expect(answer.insights[0].metrics.average).toEqual({ value: 37.4567, std_dev: 12.3456, std_error: 0.41, size: 23_456_789, sample: 1234 });
    expect(answer.message).not.toMatch(/%/);
  });

  it('a comparison of means names the highest, on the means as printed; a thin base is flagged', () => {
    const p = plan('Average hours of sleep per night: men vs women');
    const columns = columnsOf(p, catalogue);
    const [segment] = segmentsOf(p);
    const answer = writeAnswer(
      p,
      columns,
      [segment],
      [
        cell(p, 0, columns[0].key, segment.key, { average: { value: 6.8, stdDev: 1, stdError: 0.1, size: 1e6, sample: 40 } }),
        cell(p, 1, columns[0].key, segment.key, { average: { value: 7.1, stdDev: 1, stdError: 0.1, size: 1e6, sample: 400 } }),
      ],
    );
    expect(answer.insights).toHaveLength(2);
    expect(answer.message).toContain(`Highest average: ${p.audiences[1].name} (7.10), 0.30 above ${p.audiences[0].name} (6.80).`);
    expect(answer.insights[0].text).toContain('low base');
  });

  it('a ranking of means follows the direction asked and lists every market in order', () => {
    const p = plan('Which country sleeps the least on average?');
    expect(p.verdict).toBe('lowest');
    const columns = columnsOf(p, catalogue);
    const segments = segmentsOf(p);
    const values = [7.2, 6.4, 7.0, 6.9, 7.1, 6.8, 6.1, 6.6, 7.3];
    const answer = writeAnswer(
      p,
      columns,
      segments,
      segments.map((s, i) => cell(p, 0, columns[0].key, s.key, { average: { value: values[i], stdDev: 1, stdError: 0.1, size: 1e6, sample: 500 } })),
    );
    expect(answer.message).toContain('Ranked from the lowest average: 1. Japan 6.10, 2. United Kingdom 6.40');
    expect(answer.message).toContain('Lowest average: Japan (6.10), 1.20 below Australia (7.30).');
  });

  it('no one answered: says so, and gives no number', () => {
    const p = plan('What is the average age of Netflix users?');
    const columns = columnsOf(p, catalogue);
    const segments = segmentsOf(p);
    const answer = writeAnswer(p, columns, segments, [
      cell(p, 0, columns[0].key, segments[0].key, { average: { value: 0, stdDev: 0, stdError: 0, size: 0, sample: 0 } }),
    ]);
    expect(answer.insights).toEqual([]);
    expect(answer.message).toMatch(/No respondents of Netflix users answered/);
  });
});

describe('a trend of means', () => {
  it('gives the mean wave by wave, its change, and the changes the engine’s test of the means finds significant', () => {
    const p = plan('How has the average number of hours spent online per day changed over time?');
    expect(p.average).toBe(true);
    const columns = columnsOf(p, catalogue);
    const segments = segmentsOf(p);
    const values = [3.1, 3.12, 3.5, 3.52, 3.49, 3.6, 3.61, 3.7];
    const cells = segments.map((s, i) =>
      cell(p, 0, columns[0].key, s.key, {
        average: { value: values[i], stdDev: 1.5, stdError: 0.05, size: 1e7, sample: 600 },
        ...(i === 0
          ? {}
          : { trend: { previous: segments[i - 1].key, level: 0.95, z: i === 2 ? 5.6 : 0.3, significant: i === 2, direction: i === 2 ? 'up' : null } }),
      }),
    );
    const answer = writeAnswer(p, columns, segments, cells);
    expect(answer.insights).toHaveLength(segments.length);
    expect(answer.message.split('\n')).toHaveLength(2);
    expect(answer.message).toContain(`${segments[0].waves[0].name} 3.10, ${segments[1].waves[0].name} 3.12, ${segments[2].waves[0].name} 3.50`);
    expect(answer.message).toContain(`up 0.60 from ${segments[0].waves[0].name} to ${segments[7].waves[0].name}.`);
    expect(answer.message).toContain(
      `Statistically significant wave-to-wave change (95% confidence): up from ${segments[1].waves[0].name} to ${segments[2].waves[0].name}.`,
    );
  });
});

describe('trend significance', () => {
  const p = plan('How has TikTok use changed over time?');
  const columns = columnsOf(p, catalogue);
  const segments = segmentsOf(p);
  const pct = [40, 40.5, 44, 44.2, 44.1, 41, 41.3, 41.2];

  it('names the wave-to-wave changes the engine’s test marks significant, with their direction', () => {
    const cells = segments.map((s, i) =>
      cell(p, 0, columns[0].key, s.key, {
        audiencePercentage: pct[i],
        ...(i === 0
          ? {}
          : {
              trend: {
                previous: segments[i - 1].key,
                level: 0.95,
                z: i === 2 ? 3.1 : i === 5 ? -2.5 : 0.4,
                significant: i === 2 || i === 5,
                direction: i === 2 ? 'up' : i === 5 ? 'down' : null,
              },
            }),
      }),
    );
    const answer = writeAnswer(p, columns, segments, cells);
    expect(answer.message).toContain(
      `Statistically significant wave-to-wave changes (95% confidence): up from ${segments[1].waves[0].name} to ${segments[2].waves[0].name}; down from ${segments[4].waves[0].name} to ${segments[5].waves[0].name}.`,
    );
    expect(answer.insights[2].metrics.trend).toMatchObject({ significant: true, direction: 'up' });
  });

  it('says when no change is significant', () => {
    const cells = segments.map((s, i) =>
      cell(p, 0, columns[0].key, s.key, i === 0 ? {} : { trend: { previous: segments[i - 1].key, level: 0.95, z: 0.2, significant: false, direction: null } }),
    );
    expect(writeAnswer(p, columns, segments, cells).message).toContain('No wave-to-wave change is statistically significant (95% confidence).');
  });

  it('says nothing of significance when the cells carry no test', () => {
    const cells = segments.map((s) => cell(p, 0, columns[0].key, s.key, {}));
    expect(writeAnswer(p, columns, segments, cells).message).not.toMatch(/significant/);
  });
});
