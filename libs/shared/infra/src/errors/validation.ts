import { ValidationError } from 'class-validator';
import { ProblemFieldError } from '@aas/shared-contracts';
import { ProblemException } from './problem.exception';

/** Escapes one JSON-pointer token (RFC 6901). */
export function pointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function joinPointer(base: string, token: string | number): string {
  return `${base}/${pointerToken(token)}`;
}

/** Flattens class-validator's nested errors into `{path, message}` with JSON-pointer paths. */
export function flattenValidationErrors(errors: ValidationError[], base = ''): ProblemFieldError[] {
  const out: ProblemFieldError[] = [];
  for (const error of errors) {
    const path = joinPointer(base, error.property);
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) {
      out.push({
        path,
        message: constraint === 'whitelistValidation' ? `unknown member '${error.property}' is not allowed` : message,
      });
    }
    if (error.children && error.children.length > 0) out.push(...flattenValidationErrors(error.children, path));
  }
  return out;
}

/** The ValidationPipe's exceptionFactory: one 400 naming every offending member. */
export function validationExceptionFactory(errors: ValidationError[]): ProblemException {
  const fieldErrors = flattenValidationErrors(errors);
  const names = [...new Set(fieldErrors.map((e) => e.path))].join(', ');
  return ProblemException.validation(`The request is invalid: ${names || 'see errors'}`, fieldErrors);
}
