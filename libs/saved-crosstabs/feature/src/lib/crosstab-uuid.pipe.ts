import { Injectable, PipeTransform } from '@nestjs/common';
import { ProblemException } from '@aas/infra';
import { UUID_PATTERN } from './dto/crosstab-validators';

/** The `{uuid}` path parameter: a UUID (400 otherwise, before anything is looked up), lower-cased. */
@Injectable()
export class CrosstabUuidPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (typeof value !== 'string' || !UUID_PATTERN.test(value)) {
      throw ProblemException.validation('The saved crosstab uuid must be a UUID', [{ path: '/uuid', message: 'uuid must be a UUID' }]);
    }
    return value.toLowerCase();
  }
}
