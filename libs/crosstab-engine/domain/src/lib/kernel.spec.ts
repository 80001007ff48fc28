import { allocateSharedMemory, cellsJs, instantiateKernel, kernelModuleBytes, PAGE_BITS, PAGE_BYTES, PIECE_BYTES, RUN_FLAG } from './kernel';
import { prng } from './testing/random-data';

describe('the WebAssembly cell kernel', () => {
  it('is a small, valid module', () => {
    const bytes = kernelModuleBytes();
    expect(bytes.length).toBeLessThan(2048);
    expect([...bytes.subarray(0, 4)]).toEqual([0x00, 0x61, 0x73, 0x6d]);
  });

  it('gives exactly what the JavaScript kernel gives, on random blocks of pairs, class and run pieces, page tables and groups', () => {
    const random = prng(7);
    const memory = allocateSharedMemory(4 << 20);
    const buffer = memory.buffer;
    const view = new DataView(buffer);
    const words = new Uint32Array(buffer);
    const cells = instantiateKernel(memory);
    const pagesBase = 1 << 20;
    const pageCount = 64;
    let twoColumnBlocks = 0;
    for (let trial = 0; trial < 80; trial++) {
      new Uint8Array(buffer).fill(0);
      const slots = 1 + Math.floor(random() * 5);
      // 1-3 rows and 1-5 columns (odd counts leave a column to the one-column path), each audience
      // with its own page per slot, anywhere among the pages.
      const aCount = 1 + Math.floor(random() * 3);
      const bCount = 1 + Math.floor(random() * 5);
      if (bCount >= 2) twoColumnBlocks++;
      const tableBytes = 4 * slots + 4 * Math.floor(random() * 3);
      const aTables = 0;
      const bTables = 256;
      const groups = 512;
      const pageOf = (): number => pagesBase + Math.floor(random() * pageCount) * PAGE_BYTES;
      for (let s = 0; s < slots; s++) {
        for (let a = 0; a < aCount; a++) view.setInt32(aTables + a * tableBytes + 4 * s, pageOf(), true);
        for (let b = 0; b < bCount; b++) view.setInt32(bTables + b * tableBytes + 4 * s, pageOf(), true);
        view.setInt32(groups + 4 * s, 24 * Math.floor(random() * 3), true);
      }
      for (let i = pagesBase / 4; i < (pagesBase + pageCount * PAGE_BYTES) / 4; i++) {
        words[i] = random() < 0.2 ? 0xffffffff : (random() * 2 ** 32) >>> 0;
      }
      const pieces = 1024;
      const weights = 16384; // run weights: one f64 per bit, 2,000 bits' worth
      for (let i = 0; i < 2000; i++) view.setFloat64(weights + 8 * i, random() < 0.3 ? 0.25 : random() * 1000, true);
      const pieceCount = 1 + Math.floor(random() * 20);
      for (let k = 0; k < pieceCount; k++) {
        // Any bit range of a page (word-aligned or not, within one word or across many, empty ones
        // too), as a class piece or as a run of one-respondent classes.
        const start = random() < 0.3 ? 64 * Math.floor(random() * (PAGE_BITS / 64)) : Math.floor(random() * PAGE_BITS);
        const end = Math.min(PAGE_BITS, start + Math.floor(random() * (random() < 0.5 ? 70 : 1500)));
        const run = random() < 0.3;
        const at = pieces + k * PIECE_BYTES;
        view.setInt32(at, start | (end << 16), true);
        view.setInt32(at + 4, Math.floor(random() * slots) | (run ? RUN_FLAG : 0), true);
        if (run) view.setInt32(at + 8, weights + 8 * Math.floor(random() * 400), true);
        else view.setFloat64(at + 8, random() < 0.5 ? 1.5 : random() * 1000, true);
      }
      const pairBytes = 72 + 8 * Math.floor(random() * 3);
      const outWasm = 8192;
      const outJs = outWasm + 16 * pairBytes;
      const outputs = (aCount * bCount * pairBytes) / 8;
      cells(aTables, aCount, bTables, bCount, tableBytes, pieces, pieceCount, outWasm, groups, pairBytes);
      cellsJs(buffer, aTables, aCount, bTables, bCount, tableBytes, pieces, pieceCount, outJs, groups, pairBytes);
      expect([...new Float64Array(buffer, outWasm, outputs)]).toEqual([...new Float64Array(buffer, outJs, outputs)]);
      expect(new Float64Array(buffer, outWasm, outputs).some((x) => x > 0)).toBe(true);
    }
    expect(twoColumnBlocks).toBeGreaterThan(20);
  });

  it('gives a column the same sums whether it is counted two at a time or alone', () => {
    // Three columns on the same page: the first two go through the two-column path, the third
    // through the one-column path; a and b overlap in a class piece that spans many words.
    const memory = allocateSharedMemory(65536);
    const view = new DataView(memory.buffer);
    const words = new Uint32Array(memory.buffer);
    view.setInt32(0, 8192, true); // a's page
    for (let b = 0; b < 3; b++) view.setInt32(64 + 4 * b, 16384, true); // every column's page (tableBytes 4)
    for (let i = 0; i < 512; i++) {
      words[8192 / 4 + i] = (i * 2654435761) >>> 0;
      words[16384 / 4 + i] = (i * 40503 + 7) >>> 0;
    }
    view.setInt32(256, 3 | (1000 << 16), true);
    view.setFloat64(264, 1.25, true);
    instantiateKernel(memory)(0, 1, 64, 3, 4, 256, 1, 4096, 128, 24);
    const out = [...new Float64Array(memory.buffer, 4096, 9)];
    expect(out[2]).toBeGreaterThan(0);
    expect(out.slice(3, 6)).toEqual(out.slice(0, 3));
    expect(out.slice(6, 9)).toEqual(out.slice(0, 3));
  });

  it('counts one hand-checked piece: 8 words of 0xffffffff AND (1 | 0xf0f0f0f0) = 8 x 1 + 8 x 16 bits', () => {
    const memory = allocateSharedMemory(65536);
    const view = new DataView(memory.buffer);
    // a's page at 8192, b's at 16384; the piece covers bits 64..576 of the page (8 words: both middle loops run).
    view.setInt32(0, 8192, true);
    view.setInt32(64, 16384, true);
    view.setInt32(128, 0, true);
    view.setInt32(256, 64 | (576 << 16), true);
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
    instantiateKernel(memory)(0, 1, 64, 1, 4, 256, 1, 4096, 128, 24);
    expect([...new Float64Array(memory.buffer, 4096, 3)]).toEqual([136 * 2.5, 136 * 6.25, 136]);
  });

  it('counts a class piece inside one word, and adds the own weights of a run bit by bit', () => {
    const memory = allocateSharedMemory(65536);
    const view = new DataView(memory.buffer);
    const words = new Uint32Array(memory.buffer);
    view.setInt32(0, 8192, true); // a's page
    view.setInt32(64, 16384, true); // b's page
    words[8192 / 4] = 0b1111_0110; // a: bits 1, 2, 4..7
    words[16384 / 4] = 0b1011_1110; // b: bits 1..5, 7
    // Class piece over bits 2..6 (both: 2, 4, 5): 3 respondents of weight 2.
    view.setInt32(256, 2 | (6 << 16), true);
    view.setFloat64(264, 2, true);
    // Run piece over bits 0..8 (both: 1, 2, 4, 5, 7): each its own weight, bit b weighs 10 + b.
    view.setInt32(272, 0 | (8 << 16), true);
    view.setInt32(276, RUN_FLAG, true);
    view.setInt32(280, 32768, true);
    for (let b = 0; b < 8; b++) view.setFloat64(32768 + 8 * b, 10 + b, true);
    const cells = instantiateKernel(memory);
    cells(0, 1, 64, 1, 4, 256, 1, 4096, 128, 24);
    expect([...new Float64Array(memory.buffer, 4096, 3)]).toEqual([6, 12, 3]);
    cells(0, 1, 64, 1, 4, 272, 1, 4200, 128, 24);
    const own = [11, 12, 14, 15, 17];
    expect([...new Float64Array(memory.buffer, 4200, 3)]).toEqual([own.reduce((s, w) => s + w, 0), own.reduce((s, w) => s + w * w, 0), 5]);
  });
});
