import { Injectable, PipeTransform } from '@nestjs/common';
import { ProblemException } from '@aas/infra';
import { UUID_PATTERN } from './dto/audience-validators';

/** The `{id}` path parameter: a UUID (400 otherwise, before anything is looked up), lower-cased. */
@Injectable()
export class AudienceIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (typeof value !== 'string' || !UUID_PATTERN.test(value)) {
      throw ProblemException.validation('The audience id must be a UUID', [{ path: '/id', message: 'id must be a UUID' }]);
    }
    return value.toLowerCase();
  }
}
