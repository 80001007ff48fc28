import { ValidationError } from 'class-validator';
import { flattenValidationErrors, pointerToken } from './validation';

describe('flattenValidationErrors', () => {
  it('gives nested members JSON-pointer paths and names unknown members', () => {
    const child = Object.assign(new ValidationError(), { property: '0', constraints: { isString: 'name must be a string' }, children: [] });
    const errors = [
      Object.assign(new ValidationError(), { property: 'rows', children: [child] }),
      Object.assign(new ValidationError(), { property: 'colour', constraints: { whitelistValidation: 'property colour should not exist' }, children: [] }),
    ];
    expect(flattenValidationErrors(errors)).toEqual([
      { path: '/rows/0', message: 'name must be a string' },
      { path: '/colour', message: "unknown member 'colour' is not allowed" },
    ]);
  });

  it('escapes pointer tokens', () => {
    expect(pointerToken('a/b~c')).toBe('a~1b~0c');
  });
});
