import type { CheckFailure, ProblemFieldError } from '@aas/shared-contracts';

export type { CheckFailure };

export type CheckOutcome<T> = { readonly ok: true; readonly value: T } | ({ readonly ok: false } & CheckFailure);

/**
 * Collects the field problems of one request, then decides its outcome by the rule of
 * `CheckFailure`: 403 when anything is not licensed, else 400. Every request check of the service
 * (crosstabs, charts, saved audiences, saved crosstabs, the MCP tools) goes through it, so the rule
 * and the wording of its details are the same everywhere.
 */
export class FieldProblems {
  readonly badRequest: ProblemFieldError[] = [];
  readonly forbidden: ProblemFieldError[] = [];
  private recorded = 0;

  /** `maxErrors`: problems past this many are dropped, so thousands of bad members do not make a huge answer. */
  constructor(private readonly maxErrors = Number.POSITIVE_INFINITY) {}

  /** A member that is malformed or names something that does not exist (400). */
  unknown(path: string, message: string): void {
    this.record(this.badRequest, path, message);
  }

  /** A member that names something the organisation is not licensed for (403). */
  notLicensed(path: string, message: string): void {
    this.record(this.forbidden, path, message);
  }

  get empty(): boolean {
    return this.badRequest.length === 0 && this.forbidden.length === 0;
  }

  /**
   * The failure these problems make, or null when there are none. 403 wins over 400: fixing codes
   * cannot help a caller who may not use the data at all. `what` names the request in a 400's
   * detail ("The crosstab request is invalid: /rows/0/expression"); `notLicensed`, when given, is
   * a 403's detail (by default the paths).
   */
  failure(what: string, notLicensed?: string): CheckFailure | null {
    if (this.forbidden.length > 0) return { status: 403, detail: notLicensed ?? `Not licensed: ${pathsOf(this.forbidden)}`, errors: this.forbidden };
    if (this.badRequest.length > 0) return { status: 400, detail: `${what} is invalid: ${pathsOf(this.badRequest)}`, errors: this.badRequest };
    return null;
  }

  private record(list: ProblemFieldError[], path: string, message: string): void {
    if (this.recorded >= this.maxErrors) return;
    this.recorded++;
    list.push({ path, message });
  }
}

/** Each path once, in the order first met. */
function pathsOf(errors: readonly ProblemFieldError[]): string {
  return [...new Set(errors.map((e) => e.path))].join(', ');
}

/** A failure as a `CheckOutcome`. */
export function failed<T>(failure: CheckFailure): CheckOutcome<T> {
  return { ok: false, ...failure };
}
