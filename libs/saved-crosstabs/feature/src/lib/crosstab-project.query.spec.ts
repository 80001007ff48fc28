import { projectPath, projectQuery } from './crosstab-project.query';

const project = {
  rows: [
    { id: 'r1', name: 'Gen Z', full_name: 'Age: 16-24', expression: { qustion: 'age_group', options: ['16_24'] } },
    { id: 'r2', name: 'Daily TikTok', full_name: 'x', expression: { and: [{ qustion: 'social_platform_frequency', options: ['tiktok'], suffixes: [1] }] } },
  ],
  columns: [{ id: 'c1', name: 'Women', full_name: 'Gender: Female', expression: { qustion: 'gender', options: ['female'] }, avg: { question: 'age_group' } }],
  bases: null,
  countryCodes: ['us', 'gb'],
  waveCodes: ['q3_2026'],
};

describe('projectQuery', () => {
  it('turns a stored project into the crosstab it describes, expressions in the standard form', () => {
    const outcome = projectQuery(project);
    expect(outcome).toEqual({
      ok: true,
      value: {
        rows: [
          { id: 'r1', name: 'Gen Z', expression: { question: 'age_group', datapoints: ['16_24'] } },
          { id: 'r2', name: 'Daily TikTok', expression: { and: [{ question: 'social_platform_frequency', datapoints: ['tiktok'], suffixes: ['1'] }] } },
        ],
        // An average item: its avg goes with it, to be checked and computed as the crosstab's.
        columns: [{ id: 'c1', name: 'Women', expression: { question: 'gender', datapoints: ['female'] }, avg: { question: 'age_group' } }],
        waves: ['q3_2026'],
        locations: ['us', 'gb'],
      },
    });
  });

  it('carries the base when the project has one (not its avg), and leaves waves and locations empty (the defaults) when it has none', () => {
    const outcome = projectQuery({
      ...project,
      bases: { id: 'b', name: 'Men', full_name: 'x', expression: { qustion: 'gender', options: ['male'] }, avg: { question: 'age_group' } },
      waveCodes: [],
      countryCodes: [],
    });
    expect(outcome.ok && outcome.value.base_audience).toEqual({ id: 'b', name: 'Men', expression: { question: 'gender', datapoints: ['male'] } });
    expect(outcome.ok && [outcome.value.waves, outcome.value.locations]).toEqual([[], []]);
  });

  it('names the stored member of an expression that no longer parses', () => {
    const outcome = projectQuery({ ...project, columns: [{ id: 'c', name: 'x', full_name: 'x', expression: { qustion: 'gender', options: 'female' } }] });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.errors.map((e) => e.path)).toEqual(['/columns/0/expression/options']);
  });
});

describe('projectPath', () => {
  it("names the project's members for the crosstab's", () => {
    expect(projectPath('/base_audience/expression/question')).toBe('/bases/expression/question');
    expect(projectPath('/waves/0')).toBe('/wave_codes/0');
    expect(projectPath('/locations')).toBe('/country_codes');
    expect(projectPath('/rows/1/expression')).toBe('/rows/1/expression');
    expect(projectPath('/wavesx')).toBe('/wavesx');
  });
});
