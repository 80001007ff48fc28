import { ArrayMaxSize, IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import type { EngineComputePayload, PartitionRef, WireExpression } from '@aas/shared-contracts';

/**
 * The shape of an `engine.compute` payload, checked in the worker with the rules HTTP bodies get
 * (unknown members refused). Expressions are parsed by the handler with the expression parser.
 */
export class EngineComputeCommand implements EngineComputePayload {
  @IsString() @MaxLength(128) requestId!: string;
  @IsArray() @ArrayMaxSize(100_000) @IsObject({ each: true }) rows!: WireExpression[];
  @IsArray() @ArrayMaxSize(100_000) @IsObject({ each: true }) columns!: WireExpression[];
  @IsObject() base!: WireExpression;
  @IsArray() @ArrayMaxSize(500) @IsString({ each: true }) @MaxLength(64, { each: true }) waves!: string[];
  @IsArray() @ArrayMaxSize(500) @IsString({ each: true }) @MaxLength(64, { each: true }) locations!: string[];
  @IsString() @MaxLength(64) dataset!: string;
  @IsIn(['none', 'wave', 'location']) groupBy!: 'none' | 'wave' | 'location';
  /** One shard's partitions; each is checked by the handler (a shallow check leaves nested values alone). */
  @IsOptional() @IsArray() @ArrayMaxSize(100_000) @IsObject({ each: true }) partitions?: PartitionRef[];
  /** Checked by the handler, like `partitions`. */
  @IsOptional() @IsObject() singles?: { rows: boolean; columns: boolean };
  /** Where row bands start; their order and range are checked by the handler (they depend on `rows`). */
  @IsOptional() @IsArray() @ArrayMaxSize(1000) @IsInt({ each: true }) bands?: number[];
}
