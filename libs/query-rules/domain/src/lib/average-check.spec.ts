import { parseExpression, type Expression } from '@aas/audience-expression-domain';
import type { CatalogueQuestionInfo, OrganisationCatalogue } from '@aas/shared-contracts';
import { checkAverage } from './average-check';
import { FieldProblems } from './check';
import { validBaseOf, withinValidBase } from './valid-base';

const question = (
  code: string,
  kind: CatalogueQuestionInfo['kind'],
  datapoints: [string, number | null][],
  suffixes: [string, number | null][] = [],
  dataset = 'core',
) => ({
  code,
  namespaceCode: dataset,
  name: `${code} name`,
  description: '',
  datasetCode: dataset,
  datasetCodes: [dataset],
  kind,
  datapoints: datapoints.map(([c, midpoint]) => ({ code: c, name: c, midpoint })),
  suffixes: suffixes.map(([c, midpoint]) => ({ code: c, name: c, midpoint })),
});

const QUESTIONS: CatalogueQuestionInfo[] = [
  question('age', 'single', [
    ['16_24', 20],
    ['25_34', 29.5],
    ['refused', null],
  ]),
  question('platforms', 'multi', [
    ['tiktok', null],
    ['instagram', null],
  ]),
  question(
    'freq',
    'grid_single',
    [
      ['tv', null],
      ['radio', null],
    ],
    [
      ['1', 7],
      ['2', 1],
      ['3', null],
    ],
  ),
  question('brand', 'grid_multi', [['b1', null]], [['1', 1]]),
  question('income', 'single', [['low', 10_000]], [], 'premium'),
];

const catalogue = {
  findQuestion: (code: string) => QUESTIONS.find((q) => q.code === code),
  isDatasetEntitled: (code: string) => code === 'core',
} as unknown as OrganisationCatalogue;

function check(input: unknown) {
  const problems = new FieldProblems();
  const checked = checkAverage(input, '/rows/0/avg', catalogue, problems);
  return { checked, failure: problems.failure('The crosstab request') };
}

describe('checkAverage', () => {
  it('a single-choice question: one part per datapoint with a midpoint (all of them when none is listed)', () => {
    const { checked, failure } = check({ question: 'age', with_datapoints: { datapoints: [] } });
    expect(failure).toBeNull();
    expect(checked?.parts).toEqual([
      { wire: { question: 'age', datapoints: ['16_24'] }, value: 20 },
      { wire: { question: 'age', datapoints: ['25_34'] }, value: 29.5 },
    ]);
    expect(checked?.answered).toEqual({ question: 'age', datapoints: ['16_24', '25_34'] });
    expect(checked?.questions.map((q) => [q.path, q.question.code])).toEqual([['/rows/0/avg/question', 'age']]);
  });

  it('a grid row averaged over the suffixes listed (integers, as saved crosstabs send them)', () => {
    const { checked, failure } = check({ question: 'freq', with_suffixes: { datapoint: 'tv', suffixes: [2, 1, 2] } });
    expect(failure).toBeNull();
    expect(checked?.parts.map((p) => [p.wire, p.value])).toEqual([
      [{ question: 'freq', datapoints: ['tv'], suffixes: ['2'] }, 1],
      [{ question: 'freq', datapoints: ['tv'], suffixes: ['1'] }, 7],
    ]);
    expect(checked?.answered).toEqual({ question: 'freq', datapoints: ['tv'], suffixes: ['2', '1'] });
  });

  it.each([
    [{ question: 'age' }, '/rows/0/avg', /exactly one of with_datapoints and with_suffixes/],
    [{ question: 'age', with_datapoints: {}, with_suffixes: { datapoint: 'x' } }, '/rows/0/avg', /exactly one/],
    [{ question: 'nope', with_datapoints: {} }, '/rows/0/avg/question', /unknown question "nope"/],
    [{ question: 'platforms', with_datapoints: {} }, '/rows/0/avg/with_datapoints', /is multi: an average takes a question with one answer/],
    [{ question: 'brand', with_suffixes: { datapoint: 'b1' } }, '/rows/0/avg/with_suffixes', /is grid_multi/],
    [{ question: 'age', with_suffixes: { datapoint: '16_24' } }, '/rows/0/avg/with_suffixes', /is single/],
    [{ question: 'age', with_datapoints: { datapoints: ['16_24', 'refused'] } }, '/rows/0/avg/with_datapoints/datapoints/1', /"refused" .* has no midpoint/],
    [{ question: 'age', with_datapoints: { datapoints: ['99'] } }, '/rows/0/avg/with_datapoints/datapoints/0', /"99" is not a datapoint/],
    [{ question: 'freq', with_suffixes: { datapoint: 'cinema', suffixes: [1] } }, '/rows/0/avg/with_suffixes/datapoint', /"cinema" is not a datapoint/],
    [{ question: 'platforms', with_datapoints: { datapoints: 'tiktok' } }, '/rows/0/avg/with_datapoints', /is multi/],
    ['age', '/rows/0/avg', /must be an object/],
  ])('%j answers 400 at %s', (input, path, message) => {
    const { checked, failure } = check(input);
    expect(checked).toBeUndefined();
    expect(failure?.status).toBe(400);
    expect(failure?.errors).toContainEqual({ path, message: expect.stringMatching(message) });
  });

  it('a question of a dataset the organisation is not licensed for is 403', () => {
    const { failure } = check({ question: 'income', with_datapoints: {} });
    expect(failure?.status).toBe(403);
  });
});

