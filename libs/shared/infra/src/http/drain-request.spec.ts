import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterRequestBody } from './drain-request';

/** An IncomingMessage stand-in: a stream with the members afterRequestBody reads. */
function fakeRequest(headers: Record<string, string> = {}): PassThrough & { complete: boolean; headers: Record<string, string> } {
  const req = Object.assign(new PassThrough(), { complete: false, headers });
  req.pause();
  return req;
}

describe('afterRequestBody', () => {
  const bounds = { maxBytes: 1000, maxMs: 200 };

  it('answers at once when the body was received already', () => {
    const then = jest.fn();
    const req = fakeRequest();
    req.complete = true;
    afterRequestBody(req as never, bounds, then);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('waits for the rest of the body, dropping it, then answers once', async () => {
    const then = jest.fn();
    const req = fakeRequest();
    afterRequestBody(req as never, bounds, then);
    req.write(Buffer.alloc(300));
    await new Promise((r) => setImmediate(r));
    expect(then).not.toHaveBeenCalled();
    req.end(Buffer.alloc(300));
    await new Promise((r) => setImmediate(r));
    expect(then).toHaveBeenCalledTimes(1);
    req.emit('close');
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('does not wait for a body declared larger than the bound', () => {
    const then = jest.fn();
    afterRequestBody(fakeRequest({ 'content-length': '5000' }) as never, bounds, then);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('stops waiting once more than the bound has arrived', async () => {
    const then = jest.fn();
    const req = fakeRequest();
    afterRequestBody(req as never, bounds, then);
    req.write(Buffer.alloc(1200));
    await new Promise((r) => setImmediate(r));
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('stops waiting for a client that stalls, after the time bound', async () => {
    const then = jest.fn();
    const req = fakeRequest();
    afterRequestBody(req as never, bounds, then);
    req.write(Buffer.alloc(10));
    await new Promise((r) => setTimeout(r, 50));
    expect(then).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 300));
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('lets a Connection: close client that is still sending read an early refusal (real sockets)', async () => {
    // The server refuses on the headers alone, as a guard does; the client sends 2 MiB in pieces.
    const server = http.createServer((req, res) =>
      afterRequestBody(req, { maxBytes: 16 * 1024 * 1024, maxMs: 5000 }, () => res.writeHead(403, { 'content-type': 'text/plain' }).end('no')),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const outcomes: string[] = [];
      for (let i = 0; i < 20; i++) {
        outcomes.push(
          await new Promise<string>((resolve) => {
            const size = 2 * 1024 * 1024;
            const req = http.request(
              { port, host: '127.0.0.1', method: 'POST', agent: false, headers: { connection: 'close', 'content-length': size } },
              (res) => {
                res.resume();
                res.on('end', () => resolve(String(res.statusCode)));
              },
            );
            req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
            // A reset can also leave the client waiting on a write that never drains.
            setTimeout(() => {
              req.destroy();
              resolve('no answer within 10 s');
            }, 10_000).unref();
            const piece = Buffer.alloc(64 * 1024);
            let sent = 0;
            const pump = () => {
              while (sent < size) {
                sent += piece.length;
                if (!req.write(piece)) return void req.once('drain', () => setImmediate(pump));
              }
              req.end();
            };
            pump();
          }),
        );
        if (outcomes[i] !== '403') break;
      }
      expect(outcomes).toEqual(Array(20).fill('403'));
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
