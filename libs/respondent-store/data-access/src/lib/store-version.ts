import type { PartitionReader } from './partition-reader';

/**
 * The one data-version signal of a process: every cache of survey data (the engine's partitions,
 * the catalogue snapshot, the assistant's catalogue) asks it whether the data moved, so they all
 * switch together after a seed or an import. One query per `ttlMs` at most, shared by every caller
 * (concurrent callers share the query in flight).
 */
export class StoreVersion {
  private value: { version: string; at: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly reader: Pick<PartitionReader, 'currentVersion'>,
    private readonly ttlMs = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Forgets the version read last, so the next call asks the store: for a writer in this process
   * that just committed a new version (an import job), whose next queries should see it at once.
   */
  invalidate(): void {
    this.value = undefined;
  }

  current(): Promise<string> {
    if (this.value && this.now() - this.value.at < this.ttlMs) return Promise.resolve(this.value.version);
    this.pending ??= this.reader
      .currentVersion()
      .then((version) => {
        this.value = { version, at: this.now() };
        return version;
      })
      .finally(() => (this.pending = undefined));
    return this.pending;
  }
}
