import { Injectable } from '@nestjs/common';
import { CrosstabChunkPayload, CrosstabChunkResult } from '@aas/contracts';
import type { CrosstabCell } from '@aas/crosstab-engine';
import { CommonConfig, JobRunner } from '@aas/infra';
import { toWireCell, WireCrosstabCell } from './crosstab-cell.mapper';
import { PreparedCrosstab } from './prepare-crosstab';

export interface RunOptions {
  orgId: string;
  requestId: string;
  significance: number | null;
  effectiveBase: boolean;
  signal: AbortSignal;
}

/** Splits rows into blocks of about `chunkCells` cells (at least one row per block). */
export function planChunks(rowCount: number, columnCount: number, chunkCells: number): { start: number; end: number }[] {
  const rowsPerChunk = Math.max(1, Math.floor(chunkCells / Math.max(1, columnCount)));
  const chunks: { start: number; end: number }[] = [];
  for (let start = 0; start < rowCount; start += rowsPerChunk) chunks.push({ start, end: Math.min(rowCount, start + rowsPerChunk) });
  return chunks;
}

/**
 * Runs a prepared crosstab as chunk jobs (rows split into blocks against every column)
 * and yields each block's cells as soon as its job finishes, in completion order. With
 * BullMQ the blocks go to whichever workers are free; inline they run here, through the
 * same handler. Aborting stops waiting and drops the blocks no worker has taken yet.
 */
@Injectable()
export class RunCrosstabUseCase {
  constructor(
    private readonly jobs: JobRunner,
    private readonly config: CommonConfig,
  ) {}

  async *run(prepared: PreparedCrosstab, options: RunOptions): AsyncGenerator<WireCrosstabCell[]> {
    // Our own signal: the client leaving aborts it, and so does ending early for any reason (a
    // failed block, the consumer stopping), so blocks nobody will read are not left queued.
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    if (options.signal.aborted) stop.abort();
    else options.signal.addEventListener('abort', onAbort, { once: true });
    try {
      yield* this.runBlocks(prepared, options, stop.signal);
    } finally {
      options.signal.removeEventListener('abort', onAbort);
      stop.abort();
    }
  }

  private async *runBlocks(prepared: PreparedCrosstab, options: RunOptions, signal: AbortSignal): AsyncGenerator<WireCrosstabCell[]> {
    const chunks = planChunks(prepared.rows.length, prepared.columns.length, this.config.CROSSTAB_CHUNK_CELLS);
    const pending = new Map<number, Promise<{ id: number; result: CrosstabChunkResult }>>();
    chunks.forEach((chunk, id) => {
      const payload: CrosstabChunkPayload = {
        orgId: options.orgId,
        requestId: options.requestId,
        rows: prepared.rows.slice(chunk.start, chunk.end).map((r) => r.wire),
        columns: prepared.columns.map((c) => c.wire),
        base: prepared.base.wire,
        waves: prepared.waves,
        locations: prepared.locations,
        datasets: prepared.datasets,
        rowStart: chunk.start,
        significance: options.significance,
        effectiveBase: options.effectiveBase,
      };
      pending.set(
        id,
        this.jobs.run('crosstab.chunk', payload, { signal }).then((result) => ({ id, result })),
      );
    });
    // Settle every promise eventually, so an early exit leaves no unhandled rejection behind.
    for (const p of pending.values()) p.catch(() => undefined);
    while (pending.size > 0) {
      const { id, result } = await Promise.race(pending.values());
      pending.delete(id);
      yield (result.cells as CrosstabCell[]).map((cell) => toWireCell({ ...cell, rowIndex: cell.rowIndex + result.rowStart }, prepared.rows, prepared.columns));
    }
  }
}
