import { Injectable, PipeTransform } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, registerDecorator, ValidateIf } from 'class-validator';
import { ProblemException } from '../errors/problem.exception';

export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * A member a response carries but a request may not set (`id`, `created_at`, ...): named in a
 * 400 as read-only, which says more than "unknown member".
 */
export function ReadOnlyMember(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    const name = String(propertyName);
    ValidateIf((o: Record<string, unknown>) => o[name] !== undefined)(target, propertyName);
    registerDecorator({
      name: 'readOnlyMember',
      target: target.constructor,
      propertyName: name,
      validator: {
        validate: () => false,
        defaultMessage: () => `'${name}' is read-only and cannot be set`,
      },
    });
  };
}

/** An integer within [min, max], reported as one message (not three when the value is garbage). */
export function IsIntegerInRange(min: number, max: number): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isIntegerInRange',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => Number.isInteger(value) && (value as number) >= min && (value as number) <= max,
        defaultMessage: () => `${String(propertyName)} must be an integer from ${min} to ${max}`,
      },
    });
}

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 200;
const MAX_OFFSET = 1_000_000_000;

/** `limit`/`offset` of the service's list endpoints (default 50 from 0, at most 200 a page). */
export class PagingQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsIntegerInRange(1, MAX_PAGE_LIMIT)
  limit?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsIntegerInRange(0, MAX_OFFSET)
  offset?: number;
}

/**
 * A UUID path parameter (400 naming it otherwise, before anything is looked up), lower-cased.
 * `new UuidParamPipe('id', 'The chart id')`.
 */
@Injectable()
export class UuidParamPipe implements PipeTransform<string, string> {
  constructor(
    private readonly name: string,
    private readonly what: string,
  ) {}

  transform(value: string): string {
    if (typeof value !== 'string' || !UUID_PATTERN.test(value)) {
      throw ProblemException.validation(`${this.what} must be a UUID`, [{ path: `/${this.name}`, message: `${this.name} must be a UUID` }]);
    }
    return value.toLowerCase();
  }
}
