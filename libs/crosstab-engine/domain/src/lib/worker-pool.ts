import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import type { CellExecutor, CellTask } from './cell-executor';
import { GROUP_OUTPUT_BYTES, kernelModule, PIECE_BYTES } from './kernel';

/**
 * The worker's whole program, run with `eval: true`: no file to resolve, so it behaves the same
 * compiled (dist/) and under ts-jest (which has no JS files to point a Worker at). It mirrors
 * `runRows` in cell-executor.ts; the pool spec checks the two give identical results.
 * The kernel module arrives compiled in workerData; the shared memory arrives with each message.
 */
const WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const kernel = workerData.module;
const GROUP_OUTPUT_BYTES = ${GROUP_OUTPUT_BYTES};
const PIECE_BYTES = ${PIECE_BYTES};
// The engine posts the same arena with every task: keep the kernel bound to it (one memory at a time).
let bound;
parentPort.on('message', (message) => {
  if (message.crashWith !== undefined) process.exit(message.crashWith);
  const t = message.task;
  try {
    if (bound === undefined || bound.id !== message.memoryId) {
      bound = { id: message.memoryId, cells: new WebAssembly.Instance(kernel, { env: { memory: t.memory } }).exports.cells };
    }
    const cells = bound.cells;
    const groupBytes = t.groups * GROUP_OUTPUT_BYTES;
    const tiles = t.tiles;
    const aTables = t.aTables + message.from * t.tableBytes;
    const out = t.outBase + message.from * t.bCount * groupBytes;
    for (let k = 0; k + 1 < tiles.length; k++) {
      const pieces = t.pieces + tiles[k] * PIECE_BYTES;
      cells(aTables, message.to - message.from, t.bTables, t.bCount, t.tableBytes, pieces, tiles[k + 1] - tiles[k], out, t.groupTable, groupBytes);
    }
    parentPort.postMessage({ id: message.id, ok: true });
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: error instanceof Error ? String(error.stack) : String(error) });
  }
});
`;

/**
 * The fewest rows one message computes (by default). A message's rows pass over every column's
 * bytes tile by tile, so the columns are read from memory once per message: a message of two
 * rows (a 13-row band on two threads, cut in eight) read them for every second row, and the band
 * took three times as long per row as a whole block.
 */
export const MIN_ROWS_PER_MESSAGE = 8;

export interface WorkerPoolOptions {
  /** Number of worker threads; default: the machine's available parallelism. */
  readonly threads?: number;
  /**
   * Rows per message; default: the task's rows split evenly over the threads, one message each,
   * and at least MIN_ROWS_PER_MESSAGE. Each message reads every column's bytes once, so fewer,
   * larger messages cost less: a warm 100 x 100 on two threads took 63-71 ms of CPU in four
   * messages per thread, 50-51 ms in one (the single-thread kernel's own figure), at the price of
   * balancing less when a thread is slowed by other work.
   */
  readonly rowsPerMessage?: number;
}

interface Batch {
  readonly task: CellTask;
  remaining: number;
  failed: boolean;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

interface Chunk {
  readonly id: number;
  readonly batch: Batch;
  readonly from: number;
  readonly to: number;
}

interface Slot {
  worker: Worker;
  current: Chunk | undefined;
}

/**
 * A fixed pool of worker threads computing crosstab cells from shared memory, so the caller's
 * event loop stays free. A worker that throws, exits or is killed rejects the call it was
 * working on (never a hang) and is replaced; `close()` terminates every thread (no open handles).
 * Idle workers are unref'ed, so a forgotten pool does not keep a process alive.
 */
export class WorkerPool implements CellExecutor {
  readonly threads: number;
  /** Messages wait in one first-in, first-out queue: tasks run in the order they were handed over. */
  readonly ordered = true;
  private readonly rowsPerMessage: number | undefined;
  private readonly slots: Slot[] = [];
  private readonly queue: Chunk[] = [];
  private nextId = 1;
  private closed = false;
  private crashNext: number | undefined;
  private readonly memoryIds = new WeakMap<object, number>();
  private nextMemoryId = 1;

  constructor(options: WorkerPoolOptions = {}) {
    this.threads = Math.max(1, Math.floor(options.threads ?? availableParallelism()));
    this.rowsPerMessage = options.rowsPerMessage;
    for (let i = 0; i < this.threads; i++) this.slots.push(this.spawn());
  }

  /** Computes the task's cells on the pool; resolves when every row is done. */
  run(task: CellTask): Promise<void> {
    if (this.closed) return Promise.reject(new Error('worker pool is closed'));
    const rows = task.aTo - task.aFrom;
    if (rows <= 0) return Promise.resolve();
    const per = task.whole ? rows : (this.rowsPerMessage ?? Math.max(MIN_ROWS_PER_MESSAGE, Math.ceil(rows / this.threads)));
    return new Promise<void>((resolve, reject) => {
      const batch: Batch = { task, remaining: 0, failed: false, resolve, reject };
      for (let from = task.aFrom; from < task.aTo; from += per) {
        batch.remaining++;
        this.queue.push({ id: this.nextId++, batch, from, to: Math.min(task.aTo, from + per) });
      }
      this.dispatch();
    });
  }

  /** Terminates every thread; pending calls are rejected. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const error = new Error('worker pool is closed');
    for (const chunk of this.queue.splice(0)) this.fail(chunk.batch, error);
    const workers = this.slots.map((slot) => slot.worker);
    for (const slot of this.slots) {
      if (slot.current !== undefined) this.fail(slot.current.batch, error);
      slot.current = undefined;
    }
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  /**
   * For fault-injection tests: the worker that receives the next piece of work exits with `code`
   * instead of computing it (deterministic: the crash always hits a call in flight).
   */
  crashNextTaskForTesting(code = 3): void {
    this.crashNext = code;
  }

  /** A number per memory, so a worker keeps its kernel instance while tasks bring the same memory. */
  private memoryId(task: CellTask): number {
    let id = this.memoryIds.get(task.memory);
    if (id === undefined) {
      id = this.nextMemoryId++;
      this.memoryIds.set(task.memory, id);
    }
    return id;
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module: kernelModule() } });
    const slot: Slot = { worker, current: undefined };
    worker.unref();
    worker.on('message', (message: { id: number; ok: boolean; error?: string }) => {
      const chunk = slot.current;
      if (chunk === undefined || chunk.id !== message.id) return;
      slot.current = undefined;
      if (message.ok) this.complete(chunk.batch);
      else this.fail(chunk.batch, new Error(`crosstab worker failed: ${message.error ?? 'unknown error'}`));
      this.dispatch();
    });
    const lost = (error: Error): void => {
      const chunk = slot.current;
      slot.current = undefined;
      if (chunk !== undefined) this.fail(chunk.batch, error);
      if (this.closed) return;
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots[index] = this.spawn();
      this.dispatch();
    };
    worker.on('error', (error: Error) => lost(new Error(`crosstab worker crashed: ${error.message}`)));
    worker.on('exit', (code: number) => {
      if (this.slots.includes(slot)) lost(new Error(`crosstab worker exited with code ${code}`));
    });
    return slot;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.current !== undefined) continue;
      let chunk = this.queue.shift();
      while (chunk !== undefined && chunk.batch.failed) chunk = this.queue.shift();
      if (chunk === undefined) {
        slot.worker.unref();
        continue;
      }
      slot.current = chunk;
      slot.worker.ref();
      const crashWith = this.crashNext;
      this.crashNext = undefined;
      slot.worker.postMessage({ id: chunk.id, task: chunk.batch.task, memoryId: this.memoryId(chunk.batch.task), from: chunk.from, to: chunk.to, crashWith });
    }
  }

  private complete(batch: Batch): void {
    batch.remaining--;
    if (batch.remaining === 0 && !batch.failed) batch.resolve();
  }

  private fail(batch: Batch, error: Error): void {
    if (batch.failed) return;
    batch.failed = true;
    batch.reject(error);
  }
}
