import { Type } from 'class-transformer';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { CommonConfig } from '@aas/infra';

/** The gateway's settings; every property is an environment variable of the same name. */
export class GatewayConfig extends CommonConfig {
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  /** Largest accepted request body; larger answers 413. */
  @Type(() => Number)
  @IsInt()
  @Min(1024)
  @Max(64 * 1024 * 1024)
  BODY_LIMIT_BYTES = 1024 * 1024;
}
