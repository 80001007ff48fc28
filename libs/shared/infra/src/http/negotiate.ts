import { ProblemException } from '../errors/problem.exception';

/** What content negotiation needs of a request (Express's `req.accepts`, which weighs q-values and wildcards). */
export interface AcceptingRequest {
  accepts(types: string[]): string | false;
}

/**
 * The media type to answer with: the one of `offered` the request's Accept header prefers (no
 * Accept header, or a wildcard, takes the first offered), else a 406 problem naming the header and
 * what the operation can answer with.
 */
export function negotiateMediaType<T extends string>(req: AcceptingRequest, offered: readonly T[]): T {
  const chosen = req.accepts([...offered]);
  if (chosen === false) {
    throw ProblemException.notAcceptable(`The Accept header allows none of the media types this operation answers with: ${offered.join(', ')}`);
  }
  return chosen as T;
}
