import { ProblemException, PROBLEM_TYPES } from '../errors/problem.exception';

const PREFIX = 'problem:';

/**
 * A client error raised inside a job (bad input found late) travels through Redis as
 * its problem details, so the gateway answers with the same 4xx it would have given
 * had it run the job itself.
 */
export function encodeJobProblem(error: ProblemException): string {
  return PREFIX + JSON.stringify(error.toProblem());
}

export function decodeJobFailure(reason: string | undefined, attempts: number): ProblemException {
  if (reason && reason.startsWith(PREFIX)) {
    try {
      const p = JSON.parse(reason.slice(PREFIX.length)) as {
        status: number;
        type: string;
        detail: string;
        errors?: { path: string; message: string }[];
      };
      return new ProblemException(p.status, p.type, p.detail, p.errors);
    } catch {
      // fall through to the generic failure
    }
  }
  // The reason stays in the logs: it may carry internals (database errors, hosts).
  return new ProblemException(502, PROBLEM_TYPES.unavailable, `The job failed after ${attempts} attempt(s); the service logged why`);
}
