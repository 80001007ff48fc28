import { Logger } from '@nestjs/common';
import { engineQueue, shardOfQueue } from '@aas/shared-contracts';
import { shardsServedBy, type ShardMember } from '@aas/crosstab-engine-domain';
import type { WorkerHost, WorkerInfo } from '@aas/shared-infra';
import type { EngineHost } from './engine-host';

/** What a worker says about its shard in its heartbeat (`meta`), for the other workers' ownership. */
export interface ShardMeta {
  /** ENGINE_SHARDS as this worker sees it: only workers that agree share shards. */
  readonly engineShards: number;
  /** WORKER_SHARD, or null for a worker without a home shard. */
  readonly homeShard: number | null;
}

export interface ShardOwnershipOptions {
  readonly shards: number;
  readonly home: number | undefined;
  /** How often the live workers are read again (ms): the heartbeat interval. */
  readonly intervalMs: number;
  /** How long the running jobs of a shard handed back may take before they are handed to the queue (ms). */
  readonly handBackMs: number;
}

/** The members of a shard split of `shards`, from the live workers' heartbeats. */
export function shardMembers(live: readonly WorkerInfo[], shards: number): ShardMember[] {
  return live.flatMap((worker) => {
    const meta = worker.meta as Partial<ShardMeta>;
    if (meta.engineShards !== shards) return [];
    const home = typeof meta.homeShard === 'number' && Number.isInteger(meta.homeShard) ? meta.homeShard : undefined;
    return [{ id: worker.id, home }];
  });
}

/**
 * Keeps a worker's engine queues in line with the shards it should serve (`shardsServedBy`): every
 * interval it reads the live workers, starts consuming the queue of a shard it adopts (one whose
 * home worker is gone; the dead worker's jobs come back to that queue once their locks expire) and
 * stops consuming a shard it no longer serves (its home worker is back), dropping that shard's
 * partitions from memory. While the registry cannot be read, nothing changes.
 */
export class ShardOwnership {
  private readonly logger = new Logger('ShardOwnership');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly host: WorkerHost,
    private readonly engine: EngineHost,
    private readonly options: ShardOwnershipOptions,
  ) {}

  /** Settles the shards once now, then every interval. */
  async start(): Promise<void> {
    await this.reconcile();
    this.timer = setInterval(() => void this.reconcile(), this.options.intervalMs);
    this.timer.unref();
  }

  /** Stops adjusting (before the worker's own shutdown); waits for an adjustment under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One adjustment; concurrent calls share it. */
  reconcile(): Promise<void> {
    this.running ??= this.adjust().finally(() => (this.running = undefined));
    return this.running;
  }

  private async adjust(): Promise<void> {
    const me = this.host.identity;
    if (this.stopped || me === undefined) return;
    let live: WorkerInfo[];
    try {
      live = await this.host.liveWorkers();
    } catch (err) {
      this.logger.warn({ err }, 'could not read the live workers; keeping the shards served now');
      return;
    }
    const { shards, home } = this.options;
    const members = shardMembers(live, shards);
    // Itself, whether or not its first beat is visible yet.
    if (!members.some((m) => m.id === me.id)) members.push({ id: me.id, home });
    const wanted = new Set(shardsServedBy(me.id, members, shards).map((shard) => engineQueue(shard, shards)));
    const current = this.host.queues.filter((queue) => shardOfQueue(queue) !== undefined);
    for (const queue of wanted) {
      if (this.stopped) return;
      if (current.includes(queue)) continue;
      await this.host.consume(queue);
      this.logger.log({ queue, home: home ?? null }, 'adopted a shard');
    }
    for (const queue of current) {
      if (this.stopped || wanted.has(queue)) continue;
      await this.host.release(queue, this.options.handBackMs);
      const dropped = this.engine.release(queue);
      this.logger.log({ queue, droppedPartitions: dropped }, 'handed a shard back');
    }
  }
}
