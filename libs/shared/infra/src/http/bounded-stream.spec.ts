import { EventEmitter } from 'node:events';
import net from 'node:net';
import { BoundedStreamWriter } from './bounded-stream';

/** A response whose client takes data only when the test says so. */
class FakeResponse extends EventEmitter {
  writableLength = 0;
  writableFinished = false;
  destroyed = false;
  ended = false;
  written = 0;

  write(chunk: string): boolean {
    this.writableLength += chunk.length;
    this.written += chunk.length;
    return this.writableLength < 16;
  }
  end(): void {
    this.ended = true;
    if (this.writableLength === 0) this.finish();
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('close');
  }
  /** The client takes `bytes`; 'drain' once nothing is left. */
  take(bytes: number): void {
    this.writableLength = Math.max(0, this.writableLength - bytes);
    if (this.writableLength === 0) {
      this.emit('drain');
      if (this.ended) this.finish();
    }
  }
  private finish(): void {
    this.writableFinished = true;
    this.emit('finish');
  }
}

/** A connected pair of loopback sockets for `test`, closed (with their server) whatever it does. */
async function withSocketPair(test: (client: net.Socket, serverSide: net.Socket) => Promise<void>): Promise<void> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
  const client = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
  const serverSide = await accepted;
  try {
    await test(client, serverSide);
  } finally {
    client.destroy();
    serverSide.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('BoundedStreamWriter', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('lets writes through while the buffer is within the bound', async () => {
    const res = new FakeResponse();
    const writer = new BoundedStreamWriter(res, { writeTimeoutMs: 1000, maxBufferedBytes: 100 });
    await expect(writer.write('x'.repeat(60))).resolves.toBe(true);
    await expect(writer.write('x'.repeat(40))).resolves.toBe(true);
    expect(res.written).toBe(100);
  });

  it('waits past the bound until the client takes data', async () => {
    const res = new FakeResponse();
    const writer = new BoundedStreamWriter(res, { writeTimeoutMs: 1000, maxBufferedBytes: 100 });
    let done = false;
    const pending = writer.write('x'.repeat(150)).then((ok) => ((done = true), ok));
    await jest.advanceTimersByTimeAsync(500);
    expect(done).toBe(false);
    res.take(150);
    await expect(pending).resolves.toBe(true);
  });

  it('cuts off a client that takes nothing for the write timeout', async () => {
    const res = new FakeResponse();
    const cutOff = jest.fn();
    const writer = new BoundedStreamWriter(res, { writeTimeoutMs: 1000, maxBufferedBytes: 100 }, cutOff);
    const pending = writer.write('x'.repeat(150));
    await jest.advanceTimersByTimeAsync(1000);
    await expect(pending).resolves.toBe(false);
    expect(res.destroyed).toBe(true);
    expect(writer.stop).toBe('cut-off');
    expect(cutOff).toHaveBeenCalledWith({ bufferedBytes: 150, writeTimeoutMs: 1000 });
    await expect(writer.write('more')).resolves.toBe(false);
  });

  it('keeps a client that takes some data within every timeout, however slowly', async () => {
    const res = new FakeResponse();
    const writer = new BoundedStreamWriter(res, { writeTimeoutMs: 1000, maxBufferedBytes: 100 });
    const pending = writer.write('x'.repeat(400));
    for (let i = 0; i < 3; i++) {
      await jest.advanceTimersByTimeAsync(900);
      res.take(100);
    }
    await jest.advanceTimersByTimeAsync(900);
    res.take(100);
    await expect(pending).resolves.toBe(true);
    expect(res.destroyed).toBe(false);
  });

  it('counts data the client took while this process was stalled past the timeout', async () => {
    // Real timers and real I/O: the phases of the event loop are what this is about. The "client
    // took data" news arrives as a socket event that became ready while the loop was blocked; on
    // waking, the expired timer runs before that event is read.
    jest.useRealTimers();
    await withSocketPair(async (client, serverSide) => {
      const res = new FakeResponse();
      serverSide.on('data', () => res.take(150));
      const cutOff = jest.fn();
      const writer = new BoundedStreamWriter(res, { writeTimeoutMs: 20, maxBufferedBytes: 100 }, cutOff);
      const pending = writer.write('x'.repeat(150));
      client.write('took');
      const until = Date.now() + 200;
      while (Date.now() < until); // the stall: the timer expires, the socket event waits
      await expect(pending).resolves.toBe(true);
      expect(cutOff).not.toHaveBeenCalled();
      expect(res.destroyed).toBe(false);
    });
  });

  it('reports a client that went away, and writes nothing more', async () => {
    const res = new FakeResponse();
    const writer = new BoundedStreamWriter(res, { writeTimeoutMs: 1000, maxBufferedBytes: 100 });
    const pending = writer.write('x'.repeat(150));
    res.emit('close');
    await expect(pending).resolves.toBe(false);
    expect(writer.stop).toBe('client-gone');
  });

  it('says when a real socket has taken a chunk, and never for a chunk it did not write', async () => {
    jest.useRealTimers();
    await withSocketPair(async (client, serverSide) => {
      const received: Buffer[] = [];
      client.on('data', (data: Buffer) => received.push(data));
      const writer = new BoundedStreamWriter(serverSide, { writeTimeoutMs: 5000, maxBufferedBytes: 1 << 20 });
      const chunk = Buffer.from('a chunk the caller wants back');
      const sent = new Promise<boolean>((resolve) => void writer.write(chunk, resolve));
      await expect(sent).resolves.toBe(true);
      await new Promise<void>((resolve) => (Buffer.concat(received).length === chunk.length ? resolve() : client.once('data', () => resolve())));
      expect(Buffer.concat(received).toString()).toBe('a chunk the caller wants back');
      serverSide.destroy();
      const notSent = jest.fn();
      await expect(writer.write(Buffer.from('too late'), notSent)).resolves.toBe(false);
      await new Promise((resolve) => setImmediate(resolve));
      expect(notSent).not.toHaveBeenCalled();
    });
  });

  it('waits, within the bound, for the client to take the end of the stream', async () => {
    const res = new FakeResponse();
    const writer = new BoundedStreamWriter(res, { writeTimeoutMs: 1000, maxBufferedBytes: 100 });
    await writer.write('x'.repeat(80));
    const ended = writer.end();
    await jest.advanceTimersByTimeAsync(1000);
    await ended;
    expect(res.destroyed).toBe(true);
    expect(writer.stop).toBe('cut-off');
  });
});
