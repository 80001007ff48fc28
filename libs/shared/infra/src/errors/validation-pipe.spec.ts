import { plainToInstance, Type } from 'class-transformer';
import { IsArray, IsOptional, IsString, ValidationError, validateSync, ValidateNested } from 'class-validator';
import { flattenValidationErrors } from './validation';
import { IsOpaqueObject, nullArrayErrors, ServiceValidationPipe } from './validation-pipe';

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

class Audience {
  @IsOptional() @IsString() id?: string;
  @IsOpaqueObject() expression!: Record<string, unknown>;
}

class Query {
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => Audience) rows?: Audience[];
  @IsOptional() @ValidateNested() @Type(() => Audience) base?: Audience;
  @IsOptional() @IsArray() @IsString({ each: true }) waves?: string[];
}

describe('ServiceValidationPipe with opaque members (IsOpaqueObject)', () => {
  const pipe = new ServiceValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    exceptionFactory: (errors) =>
      new Error(
        flattenValidationErrors(errors as ValidationError[])
          .map((e) => `${e.path}: ${e.message}`)
          .join('; '),
      ),
  });
  const run = (body: unknown) => pipe.transform(body, { type: 'body', metatype: Query, data: '' });

  it('hands each opaque object over as it came, inside a validated instance', async () => {
    const deep = { and: [{ question: 'q', datapoints: ['a'] }, { or: [{ question: 'r' }, {}] }], __proto__: 1 };
    const body = { rows: [{ id: 'a', expression: deep }, { expression: {} }], base: { expression: { question: 'b' } }, waves: ['w1'] };
    const result = (await run(body)) as Query;
    expect(result).toBeInstanceOf(Query);
    expect(result.rows?.[0]).toBeInstanceOf(Audience);
    expect(result.rows?.[0].expression).toBe(deep);
    expect(result.rows?.[1].expression).toBe(body.rows[1].expression);
    expect(result.base?.expression).toEqual({ question: 'b' });
    // The body itself is whole again.
    expect(body.rows[0].expression).toBe(deep);
  });

  it('still refuses an opaque member that is not an object, and unknown members beside it, by path', async () => {
    await expect(run({ rows: [{ expression: {} }, { expression: ['x'] }] })).rejects.toThrow(/^\/rows\/1\/expression: expression must be an object$/);
    await expect(run({ rows: [{ expression: 'x' }] })).rejects.toThrow(/\/rows\/0\/expression: /);
    await expect(run({ base: { expression: null } })).rejects.toThrow(/\/base\/expression: /);
    await expect(run({ rows: [{ expression: {}, extra: 1 }] })).rejects.toThrow(/\/rows\/0\/extra: /);
    await expect(run({ rows: [{ id: 5, expression: { question: 'q' } }] })).rejects.toThrow(/\/rows\/0\/id: /);
  });

  it('leaves the body whole when it refuses it', async () => {
    const expression = { question: 'q', datapoints: ['a'] };
    const body = { rows: [{ expression }, { expression: 3 }], waves: [1] };
    await expect(run(body)).rejects.toThrow('/rows/1/expression: expression must be an object; /waves: each value in waves must be a string');
    expect(body.rows[0].expression).toBe(expression);
  });
});
