import { allocateSharedMemory, PAGE_BYTES } from './kernel';
import type { WasmMemory } from './wasm-api';

/** Scratch allocations are aligned to a cache line. */
const SCRATCH_ALIGN = 64;
/** The arena's largest size: byte addresses stay below 2^31, so they fit the kernel's i32 tables and plain JS arithmetic. */
export const MAX_ARENA_BYTES = 2 ** 31 - 65536;

const align = (value: number, to: number): number => Math.ceil(value / to) * to;

/**
 * The engine's one long-lived shared WebAssembly memory, which the kernel (inline or on worker
 * threads) reads by address. Allocated once at its full size and never grown or replaced, so
 * nothing is allocated per query: the operating system backs only the pages ever written, and
 * freed pages are reused first, so the resident size stays at the peak of what was used.
 *
 * Two regions:
 * - **scratch** (`scratchBytes`, at address 0): per-pass piece tables, page tables and outputs,
 *   first-fit with coalescing (a few live allocations at a time, one per running pass);
 * - **pages** (`PAGE_BYTES` each, the rest): packed audience bitsets, any page for any partition,
 *   so freeing one block makes room for any other (no fragmentation).
 */
export class Arena {
  readonly memory: WasmMemory;
  readonly buffer: SharedArrayBuffer;
  readonly i32: Int32Array;
  readonly u32: Uint32Array;
  readonly f64: Float64Array;
  readonly bytes: number;
  readonly scratchBytes: number;
  readonly pageCount: number;
  private readonly pagesBase: number;
  /** Free page indices as a stack; the lowest pages come out first, and freed pages are reused first. */
  private readonly freeStack: Int32Array;
  private freeTop: number;
  /** Free scratch ranges [start, end), sorted and coalesced. */
  private scratchFree: { start: number; end: number }[];
  private scratchUsed = 0;

  constructor(bytes: number, scratchBytes: number) {
    if (!(bytes > 0) || bytes > MAX_ARENA_BYTES) throw new RangeError(`arena size ${bytes} is not within (0, ${MAX_ARENA_BYTES}] bytes`);
    this.scratchBytes = align(Math.max(0, scratchBytes), PAGE_BYTES);
    this.pagesBase = this.scratchBytes;
    this.pageCount = Math.max(1, Math.floor((bytes - this.scratchBytes) / PAGE_BYTES));
    this.bytes = this.pagesBase + this.pageCount * PAGE_BYTES;
    this.memory = allocateSharedMemory(this.bytes);
    this.buffer = this.memory.buffer;
    this.i32 = new Int32Array(this.buffer);
    this.u32 = new Uint32Array(this.buffer);
    this.f64 = new Float64Array(this.buffer);
    this.freeStack = new Int32Array(this.pageCount);
    for (let i = 0; i < this.pageCount; i++) this.freeStack[i] = this.pageCount - 1 - i;
    this.freeTop = this.pageCount;
    this.scratchFree = this.scratchBytes > 0 ? [{ start: 0, end: this.scratchBytes }] : [];
  }

  get freePages(): number {
    return this.freeTop;
  }

  /** Scratch bytes in use (allocated to running passes). */
  get scratchInUse(): number {
    return this.scratchUsed;
  }

  /** Byte addresses of `count` free pages; the caller has checked `freePages`. */
  takePages(count: number): Int32Array {
    if (count > this.freeTop) throw new Error(`arena: ${count} pages asked, ${this.freeTop} free`);
    const out = new Int32Array(count);
    for (let i = 0; i < count; i++) out[i] = this.pagesBase + this.freeStack[--this.freeTop] * PAGE_BYTES;
    return out;
  }

  givePages(addresses: Int32Array): void {
    for (let i = addresses.length - 1; i >= 0; i--) this.freeStack[this.freeTop++] = (addresses[i] - this.pagesBase) / PAGE_BYTES;
  }

  /** The address of `bytes` contiguous scratch bytes (64-byte aligned), or undefined when no free range is large enough. */
  takeScratch(bytes: number): number | undefined {
    const size = align(Math.max(bytes, 1), SCRATCH_ALIGN);
    for (let i = 0; i < this.scratchFree.length; i++) {
      const range = this.scratchFree[i];
      if (range.end - range.start < size) continue;
      const at = range.start;
      range.start += size;
      if (range.start === range.end) this.scratchFree.splice(i, 1);
      this.scratchUsed += size;
      return at;
    }
    return undefined;
  }

  giveScratch(at: number, bytes: number): void {
    const size = align(Math.max(bytes, 1), SCRATCH_ALIGN);
    this.scratchUsed -= size;
    const ranges = this.scratchFree;
    let i = 0;
    while (i < ranges.length && ranges[i].start < at) i++;
    ranges.splice(i, 0, { start: at, end: at + size });
    // Coalesce with the neighbours.
    if (i + 1 < ranges.length && ranges[i].end === ranges[i + 1].start) {
      ranges[i].end = ranges[i + 1].end;
      ranges.splice(i + 1, 1);
    }
    if (i > 0 && ranges[i - 1].end === ranges[i].start) {
      ranges[i - 1].end = ranges[i].end;
      ranges.splice(i, 1);
    }
  }

  /** The largest scratch allocation that could succeed now. */
  largestScratch(): number {
    let largest = 0;
    for (const range of this.scratchFree) largest = Math.max(largest, range.end - range.start);
    return largest;
  }
}
