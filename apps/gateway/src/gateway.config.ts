import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { CommonConfig, DEFAULT_HOST, developmentSecretProblem } from '@aas/shared-infra';

/** The gateway's settings; every property is an environment variable of the same name. */
export class GatewayConfig extends CommonConfig {
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /**
   * The address to listen on: this machine only by default. Any other (0.0.0.0 in a container,
   * behind a proxy) needs a real JWT_SECRET or JWT_PUBLIC_KEY: the development secret is refused.
   */
  @IsString()
  HOST = DEFAULT_HOST;

  /** Largest accepted request body; larger answers 413. */
  @Type(() => Number)
  @IsInt()
  @Min(1024)
  @Max(64 * 1024 * 1024)
  BODY_LIMIT_BYTES = 1024 * 1024;

  /**
   * Origins (scheme://host[:port]) browsers may call the API from, comma-separated; `*` for any.
   * Unset: no CORS headers at all, so browsers on other origins cannot read answers.
   */
  @IsOptional()
  @Matches(/^\s*(\*|https?:\/\/[A-Za-z0-9.\-[\]:]+)\s*(,\s*https?:\/\/[A-Za-z0-9.\-[\]:]+\s*)*$/, {
    message: 'CORS_ORIGINS must be * or comma-separated origins such as https://app.example.com',
  })
  CORS_ORIGINS?: string;

  /** Requests one organisation may make per RATE_LIMIT_WINDOW_SECONDS (over every gateway when Redis counts them); 0 turns the limit off. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  RATE_LIMIT_REQUESTS = 600;

  /** The window RATE_LIMIT_REQUESTS counts over (s). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3600)
  RATE_LIMIT_WINDOW_SECONDS = 60;

  /** CORS_ORIGINS as a list (empty: CORS off). */
  get corsOrigins(): string[] {
    return (this.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o.length > 0);
  }

  override validateTogether(): string[] {
    const problems = super.validateTogether();
    const secret = developmentSecretProblem(this, this.HOST);
    if (secret && !problems.some((p) => p.startsWith('JWT_SECRET'))) problems.push(secret);
    return problems;
  }
}
