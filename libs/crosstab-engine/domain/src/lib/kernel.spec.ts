import { allocateSharedMemory, CLASS_ENTRY_BYTES, instantiateKernel, kernelModuleBytes, pairsJs } from './kernel';
import { prng } from './testing/random-data';

describe('the WebAssembly cell kernel', () => {
  it('is a small, valid module', () => {
    const bytes = kernelModuleBytes();
    expect(bytes.length).toBeLessThan(512);
    expect([...bytes.subarray(0, 4)]).toEqual([0x00, 0x61, 0x73, 0x6d]);
  });

  it('gives exactly what the JavaScript kernel gives, on random bitsets, classes and groups', () => {
    const random = prng(7);
    const memory = allocateSharedMemory(1 << 20);
    const buffer = memory.buffer;
    const view = new DataView(buffer);
    const pairs = instantiateKernel(memory);
    for (let trial = 0; trial < 50; trial++) {
      new Uint8Array(buffer).fill(0);
      const classCount = 1 + Math.floor(random() * 12);
      let offset = 0;
      for (let k = 0; k < classCount; k++) {
        const bytes = 32 * Math.floor(random() * 6); // empty classes too
        const weight = random() < 0.5 ? 1.5 : random() * 1000;
        const at = k * CLASS_ENTRY_BYTES;
        view.setInt32(at, offset, true);
        view.setInt32(at + 4, offset + bytes, true);
        view.setInt32(at + 8, Math.floor(random() * 3), true);
        view.setFloat64(at + 16, weight, true);
        view.setFloat64(at + 24, weight * weight, true);
        offset += bytes;
      }
      const a = 4096;
      const b = 4096 + 65536;
      const words = new Uint32Array(buffer);
      for (let i = 0; i < offset / 4; i++) {
        words[a / 4 + i] = (random() * 2 ** 32) >>> 0;
        words[b / 4 + i] = random() < 0.2 ? 0xffffffff : (random() * 2 ** 32) >>> 0;
      }
      const outWasm = 200_000;
      const outJs = 300_000;
      pairs(a, b, 0, classCount, outWasm);
      pairsJs(buffer, a, b, 0, classCount, outJs);
      expect([...new Float64Array(buffer, outWasm, 9)]).toEqual([...new Float64Array(buffer, outJs, 9)]);
    }
  });

  it('counts one hand-checked class: 8 words of 0xffffffff AND (1 | 0xf0f0f0f0) = 8 x 1 + 8 x 16 bits', () => {
    const memory = allocateSharedMemory(65536);
    const view = new DataView(memory.buffer);
    view.setInt32(4, 64, true);
    view.setFloat64(16, 2.5, true);
    view.setFloat64(24, 6.25, true);
    const words = new Uint32Array(memory.buffer);
    for (let i = 0; i < 16; i++) {
      words[256 + i] = 0xffffffff;
      words[512 + i] = i % 2 ? 0xf0f0f0f0 : 1;
    }
    instantiateKernel(memory)(1024, 2048, 0, 1, 4096);
    expect([...new Float64Array(memory.buffer, 4096, 3)]).toEqual([136 * 2.5, 136 * 6.25, 136]);
  });
});
