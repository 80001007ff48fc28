import { createInflate } from 'node:zlib';
import type { ByteSource } from './byte-source';

/** Compressed bytes handed to zlib at a time. */
const CHUNK = 1 << 16;

/**
 * The data of a ZLIB-compressed system file (.zsav): from `src`'s position up to `end` (the
 * trailer's offset), a run of zlib streams, one per block of the bytecode-compressed data. Each
 * is inflated with Node's zlib as it streams in, so memory holds one chunk and what it inflates
 * to, never the file. The block table in the trailer is not needed: a zlib stream ends itself,
 * and the inflater says how many of the bytes it was given belonged to it.
 */
export async function* inflateBlocks(src: ByteSource, end: number): AsyncGenerator<Buffer> {
  let carried: Buffer | null = null;
  while (carried !== null || src.offset < end) {
    const inflate = createInflate();
    const output: Buffer[] = [];
    let failure: Error | null = null;
    inflate.on('data', (chunk: Buffer) => output.push(chunk));
    // The end of the block is read from the byte counts, not from 'end' (emitted later, if at all).
    const settled = new Promise<void>((resolve) => {
      inflate.once('end', resolve);
      inflate.once('error', (e: Error) => {
        failure = e;
        resolve();
      });
    });
    let fed = 0;
    try {
      for (;;) {
        let chunk: Buffer;
        if (carried !== null) {
          chunk = carried;
          carried = null;
        } else if (src.offset < end && (await src.fill(1))) {
          chunk = src.bytes(Math.min(CHUNK, end - src.offset, src.available));
        } else {
          // No more input: the last block must end exactly here, which zlib confirms once told so.
          inflate.end();
          await settled;
          if (failure !== null) throw new Error('truncated .zsav file: the compressed data ends inside a block');
          for (const piece of output.splice(0)) yield piece;
          break;
        }
        fed += chunk.length;
        // The callback comes once zlib has taken what it wants of the chunk (all of it, unless the block ended).
        await new Promise<void>((resolve) => inflate.write(chunk, () => resolve()));
        if (failure !== null) throw new Error(`corrupt .zsav file: ${(failure as Error).message}`);
        for (const piece of output.splice(0)) yield piece;
        const left = fed - inflate.bytesWritten;
        if (left > 0) {
          // The block ended inside this chunk (or right before it): the rest starts the next block.
          carried = chunk.subarray(chunk.length - left);
          break;
        }
      }
    } finally {
      inflate.destroy();
    }
  }
}
