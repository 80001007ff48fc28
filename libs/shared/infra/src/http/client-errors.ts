import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { PROBLEM_CONTENT_TYPE } from '@aas/shared-contracts';
import { PROBLEM_TYPES, titleOf } from '../errors/problem.exception';
import { REQUEST_ID_HEADER } from './request-id';

/** How long a connection refused before parsing may go on sending before it is closed anyway (ms). */
const DRAIN_MS = 5000;

/** The status and words for a request Node's HTTP parser refused, by its error code. */
function refusalOf(code: string | undefined): { status: number; type: string; detail: string } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, type: PROBLEM_TYPES.http, detail: 'The request headers are larger than this service takes (16 KiB in all)' };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, type: PROBLEM_TYPES.http, detail: 'The request took too long to arrive' };
  return { status: 400, type: PROBLEM_TYPES.badRequest, detail: 'The request is not valid HTTP' };
}

/**
 * Answers requests Node's HTTP parser refuses (headers over its 16 KiB bound: 431; malformed HTTP:
 * 400) in the service's problem shape, and closes their connection without resetting it. Node's own
 * answer writes the status and destroys the socket at once: with the client still sending (a 100 KB
 * Authorization header), the unread bytes make the kernel reset the connection, and the client
 * mostly sees ECONNRESET instead of the 431. Here the socket is ended after the answer and what the
 * client still sends is read and dropped, for at most DRAIN_MS.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const response = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    // The client went away, or a response to this connection is already under way: nothing to answer.
    if (err.code === 'ECONNRESET' || !socket.writable || response?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, type, detail } = refusalOf(err.code);
    // Refused before it was parsed: no request id of the client's can be read, so a new one names it.
    const requestId = randomUUID();
    const body = JSON.stringify({ type, title: titleOf(status), status, detail, request_id: requestId });
    // The parser is done with this connection: what still arrives is only read, to be dropped.
    socket.removeAllListeners('data');
    socket.on('data', () => undefined);
    socket.on('error', () => socket.destroy());
    socket.end(
      `HTTP/1.1 ${status} ${titleOf(status)}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `${REQUEST_ID_HEADER}: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
    socket.resume();
    setTimeout(() => socket.destroy(), DRAIN_MS).unref();
  });
}
