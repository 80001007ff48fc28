import type { Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { BoundedStreamWriter, toProblem } from '@aas/shared-infra/http';
import { ChunkPool } from './chunk-pool';
import { CrosstabCellSerializer } from './crosstab-cell.serializer';
import type { CrosstabResultBlock, CrosstabRun } from './run-crosstab/run-crosstab.usecase';

export const NDJSON = 'application/x-ndjson';
export const JSON_SEQ = 'application/json-seq';
const RS = '\u001e';

/**
 * The buffers crosstab streams are written into, about how much goes to the socket in one write
 * (more when one cell is larger), shared by every request of this process: 16 free ones kept at
 * most (1 MiB).
 */
const CHUNKS = new ChunkPool(64 * 1024, 16);

export interface StreamLimits {
  readonly writeTimeoutMs: number;
  readonly maxBufferedBytes: number;
}

/**
 * Writes a crosstab run's cells to the response as NDJSON or json-seq (RFC 7464), block by block
 * as the engine hands them on. No header goes out before the first block is ready: a failure
 * before any data (queue down, overload, timeout, a bad request found by a worker) is thrown, to
 * answer with its own status and Retry-After; only a failure after data has been sent travels
 * inside the stream, as its last element. A client that goes away (`gone`) or takes no data
 * within the write timeout stops the run: its queued blocks are removed.
 */
export async function writeCrosstabStream(
  run: CrosstabRun,
  mediaType: typeof NDJSON | typeof JSON_SEQ,
  req: Request & { id?: string },
  res: Response,
  gone: AbortSignal,
  limits: StreamLimits,
  logger: Logger,
): Promise<void> {
  const seq = mediaType === JSON_SEQ;
  const frame = (value: unknown) => (seq ? `${RS}${JSON.stringify(value)}\n` : `${JSON.stringify(value)}\n`);
  const cellBytes = new CrosstabCellSerializer(run.crosstab.rows, run.crosstab.columns, { open: seq ? RS : '', close: '\n' }, run.letters);
  const blocks = run.results;

  let next: IteratorResult<CrosstabResultBlock>;
  try {
    next = await blocks.next();
  } catch (err) {
    if (gone.aborted) {
      logger.log({ requestId: req.id, cells: 0 }, 'client went away; crosstab stopped');
      return;
    }
    throw err;
  }

  res.status(200);
  res.setHeader('Content-Type', `${mediaType}; charset=utf-8`);
  res.setHeader('Cache-Control', 'no-store');
  const writer = new BoundedStreamWriter(res, { writeTimeoutMs: limits.writeTimeoutMs, maxBufferedBytes: limits.maxBufferedBytes }, (info) =>
    logger.warn({ requestId: req.id, ...info }, 'client took no data within the write timeout; cut off'),
  );
  const writeBlock = async (block: CrosstabResultBlock): Promise<boolean> => {
    // Serialised a piece at a time, so a block's bytes never sit whole in memory beside its cells.
    // A piece handed to the response is never written again (the socket may still be sending it).
    // A chunk goes back to the pool once the socket has taken it (see ChunkPool).
    const send = (chunk: Buffer, bytes: number) => writer.write(chunk.subarray(0, bytes), (ok) => ok && CHUNKS.give(chunk));
    let chunk = CHUNKS.take();
    let at = 0;
    for (const cell of block.cells) {
      let end = cellBytes.write(cell, chunk, at);
      if (end < 0) {
        if (at > 0 && !(await send(chunk, at))) return false;
        if (at === 0) CHUNKS.give(chunk);
        chunk = CHUNKS.take(-end);
        end = cellBytes.write(cell, chunk, 0);
      }
      at = end;
    }
    if (at > 0) return send(chunk, at);
    CHUNKS.give(chunk);
    return true;
  };
  let cells = 0;
  try {
    while (!next.done && !gone.aborted) {
      if (!(await writeBlock(next.value))) break;
      cells += next.value.cellCount;
      next = await blocks.next();
    }
  } catch (err) {
    if (!gone.aborted && !writer.stop) {
      const { problem, unexpected } = toProblem(err);
      if (unexpected) logger.error({ err, requestId: req.id }, 'crosstab failed mid-stream');
      await writer.write(frame({ ...problem, instance: req.originalUrl, request_id: req.id }));
    }
  } finally {
    // Stopping early (client gone, cut off) ends the engine's run: its queued blocks are removed.
    await blocks.return(undefined);
    if (gone.aborted || writer.stop) logger.log({ requestId: req.id, cells, reason: writer.stop ?? 'client-gone' }, 'client went away; crosstab stopped');
    await writer.end();
  }
}
