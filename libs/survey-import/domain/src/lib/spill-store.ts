import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the first pass puts each partition's respondents until the second pass builds that
 * partition: the import never holds every respondent at once, only the largest partition.
 */
export interface SpillStore {
  append(partition: number, bytes: Uint8Array): Promise<void>;
  /** Everything appended to a partition, in order (empty when nothing was). */
  read(partition: number): Promise<Uint8Array>;
  /** Frees what the store holds (files included). */
  dispose(): Promise<void>;
}

/** Keeps the spilled bytes in memory: for tests and small files. */
export class MemorySpillStore implements SpillStore {
  private readonly chunks = new Map<number, Uint8Array[]>();

  async append(partition: number, bytes: Uint8Array): Promise<void> {
    const list = this.chunks.get(partition) ?? [];
    list.push(Uint8Array.from(bytes));
    this.chunks.set(partition, list);
  }

  async read(partition: number): Promise<Uint8Array> {
    return Buffer.concat(this.chunks.get(partition) ?? []);
  }

  async dispose(): Promise<void> {
    this.chunks.clear();
  }
}

/** One temporary file per partition in a fresh directory under `parent` (default: the OS temp dir). */
export async function createFileSpillStore(parent: string = tmpdir()): Promise<SpillStore> {
  const dir = await mkdtemp(join(parent, 'survey-import-'));
  const written = new Set<number>();
  const path = (partition: number): string => join(dir, `partition-${partition}.bin`);
  return {
    async append(partition, bytes) {
      written.add(partition);
      await appendFile(path(partition), bytes);
    },
    async read(partition) {
      return written.has(partition) ? readFile(path(partition)) : new Uint8Array(0);
    },
    async dispose() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}
