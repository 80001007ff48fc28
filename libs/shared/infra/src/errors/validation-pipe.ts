import { ValidationPipe } from '@nestjs/common';
import { getMetadataStorage, ValidationError, ValidatorOptions } from 'class-validator';

const arrayMembersByClass = new Map<unknown, ReadonlySet<string>>();

/** The members of a DTO class declared as arrays (`x: T[]`, `@IsArray()`, or a rule with `each`). */
function arrayMembers(cls: abstract new (...args: never[]) => unknown): ReadonlySet<string> {
  let members = arrayMembersByClass.get(cls);
  if (!members) {
    const found = new Set<string>();
    for (const rule of getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false)) {
      const declared = Reflect.getMetadata('design:type', cls.prototype as object, rule.propertyName) as unknown;
      if (rule.each || rule.name === 'isArray' || declared === Array) found.add(rule.propertyName);
    }
    members = found;
    arrayMembersByClass.set(cls, members);
  }
  return members;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * A `null` where a DTO declares an array, anywhere in a validated body. class-validator lets it
 * through every optional member (`@IsOptional()` skips null as it skips undefined), and code that
 * then reads `.length` fails with a 500. A member that may be null says so in its type
 * (`T[] | null` is not declared as an array) and is left alone.
 */
export function nullArrayErrors(value: unknown): ValidationError[] {
  if (!isObject(value)) return [];
  const errors: ValidationError[] = [];
  const cls = (value as { constructor?: unknown }).constructor;
  const arrays = typeof cls === 'function' && cls !== Object ? arrayMembers(cls as abstract new () => unknown) : new Set<string>();
  for (const [key, child] of Object.entries(value)) {
    if (child === null && arrays.has(key)) {
      const error = new ValidationError();
      error.property = key;
      error.constraints = { isArray: `${key} must be an array, not null (leave the member out to use its default)` };
      error.children = [];
      errors.push(error);
    } else if (isObject(child) && (Array.isArray(child) || Object.getPrototypeOf(child) !== Object.prototype)) {
      // Arrays and DTO instances only: a plain object (an expression, say) is not a DTO, and
      // class-transformer builds DTO instances only where a DTO declares them, never inside one.
      const children = Array.isArray(child)
        ? child.flatMap((item, i) => {
            const nested = nullArrayErrors(item);
            return nested.length > 0 ? [Object.assign(new ValidationError(), { property: String(i), children: nested })] : [];
          })
        : nullArrayErrors(child);
      if (children.length > 0) errors.push(Object.assign(new ValidationError(), { property: key, children }));
    }
  }
  return errors;
}

/** The service's ValidationPipe: class-validator's rules, plus "an array member is never null". */
export class ServiceValidationPipe extends ValidationPipe {
  protected override async validate(object: object, validatorOptions?: ValidatorOptions): Promise<ValidationError[]> {
    const errors = await super.validate(object, validatorOptions);
    return [...errors, ...nullArrayErrors(object)];
  }
}
