import { Injectable, PipeTransform } from '@nestjs/common';
import { ProblemException } from '@aas/infra';

const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** The `{id}` path parameter: a UUID (400 otherwise, before anything is looked up), lower-cased. */
@Injectable()
export class ChartIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (typeof value !== 'string' || !UUID_PATTERN.test(value)) {
      throw ProblemException.validation('The chart id must be a UUID', [{ path: '/id', message: 'id must be a UUID' }]);
    }
    return value.toLowerCase();
  }
}
