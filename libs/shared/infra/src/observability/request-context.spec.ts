import { currentRequestId, newJobId, runWithRequestId } from './request-context';

describe('request context: job ids derived from the request id', () => {
  it('numbers the jobs of one request, keeps the request id readable, and differs between requests sending the same id', () => {
    const first = runWithRequestId('abc-123', () => [newJobId(), newJobId(), currentRequestId()]);
    const second = runWithRequestId('abc-123', () => newJobId());
    const [a, b, seen] = first as [{ jobId: string; requestId: string }, { jobId: string; requestId: string }, string];
    expect(seen).toBe('abc-123');
    expect(a).toEqual({ jobId: expect.stringMatching(/^abc-123\.1\.[0-9a-f]{8}$/), requestId: 'abc-123' });
    expect(b.jobId).toMatch(/^abc-123\.2\.[0-9a-f]{8}$/);
    expect(a.jobId.split('.')[2]).toBe(b.jobId.split('.')[2]);
    expect(second.jobId).toMatch(/^abc-123\.1\./);
    expect(second.jobId).not.toBe(a.jobId);
  });

  it('replaces the colons BullMQ refuses in ids, but hands on the request id as sent', () => {
    const { jobId, requestId } = runWithRequestId('tenant:trace:7', () => newJobId());
    expect(jobId).toMatch(/^tenant_trace_7\.1\.[0-9a-f]{8}$/);
    expect(jobId).not.toContain(':');
    expect(requestId).toBe('tenant:trace:7');
  });

  it('never makes an id BullMQ takes for an integer, even from a numeric request id', () => {
    const { jobId } = runWithRequestId('12345', () => newJobId());
    expect(`${parseInt(jobId, 10)}`).not.toBe(jobId);
  });

  it('keeps the context across awaits, and gives a random id outside any request', async () => {
    const inside = await runWithRequestId('async-1', async () => {
      await new Promise((r) => setTimeout(r, 1));
      await Promise.resolve();
      return newJobId();
    });
    expect(inside.requestId).toBe('async-1');
    expect(currentRequestId()).toBeUndefined();
    const outside = newJobId();
    expect(outside.requestId).toBeUndefined();
    expect(outside.jobId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});
