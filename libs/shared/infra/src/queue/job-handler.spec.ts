import { IsArray, IsObject, IsString, MaxLength } from 'class-validator';
import { ProblemException } from '../errors/problem.exception';
import { validateJobPayload } from './job-handler';

class Payload {
  @IsString() @MaxLength(8) name!: string;
  @IsArray() @IsObject({ each: true }) items!: object[];
}

function problemOf(payload: unknown, shallow: boolean): ProblemException | undefined {
  try {
    validateJobPayload('test.job', Payload, payload, shallow);
    return undefined;
  } catch (err) {
    return err as ProblemException;
  }
}

describe('validateJobPayload', () => {
  const cases: [string, unknown, string[]][] = [
    ['a valid payload', { name: 'ok', items: [{ a: 1 }] }, []],
    ['an unknown member', { name: 'ok', items: [], extra: 1 }, ['/extra']],
    ['a wrong type', { name: 7, items: [] }, ['/name']],
    ['a member too long', { name: 'much too long', items: [] }, ['/name']],
    ['a non-object item', { name: 'ok', items: [1] }, ['/items']],
    ['a missing member', { items: [] }, ['/name']],
  ];
  for (const shallow of [false, true]) {
    it.each(cases)(`${shallow ? 'shallow' : 'deep'}: %s`, (_label, payload, paths) => {
      const problem = problemOf(payload, shallow);
      if (paths.length === 0) return expect(problem).toBeUndefined();
      expect(problem?.getStatus()).toBe(400);
      expect([...new Set(problem?.fieldErrors?.map((e) => e.path))]).toEqual(paths);
    });
  }

  it('refuses a payload that is not an object, in either mode', () => {
    for (const shallow of [false, true]) {
      for (const payload of [null, [], 'x', 3]) expect(problemOf(payload, shallow)?.getStatus()).toBe(400);
    }
  });

  it('does not copy nested values in shallow mode (the handler parses them), and leaves the payload unchanged', () => {
    const items = [{ deep: { deeper: [1, 2, 3] } }];
    const payload = { name: 'ok', items };
    expect(problemOf(payload, true)).toBeUndefined();
    expect(payload.items).toBe(items);
    expect(Object.keys(payload)).toEqual(['name', 'items']);
  });
});
