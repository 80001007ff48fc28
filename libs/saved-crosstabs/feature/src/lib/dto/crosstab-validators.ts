import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';

/* Validators of the saved-crosstab DTOs (the ones every feature uses are in @aas/shared-infra). */

/**
 * A string of `min`..`max` characters counted as Postgres counts them (code points), never
 * containing NUL (Postgres text cannot hold it, so it would otherwise fail as a 500), and,
 * when `min` > 0, not blank.
 */
export function textProblem(value: unknown, name: string, min: number, max: number): string | undefined {
  if (typeof value !== 'string') return `${name} must be a string`;
  if (min > 0 && value.trim().length === 0) return `${name} must not be empty or blank`;
  if ([...value].length > max) return `${name} must be at most ${max} characters`;
  if (value.includes('\u0000')) return `${name} must not contain the NUL character`;
  return undefined;
}

/** See `textProblem`. The message names the member. */
export function IsText(min: number, max: number): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    const name = String(propertyName);
    registerDecorator({
      name: 'isText',
      target: target.constructor,
      propertyName: name,
      validator: {
        validate: (value: unknown) => textProblem(value, name, min, max) === undefined,
        defaultMessage: (args?: ValidationArguments) => textProblem(args?.value, name, min, max) ?? `${name} is invalid`,
      },
    });
  };
}

/** A plain JSON object (not an array, not null); with `each`, every item of an array. */
export function IsJsonObject(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    const name = String(propertyName);
    registerDecorator({
      name: 'isJsonObject',
      target: target.constructor,
      propertyName: name,
      options,
      validator: {
        validate: (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value),
        defaultMessage: () => (options?.each ? `each item of ${name} must be an object` : `${name} must be an object`),
      },
    });
  };
}

/**
 * An RFC 3339 date-time with a time zone (`2025-11-21T10:15:30.123Z`), the form responses use:
 * a time without a zone would be read in the server's zone, which a client cannot know.
 */
export const DATE_TIME_PATTERN = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:\d\d)$/i;

export function IsDateTime(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    const name = String(propertyName);
    registerDecorator({
      name: 'isDateTime',
      target: target.constructor,
      propertyName: name,
      validator: {
        validate: (value: unknown) => typeof value === 'string' && DATE_TIME_PATTERN.test(value) && !Number.isNaN(Date.parse(value)),
        defaultMessage: () => `${name} must be an ISO 8601 date-time with a time zone, e.g. 2025-11-21T10:15:30.123Z`,
      },
    });
  };
}

/** An array of at most `max` items, as one message (not one per failed rule). */
export function IsArrayOfAtMost(max: number, items: string): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    const name = String(propertyName);
    registerDecorator({
      name: 'isArrayOfAtMost',
      target: target.constructor,
      propertyName: name,
      validator: {
        validate: (value: unknown) => Array.isArray(value) && value.length <= max,
        defaultMessage: () => `${name} must be an array of at most ${max} ${items}`,
      },
    });
  };
}

/** Why a list of catalogue codes is malformed (one message for the member), or undefined. */
export function codeListProblem(value: unknown, name: string, max: number, codeMax: number): string | undefined {
  if (!Array.isArray(value) || value.length > max) return `${name} must be an array of at most ${max} codes`;
  if (!value.every((c) => typeof c === 'string' && c.length >= 1 && c.length <= codeMax)) {
    return `each value of ${name} must be a string of 1 to ${codeMax} characters`;
  }
  if (new Set(value).size !== value.length) return `${name} must not contain a code twice`;
  return undefined;
}

export function IsCodeList(max: number, codeMax: number): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    const name = String(propertyName);
    registerDecorator({
      name: 'isCodeList',
      target: target.constructor,
      propertyName: name,
      validator: {
        validate: (value: unknown) => codeListProblem(value, name, max, codeMax) === undefined,
        defaultMessage: (args?: ValidationArguments) => codeListProblem(args?.value, name, max, codeMax) ?? `${name} is invalid`,
      },
    });
  };
}
