import type { CheckFailure, ProblemFieldError } from '@aas/contracts';

export type { CheckFailure };

export type CheckOutcome<T> = { readonly ok: true; readonly value: T } | ({ readonly ok: false } & CheckFailure);

/** Collects field problems of one request, then decides its outcome by the rule of `CheckFailure`. */
export class FieldProblems {
  readonly badRequest: ProblemFieldError[] = [];
  readonly forbidden: ProblemFieldError[] = [];

  unknown(path: string, message: string): void {
    this.badRequest.push({ path, message });
  }

  notLicensed(path: string, message: string): void {
    this.forbidden.push({ path, message });
  }

  get empty(): boolean {
    return this.badRequest.length === 0 && this.forbidden.length === 0;
  }

  /** The failure these problems make, or null when there are none. `what` names the request ("The crosstab request"). */
  failure(what: string): CheckFailure | null {
    if (this.forbidden.length > 0) return { status: 403, detail: `Not licensed: ${this.forbidden.map((e) => e.path).join(', ')}`, errors: this.forbidden };
    if (this.badRequest.length > 0)
      return { status: 400, detail: `${what} is invalid: ${this.badRequest.map((e) => e.path).join(', ')}`, errors: this.badRequest };
    return null;
  }
}

/** A failure as a `CheckOutcome`. */
export function failed<T>(failure: CheckFailure): CheckOutcome<T> {
  return { ok: false, ...failure };
}
