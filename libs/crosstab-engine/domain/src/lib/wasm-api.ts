/**
 * The few WebAssembly APIs the engine uses, typed locally: the workspace compiles with lib es2023
 * and @types/node 20, neither of which declares the `WebAssembly` global (only lib.dom does), and
 * a global declaration here could clash with a later @types/node.
 */
export interface WasmMemory {
  /** A SharedArrayBuffer for a shared memory. */
  readonly buffer: SharedArrayBuffer;
}

/** A compiled module (opaque; can be posted to worker threads). */
export type WasmModule = object;

export interface WasmInstance {
  readonly exports: Record<string, unknown>;
}

interface WasmApi {
  Module: new (bytes: Uint8Array<ArrayBuffer>) => WasmModule;
  Instance: new (module: WasmModule, imports: Record<string, Record<string, unknown>>) => WasmInstance;
  Memory: new (descriptor: { initial: number; maximum: number; shared: boolean }) => WasmMemory;
}

export const wasm: WasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
