import { CatalogueQuestion } from '@aas/audience-expression-domain';
import { AudienceCatalogue, canonicalExpression, checkAgainstCatalogue, parseAudienceExpression } from './audience-expression.check';

const question = (code: string, datasetCode: string, datapoints: string[], suffixes: string[] = []): CatalogueQuestion => ({
  code,
  namespaceCode: datasetCode,
  name: code,
  datasetCode,
  datapoints: datapoints.map((c) => ({ code: c, name: c })),
  suffixes: suffixes.map((c) => ({ code: c, name: c })),
});

const QUESTIONS = [
  question('gender', 'core', ['male', 'female']),
  question('age_group', 'core', ['16_24', '25_34', '35_44']),
  question('social_platform_frequency', 'core', ['tiktok'], ['1', '2']),
  question('gaming_hours_per_week', 'gaming', ['range_1', 'range_2']),
];

/** An organisation entitled to `core` only, like acme-retail. */
const coreOnly: AudienceCatalogue = {
  findQuestion: (code) => QUESTIONS.find((q) => q.code === code),
  isDatasetEntitled: (code) => code === 'core',
  datasetExists: (code) => code === 'core' || code === 'gaming',
};

function check(json: unknown, datasets?: string[]) {
  const parsed = parseAudienceExpression(json);
  if (!parsed.ok) return parsed;
  return checkAgainstCatalogue(parsed.value, coreOnly, datasets);
}

describe('parseAudienceExpression', () => {
  it('locates a structural error under /expression', () => {
    const result = parseAudienceExpression({ and: [{ question: 'gender', datapoints: ['female'], min_count: 0 }] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(400);
    expect(result.errors.map((e) => e.path)).toEqual(['/expression/and/0/min_count']);
  });

  it('refuses a non-object expression at /expression itself', () => {
    const result = parseAudienceExpression('gender');
    expect(result).toMatchObject({ ok: false, status: 400, errors: [{ path: '/expression' }] });
  });

  it('names an unknown member', () => {
    const result = parseAudienceExpression({ question: 'gender', colour: 'red' });
    expect(result).toMatchObject({ ok: false, errors: [{ path: '/expression/colour' }] });
  });
});

describe('checkAgainstCatalogue', () => {
  it('answers the printed expression and the datasets it touches', () => {
    const result = check({
      and: [
        { datapoints: ['female'], question: 'gender' },
        { question: 'age_group', datapoints: ['16_24'], not: true },
      ],
    });
    expect(result).toEqual({
      ok: true,
      value: {
        expression: {
          and: [
            { question: 'gender', datapoints: ['female'] },
            { question: 'age_group', datapoints: ['16_24'], not: true },
          ],
        },
        datasets: ['core'],
      },
    });
  });

  it('touches no dataset for the whole base', () => {
    expect(check({})).toEqual({ ok: true, value: { expression: {}, datasets: [] } });
  });

  it('answers 400 naming an unknown question, datapoint or suffix', () => {
    const result = check({
      or: [{ question: 'shoe_size' }, { question: 'gender', datapoints: ['other'] }, { question: 'social_platform_frequency', suffixes: ['9'] }],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(400);
    expect(result.errors).toEqual([
      { path: '/expression/or/0/question', message: expect.stringContaining('shoe_size') },
      { path: '/expression/or/1/datapoints/0', message: expect.stringContaining('other') },
      { path: '/expression/or/2/suffixes/0', message: expect.stringContaining('9') },
    ]);
  });

  it('answers 403 for a dataset the organisation is not entitled to', () => {
    const result = check({ question: 'gaming_hours_per_week', datapoints: ['range_1'] });
    expect(result).toMatchObject({
      ok: false,
      status: 403,
      detail: 'The audience uses a dataset your organisation is not entitled to',
      errors: [{ path: '/expression/question', message: expect.stringContaining('gaming') }],
    });
  });

  it('lets 403 win over 400 when both occur', () => {
    const result = check({ and: [{ question: 'nope' }, { question: 'gaming_hours_per_week' }] });
    expect(result).toMatchObject({ ok: false, status: 403, errors: [{ path: '/expression/and/1/question' }] });
  });

  it("checks a client's datasets without letting them override the computed ones", () => {
    expect(check({ question: 'gender' }, ['core'])).toMatchObject({ ok: true, value: { datasets: ['core'] } });
    expect(check({ question: 'gender' }, ['core', 'nope'])).toMatchObject({
      ok: false,
      status: 400,
      detail: 'The request is invalid: /datasets/1',
      errors: [{ path: '/datasets/1', message: expect.stringContaining('nope') }],
    });
    expect(check({ question: 'gender' }, ['gaming'])).toMatchObject({ ok: false, status: 403, errors: [{ path: '/datasets/0' }] });
  });
});

describe('canonicalExpression', () => {
  it('restores the canonical member order that jsonb loses', () => {
    const fromJsonb = { not: true, question: 'gender', min_count: 1, datapoints: ['female'] };
    expect(JSON.stringify(canonicalExpression(fromJsonb))).toBe('{"question":"gender","datapoints":["female"],"min_count":1,"not":true}');
  });

  it('answers a stored value that does not parse as it is', () => {
    expect(canonicalExpression({ weird: 1 })).toEqual({ weird: 1 });
  });
});
