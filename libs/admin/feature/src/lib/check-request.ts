import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { validationExceptionFactory } from '@aas/shared-infra';

/**
 * Checks a request built outside HTTP (the `npm run org` CLI) against its DTO with the rules the
 * ValidationPipe applies to bodies (unknown members refused), so the CLI refuses what the endpoint
 * refuses, with the same messages. Answers the typed request, or throws the 400 problem.
 */
export function checkRequest<T extends object>(type: new () => T, plain: Record<string, unknown>): T {
  const instance = plainToInstance(type, plain);
  const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  if (errors.length > 0) throw validationExceptionFactory(errors);
  return instance;
}
