import { plainToInstance, Type } from 'class-transformer';
import { IsArray, IsOptional, IsString, validateSync, ValidateNested } from 'class-validator';
import { flattenValidationErrors } from './validation';
import { nullArrayErrors } from './validation-pipe';

class Row {
  @IsString() id!: string;
  @IsOptional() @IsString({ each: true }) tags?: string[];
}

class Body {
  @IsOptional() @IsArray() @IsString({ each: true }) waves?: string[];
  @IsOptional() @ValidateNested({ each: true }) @Type(() => Row) rows?: Row[];
  /** May be null on purpose: not declared as an array. */
  @IsOptional() @IsString({ each: false }) note?: string | null;
  @IsOptional() @IsArray() bases?: string[] | null;
}

/** What the service's ValidationPipe reports for a body: class-validator's rules, then nulls in arrays' places. */
function paths(value: object): string[] {
  const instance = plainToInstance(Body, value);
  const errors = [...validateSync(instance, { whitelist: true, forbidNonWhitelisted: true }), ...nullArrayErrors(instance)];
  return flattenValidationErrors(errors).map((e) => `${e.path}: ${e.message}`);
}

describe('nullArrayErrors (the ServiceValidationPipe rule)', () => {
  it('refuses null where an array is declared, at any depth, naming it', () => {
    expect(paths({ waves: null })).toEqual(['/waves: waves must be an array, not null (leave the member out to use its default)']);
    expect(paths({ rows: [{ id: 'a' }, { id: 'b', tags: null }] })).toEqual([expect.stringMatching(/^\/rows\/1\/tags: /)]);
    expect(paths({ rows: null })).toEqual([expect.stringMatching(/^\/rows: /)]);
  });

  it('accepts arrays, absent members, and null where the type allows it', () => {
    expect(paths({ waves: ['q1'], rows: [{ id: 'a', tags: ['t'] }], note: null })).toEqual([]);
    expect(paths({})).toEqual([]);
  });

  it('still reports the other rules beside it', () => {
    expect(paths({ waves: null, rows: [{ id: 3 }] })).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/rows\/0\/id: /), expect.stringMatching(/^\/waves: /)]),
    );
  });
});
