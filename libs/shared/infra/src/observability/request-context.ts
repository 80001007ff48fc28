import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** What the code serving one HTTP request can find out about it without being handed it. */
interface RequestContext {
  readonly requestId: string;
  /** Random per request: a client may send the same x-request-id twice, and job ids must still differ. */
  readonly nonce: string;
  /** Jobs this request has queued so far. */
  jobs: number;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Express middleware: runs the rest of the request inside its context, so that code far from the
 * controller (the job runner) can read the request id. Mounted after the body parser: the parser
 * resumes on the socket's own callbacks, which would not carry a context entered before it.
 */
export function requestContextMiddleware(req: Request & { id?: unknown }, _res: Response, next: NextFunction): void {
  const requestId = typeof req.id === 'string' && req.id !== '' ? req.id : randomUUID();
  storage.run({ requestId, nonce: randomBytes(4).toString('hex'), jobs: 0 }, next);
}

/** Runs `fn` as if serving request `requestId` (tests, and code that starts work for a request outside its middleware chain). */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId, nonce: randomBytes(4).toString('hex'), jobs: 0 }, fn);
}

/** The id of the request being served, when there is one. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/**
 * A new job id: `<request id>.<n>.<nonce>` inside a request (the n-th job it queued; `:` of the
 * request id becomes `_`, as BullMQ refuses ids with a colon), a random UUID outside one. Unique per
 * job whatever the client sent as its request id, and found by searching for the request id.
 */
export function newJobId(): { jobId: string; requestId: string | undefined } {
  const context = storage.getStore();
  if (!context) return { jobId: randomUUID(), requestId: undefined };
  context.jobs += 1;
  return { jobId: `${context.requestId.replace(/:/g, '_')}.${context.jobs}.${context.nonce}`, requestId: context.requestId };
}
