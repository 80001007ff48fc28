import { ArgumentMetadata, ValidationPipe, type ValidationPipeOptions } from '@nestjs/common';
import * as classTransformer from 'class-transformer';
import * as classValidator from 'class-validator';
import { getMetadataStorage, IsObject, ValidationError, ValidationOptions, ValidatorOptions } from 'class-validator';

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

const OPAQUE_MEMBERS = 'aas:opaqueMembers';

/**
 * A member that must be a JSON object whose content the domain checks itself (an audience
 * expression, parsed and checked against the catalogue with its own error paths): validated as
 * `@IsObject()`, and handed to the handler as it came. The service's ValidationPipe does not copy or
 * walk it: a crosstab body carries hundreds of expressions, and Nest's pipe walked each several
 * times (prototype keys, class-transformer's copy, binary values) for a rule that only asks "is
 * it an object".
 */
export function IsOpaqueObject(options?: ValidationOptions): PropertyDecorator {
  return (target, key) => {
    IsObject(options)(target, key);
    const members = (Reflect.getMetadata(OPAQUE_MEMBERS, target) as string[] | undefined) ?? [];
    Reflect.defineMetadata(OPAQUE_MEMBERS, [...members, String(key)], target);
  };
}

/** class-transformer's record of `@Type` members (the nested DTO classes), as @nestjs/mapped-types reads it. */
interface TypeStorage {
  findTypeMetadata(target: object, property: string): { typeFunction?: (options?: unknown) => unknown } | undefined;
}
const typeStorage = (require('class-transformer/cjs/storage') as { defaultMetadataStorage: TypeStorage }).defaultMetadataStorage;

type Dto = abstract new (...args: never[]) => unknown;
/** An object that is not an array (a body, a DTO instance, a plain JSON object). */
const isRecord = (v: unknown): v is Record<string, unknown> => isObject(v) && !Array.isArray(v);

/**
 * Where a DTO class and the DTO classes it nests (through `@Type`) declare opaque members; undefined
 * when none does, so bodies of other DTOs cost nothing.
 */
const opaqueShapes = new Map<Dto, OpaqueShape | undefined>();
interface OpaqueShape {
  readonly members: readonly string[];
  readonly nested: readonly { readonly property: string; readonly shape: OpaqueShape }[];
}

function opaqueShape(cls: Dto, seen = new Set<Dto>()): OpaqueShape | undefined {
  if (opaqueShapes.has(cls)) return opaqueShapes.get(cls);
  if (seen.has(cls)) return undefined;
  seen.add(cls);
  const members = (Reflect.getMetadata(OPAQUE_MEMBERS, cls.prototype as object) as string[] | undefined) ?? [];
  const nested: { property: string; shape: OpaqueShape }[] = [];
  const properties = new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(cls, '', true, false)
      .map((m) => m.propertyName),
  );
  for (const property of properties) {
    const type = typeStorage.findTypeMetadata(cls, property)?.typeFunction?.();
    if (typeof type !== 'function') continue;
    const shape = opaqueShape(type as Dto, seen);
    if (shape) nested.push({ property, shape });
  }
  const shape = members.length > 0 || nested.length > 0 ? { members, nested } : undefined;
  opaqueShapes.set(cls, shape);
  return shape;
}

/** Takes the opaque objects out of a plain body (in a fixed order), leaving `{}` in their place; arrays of nested DTOs included. */
function detach(value: unknown, shape: OpaqueShape, taken: Record<string, unknown>[]): void {
  if (Array.isArray(value)) {
    for (const item of value) detach(item, shape, taken);
    return;
  }
  if (!isRecord(value)) return;
  for (const member of shape.members) {
    const child = value[member];
    // Only a plain object is set aside: anything else stays, for @IsObject to refuse by its path.
    if (isRecord(child) && Object.getPrototypeOf(child) === Object.prototype) {
      taken.push(child);
      value[member] = {};
    }
  }
  for (const { property, shape: inner } of shape.nested) detach(value[property], inner, taken);
}

/** Puts the opaque objects back, in the order they were taken, into the validated instance (which kept the body's structure). */
function reattach(value: unknown, shape: OpaqueShape, taken: Record<string, unknown>[], at: { next: number }): void {
  if (Array.isArray(value)) {
    for (const item of value) reattach(item, shape, taken, at);
    return;
  }
  if (!isObject(value)) return;
  for (const member of shape.members) {
    const child = value[member];
    if (isRecord(child) && Object.keys(child).length === 0 && at.next < taken.length) value[member] = taken[at.next++];
  }
  for (const { property, shape: inner } of shape.nested) reattach(value[property], inner, taken, at);
}

/**
 * The service's ValidationPipe: class-validator's rules, plus "an array member is never null",
 * and opaque members (IsOpaqueObject) set aside while the rest is checked.
 */
export class ServiceValidationPipe extends ValidationPipe {
  constructor(options: ValidationPipeOptions = {}) {
    // The packages given, not loaded by name at run time (which jest's module system cannot do for Nest's ESM).
    super({ validatorPackage: classValidator, transformerPackage: classTransformer, ...options });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const shape = metadata.metatype && isRecord(value) ? opaqueShape(metadata.metatype as Dto) : undefined;
    if (shape === undefined) return super.transform(value, metadata);
    const taken: Record<string, unknown>[] = [];
    detach(value, shape, taken);
    let result: unknown;
    try {
      result = await super.transform(value, metadata);
    } finally {
      // The body itself is whole again, whatever happened (an error may quote it).
      reattach(value, shape, taken, { next: 0 });
    }
    // The validated instance is a copy (transform), with `{}` where each opaque object goes.
    if (result !== value) reattach(result, shape, taken, { next: 0 });
    return result;
  }

  protected override async validate(object: object, validatorOptions?: ValidatorOptions): Promise<ValidationError[]> {
    const errors = await super.validate(object, validatorOptions);
    return [...errors, ...nullArrayErrors(object)];
  }
}