const parse = (wire: unknown): Expression => {
  const parsed = parseExpression(wire, 'standard');
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
};

describe('validBaseOf', () => {
  it('answered: the questions an audience names; a grid on the rows it names', () => {
    expect(validBaseOf(parse({ question: 'age', datapoints: ['16_24'] }), 'answered', catalogue)).toEqual({ question: 'age' });
    expect(validBaseOf(parse({ question: 'freq', datapoints: ['tv'], suffixes: ['1'] }), 'answered', catalogue)).toEqual({
      question: 'freq',
      datapoints: ['tv'],
    });
    expect(validBaseOf(parse({ question: 'freq', suffixes: ['1'] }), 'answered', catalogue)).toEqual({ question: 'freq' });
    expect(
      validBaseOf(
        parse({
          and: [
            { question: 'age', datapoints: ['16_24'] },
            { question: 'platforms', not: true },
          ],
        }),
        'answered',
        catalogue,
      ),
    ).toEqual({
      and: [{ question: 'age' }, { question: 'platforms' }],
    });
    expect(validBaseOf(parse({}), 'answered', catalogue)).toBeUndefined();
  });

  it('asked: the asked leaf of each question', () => {
    expect(validBaseOf(parse({ question: 'freq', datapoints: ['tv'] }), 'asked', catalogue)).toEqual({ question: 'freq', asked: true });
  });

  it('an audience plainly inside its valid base is kept as it is, any other is and-ed with it', () => {
    const age = { question: 'age', datapoints: ['16_24'] };
    expect(withinValidBase(age, { question: 'age' })).toBe(age);
    expect(withinValidBase({ ...age, not: true }, { question: 'age' })).toEqual({ and: [{ ...age, not: true }, { question: 'age' }] });
    const tv = { question: 'freq', datapoints: ['tv'], suffixes: ['1'] };
    expect(withinValidBase(tv, { question: 'freq', datapoints: ['tv'] })).toBe(tv);
    expect(withinValidBase({ question: 'freq', suffixes: ['1'] }, { question: 'freq', datapoints: ['tv'] })).toEqual({
      and: [
        { question: 'freq', suffixes: ['1'] },
        { question: 'freq', datapoints: ['tv'] },
      ],
    });
    expect(withinValidBase(age, { question: 'gender' })).toEqual({ and: [age, { question: 'gender' }] });
  });
});
