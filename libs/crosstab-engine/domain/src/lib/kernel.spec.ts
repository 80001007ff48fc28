import { allocateSharedMemory, instantiateKernel, kernelModuleBytes, PAGE_BYTES, pairsJs, PIECE_BYTES } from './kernel';
import { prng } from './testing/random-data';

describe('the WebAssembly cell kernel', () => {
  it('is a small, valid module', () => {
    const bytes = kernelModuleBytes();
    expect(bytes.length).toBeLessThan(768);
    expect([...bytes.subarray(0, 4)]).toEqual([0x00, 0x61, 0x73, 0x6d]);
  });

  it('gives exactly what the JavaScript kernel gives, on random pages, pieces, page tables and groups', () => {
    const random = prng(7);
    const memory = allocateSharedMemory(4 << 20);
    const buffer = memory.buffer;
    const view = new DataView(buffer);
    const words = new Uint32Array(buffer);
    const pairs = instantiateKernel(memory);
    const pagesBase = 1 << 20;
    for (let trial = 0; trial < 60; trial++) {
      new Uint8Array(buffer).fill(0);
      const slots = 1 + Math.floor(random() * 5);
      // Two audiences, each with its own page per slot, anywhere among 16 pages.
      const order = Array.from({ length: 16 }, (_, i) => i).sort(() => random() - 0.5);
      const aTable = 0;
      const bTable = 256;
      const groups = 512;
      for (let s = 0; s < slots; s++) {
        view.setInt32(aTable + 4 * s, pagesBase + order[2 * s] * PAGE_BYTES, true);
        view.setInt32(bTable + 4 * s, pagesBase + order[2 * s + 1] * PAGE_BYTES, true);
        view.setInt32(groups + 4 * s, 24 * Math.floor(random() * 3), true);
      }
      for (let i = pagesBase / 4; i < (pagesBase + 16 * PAGE_BYTES) / 4; i++) {
        words[i] = random() < 0.2 ? 0xffffffff : (random() * 2 ** 32) >>> 0;
      }
      const pieces = 1024;
      const pieceCount = 1 + Math.floor(random() * 20);
      for (let k = 0; k < pieceCount; k++) {
        // Any 8-byte-aligned range of a page, empty ones too, lengths that are not multiples of 32.
        const start = 8 * Math.floor(random() * (PAGE_BYTES / 8));
        const end = Math.min(PAGE_BYTES, start + 8 * Math.floor(random() * 40));
        const at = pieces + k * PIECE_BYTES;
        view.setInt32(at, start | (end << 16), true);
        view.setInt32(at + 4, Math.floor(random() * slots), true);
        view.setFloat64(at + 8, random() < 0.5 ? 1.5 : random() * 1000, true);
      }
      const outWasm = 8192;
      const outJs = 9216;
      pairs(aTable, bTable, pieces, pieceCount, outWasm, groups);
      pairsJs(buffer, aTable, bTable, pieces, pieceCount, outJs, groups);
      expect([...new Float64Array(buffer, outWasm, 9)]).toEqual([...new Float64Array(buffer, outJs, 9)]);
      expect(new Float64Array(buffer, outWasm, 9).some((x) => x > 0)).toBe(true);
    }
  });

  it('counts one hand-checked piece: 8 words of 0xffffffff AND (1 | 0xf0f0f0f0) = 8 x 1 + 8 x 16 bits', () => {
    const memory = allocateSharedMemory(65536);
    const view = new DataView(memory.buffer);
    // a's page at 8192, b's at 16384; the piece covers bytes 8..72 of the page (40 + 24: both loops run).
    view.setInt32(0, 8192, true);
    view.setInt32(64, 16384, true);
    view.setInt32(128, 0, true);
    view.setInt32(256, 8 | (72 << 16), true);
    view.setInt32(260, 0, true);
    view.setFloat64(264, 2.5, true);
    const words = new Uint32Array(memory.buffer);
    for (let i = 0; i < 16; i++) {
      words[8192 / 4 + 2 + i] = 0xffffffff;
      words[16384 / 4 + 2 + i] = i % 2 ? 0xf0f0f0f0 : 1;
    }
    // Bits outside the piece must not count.
    words[8192 / 4] = words[16384 / 4] = 0xffffffff;
    words[8192 / 4 + 18] = words[16384 / 4 + 18] = 0xffffffff;
    instantiateKernel(memory)(0, 64, 256, 1, 4096, 128);
    expect([...new Float64Array(memory.buffer, 4096, 3)]).toEqual([136 * 2.5, 136 * 6.25, 136]);
  });
});
