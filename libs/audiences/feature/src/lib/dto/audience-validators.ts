import { NIL_UUID, UUID_PATTERN } from '@aas/shared-infra/http';
import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';

/** The longest audience name, in characters (code points): the `name` column's CHECK. */
export const NAME_MAX_LENGTH = 255;

/**
 * The name column's rule (1..255 characters, counted as Postgres does: code points), plus no
 * blank names and no NUL, which Postgres text cannot hold (it would otherwise fail as a 500).
 */
export function audienceNameProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'name must be a string';
  if (value.trim().length === 0) return 'name must not be empty or blank';
  if ([...value].length > NAME_MAX_LENGTH) return `name must be at most ${NAME_MAX_LENGTH} characters`;
  if (value.includes('\u0000')) return 'name must not contain the NUL character';
  return undefined;
}

export function IsAudienceName(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isAudienceName',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown) => audienceNameProblem(value) === undefined,
        defaultMessage: (args?: ValidationArguments) => audienceNameProblem(args?.value) ?? 'name is invalid',
      },
    });
}

/** A folder UUID, or the nil UUID for "no folder". */
export function IsFolderId(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isFolderId',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown) => typeof value === 'string' && UUID_PATTERN.test(value),
        defaultMessage: () => `folder_id must be a UUID, or the nil UUID ${NIL_UUID} (or null) for no folder`,
      },
    });
}
