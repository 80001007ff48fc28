import type { Job } from 'bullmq';

/**
 * The job option that carries the id of the request a job serves (the worker logs it with the job).
 * An option, not a payload member: payloads are validated member by member, and a worker of the
 * previous release would refuse a payload with a member it does not know. BullMQ stores option
 * names it does not know with the job's options and reads them back (job-path.integration-spec.ts
 * checks that it still does).
 */
export const REQUEST_ID_JOB_OPTION = 'aasRequestId';

/** The request id a job was queued with (see REQUEST_ID_JOB_OPTION), if any. */
export function requestIdOfJob(job: Pick<Job, 'opts'>): string | undefined {
  const value = (job.opts as Record<string, unknown> | undefined)?.[REQUEST_ID_JOB_OPTION];
  return typeof value === 'string' ? value : undefined;
}
