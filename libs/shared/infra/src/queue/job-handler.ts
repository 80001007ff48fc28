import { Injectable, OnModuleInit, SetMetadata } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { JOB_QUEUE, JobName, JobPayloads, JobResults, QueueName, jobsOfQueue } from '@aas/contracts';

export interface JobContext {
  jobId: string;
  /** 1 for the first try, 2 for the first retry, ... */
  attempt: number;
  /** Aborted when the job should stop early (shutdown, client gone). */
  signal: AbortSignal;
}

/** A class that runs one job. The same class runs in a worker and, in inline mode, in the gateway. */
export interface JobHandler<N extends JobName> {
  handle(payload: JobPayloads[N], context: JobContext): Promise<JobResults[N]>;
}

const HANDLES_JOB = 'aas:handlesJob';

/** Declares which job a provider handles; the registry finds it at start. */
export const HandlesJob = (name: JobName): ClassDecorator => SetMetadata(HANDLES_JOB, name);

/**
 * Finds every @HandlesJob provider and checks at start that each job of the queues a
 * process serves has exactly one handler, so a missing handler is a boot failure,
 * not a job that fails in production.
 */
@Injectable()
export class JobHandlerRegistry implements OnModuleInit {
  private readonly handlers = new Map<JobName, JobHandler<JobName>>();
  private readonly duplicates: string[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const { metatype, instance } = wrapper;
      if (!metatype || !instance || typeof metatype !== 'function') continue;
      const name = Reflect.getMetadata(HANDLES_JOB, metatype) as JobName | undefined;
      if (!name) continue;
      if (this.handlers.has(name) && this.handlers.get(name) !== instance) this.duplicates.push(name);
      this.handlers.set(name, instance as JobHandler<JobName>);
    }
  }

  /** Throws unless every job of these queues has exactly one handler. */
  assertComplete(queues: readonly QueueName[]): void {
    const missing = queues.flatMap(jobsOfQueue).filter((job) => !this.handlers.has(job));
    const problems = [
      ...missing.map((job) => `no handler for job '${job}' (queue '${JOB_QUEUE[job]}')`),
      ...this.duplicates.map((job) => `more than one handler for job '${job}'`),
    ];
    if (problems.length > 0) throw new Error(`Job handlers incomplete: ${problems.join('; ')}`);
  }

  get<N extends JobName>(name: N): JobHandler<N> {
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`No handler registered for job '${name}'`);
    return handler as unknown as JobHandler<N>;
  }

  has(name: string): name is JobName {
    return this.handlers.has(name as JobName);
  }
}
