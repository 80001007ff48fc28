import { failed, FieldProblems } from './check';

describe('FieldProblems', () => {
  it('has no failure while nothing is recorded', () => {
    const problems = new FieldProblems();
    expect(problems.empty).toBe(true);
    expect(problems.failure('The request')).toBeNull();
  });

  it('answers 400 naming each path once, with the request named in the detail', () => {
    const problems = new FieldProblems();
    problems.unknown('/rows/0/expression/question', 'unknown question "x"');
    problems.unknown('/waves/1', "unknown wave 'q9'");
    problems.unknown('/rows/0/expression/question', 'a second problem at the same member');
    expect(problems.failure('The crosstab request')).toEqual({
      status: 400,
      detail: 'The crosstab request is invalid: /rows/0/expression/question, /waves/1',
      errors: [
        { path: '/rows/0/expression/question', message: 'unknown question "x"' },
        { path: '/waves/1', message: "unknown wave 'q9'" },
        { path: '/rows/0/expression/question', message: 'a second problem at the same member' },
      ],
    });
  });

  it('answers 403 as soon as anything is not licensed, with only those errors', () => {
    const problems = new FieldProblems();
    problems.unknown('/waves/0', "unknown wave 'q9'");
    problems.notLicensed('/locations/0', "location 'de' is not licensed to your organisation");
    expect(problems.failure('The request')).toEqual({
      status: 403,
      detail: 'Not licensed: /locations/0',
      errors: [{ path: '/locations/0', message: "location 'de' is not licensed to your organisation" }],
    });
    expect(problems.failure('The request', 'The chart uses a location your organisation is not licensed for')?.detail).toBe(
      'The chart uses a location your organisation is not licensed for',
    );
  });

  it('keeps at most maxErrors problems, of either kind, in the order recorded', () => {
    const problems = new FieldProblems(2);
    problems.unknown('/a', 'a');
    problems.notLicensed('/b', 'b');
    problems.notLicensed('/c', 'c');
    problems.unknown('/d', 'd');
    expect(problems.badRequest).toEqual([{ path: '/a', message: 'a' }]);
    expect(problems.forbidden).toEqual([{ path: '/b', message: 'b' }]);
  });

  it('turns a failure into a failed outcome', () => {
    expect(failed({ status: 400, detail: 'd', errors: [] })).toEqual({ ok: false, status: 400, detail: 'd', errors: [] });
  });
});
