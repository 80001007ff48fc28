import { applyDecorators, Injectable, OnModuleInit, SetMetadata } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { DiscoveryService } from '@nestjs/core';
import { JOB_QUEUE, JobName, JobPayloads, JobResults, QueueName, jobsOfQueue } from '@aas/shared-contracts';
import { ProblemException } from '../errors/problem.exception';
import { flattenValidationErrors } from '../errors/validation';

export interface JobContext {
  jobId: string;
  /** The HTTP request the job serves, for logs (absent for jobs queued outside a request). */
  requestId?: string;
  /** 1 for the first try, 2 for the first retry, ... */
  attempt: number;
  /** The queue the job came from (a shard's engine queue says which shard it computes for); absent in direct calls. */
  queue?: string;
  /** Aborted when the job should stop early (shutdown, client gone). */
  signal: AbortSignal;
  /**
   * Hands a part of the job's outcome to whoever waits for it, before the job ends (the caller's
   * `onProgress`); absent when nobody can receive one. Best effort: a report that cannot be
   * delivered is dropped (it never fails the job), so the result must carry everything anyway.
   */
  report?: (progress: unknown) => Promise<void>;
  /**
   * What an earlier run of this job kept when it was handed back (see `keep`), for a handler that
   * can go on from there instead of starting over; absent on a first run, or when nothing was kept.
   * It comes from Redis: check its shape before trusting it.
   */
  resumeFrom?: unknown;
  /**
   * Registers what to keep of this run should it be handed back before it ends (the worker stopping
   * past SHUTDOWN_TIMEOUT_MS, a shard handed back): `snapshot` is called then, and what it returns
   * (MessagePack-able; undefined: nothing) reaches the job's next run as `resumeFrom`. Absent where
   * runs are never handed back (inline mode). A run killed outright keeps nothing.
   */
  keep?: (snapshot: () => unknown) => void;
}

/** A class that runs one job. The same class runs in a worker and, in inline mode, in the gateway. */
export interface JobHandler<N extends JobName> {
  handle(payload: JobPayloads[N], context: JobContext): Promise<JobResults[N]>;
}

const HANDLES_JOB = 'aas:handlesJob';
const JOB_PAYLOAD = 'aas:jobPayload';

/** A class-validator class describing a job's payload, as a DTO describes an HTTP body. */
export type PayloadClass = new () => object;

export interface HandlesJobOptions {
  /** Validates every payload before the handler sees it, with the rules HTTP bodies get (unknown members refused). */
  readonly payload?: PayloadClass;
  /**
   * Check the payload's own members only, without class-transformer's deep copy of nested
   * values. For payloads whose nested values the handler parses itself (expressions: an open
   * profile sends ~1,200 of them, and the copy cost more than computing them). The class must
   * then use no @ValidateNested/@Type.
   */
  readonly shallow?: boolean;
}

/** Declares which job a provider handles (and how its payload is validated); the registry finds it at start. */
export const HandlesJob = (name: JobName, options: HandlesJobOptions = {}): ClassDecorator =>
  applyDecorators(SetMetadata(HANDLES_JOB, name), SetMetadata(JOB_PAYLOAD, options.payload ? options : undefined));

/**
 * Checks a job payload against its class like the ValidationPipe checks a body: whitelist, unknown
 * members refused, every problem named by its JSON pointer. A payload a worker cannot trust is a
 * client error (400: the job fails without retry), never a crash inside the handler.
 */
export function validateJobPayload(name: string, payloadClass: PayloadClass, payload: unknown, shallow = false): void {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw ProblemException.validation(`The payload of job '${name}' is not an object`, [{ path: '', message: 'must be an object' }]);
  }
  const instance = shallow ? Object.assign(new payloadClass(), payload) : plainToInstance(payloadClass, payload);
  const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0) {
    const fieldErrors = flattenValidationErrors(errors);
    throw ProblemException.validation(`The payload of job '${name}' is invalid: ${[...new Set(fieldErrors.map((e) => e.path))].join(', ')}`, fieldErrors);
  }
}

/**
 * Finds every @HandlesJob provider and checks at start that each job of the queues a
 * process serves has exactly one handler, so a missing handler is a boot failure,
 * not a job that fails in production.
 */
@Injectable()
export class JobHandlerRegistry implements OnModuleInit {
  private readonly handlers = new Map<JobName, JobHandler<JobName>>();
  private readonly payloads = new Map<JobName, HandlesJobOptions & { payload: PayloadClass }>();
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
      const options = Reflect.getMetadata(JOB_PAYLOAD, metatype) as (HandlesJobOptions & { payload: PayloadClass }) | undefined;
      if (options) this.payloads.set(name, options);
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

  /**
   * Runs a job's handler on a payload that came from outside this process's type system (Redis),
   * validating it first when the handler declared its payload class.
   */
  run<N extends JobName>(name: N, payload: unknown, context: JobContext): Promise<JobResults[N]> {
    const handler = this.get(name);
    const options = this.payloads.get(name);
    if (options) validateJobPayload(name, options.payload, payload, options.shallow);
    return handler.handle(payload as JobPayloads[N], context);
  }

  has(name: string): name is JobName {
    return this.handlers.has(name as JobName);
  }
}
