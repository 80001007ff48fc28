import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request id of a request: the client's `x-request-id` when it is a sane token
 * (so ids can be followed across services), otherwise a new UUID. Also sets the
 * response header, so every response carries it, errors included.
 */
export function assignRequestId(req: IncomingMessage & { id?: unknown }, res: ServerResponse): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  const candidate = Array.isArray(sent) ? sent[0] : sent;
  const id = candidate && ACCEPTABLE.test(candidate) ? candidate : randomUUID();
  req.id = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}
