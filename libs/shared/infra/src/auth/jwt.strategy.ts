import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy, StrategyOptionsWithoutRequest } from 'passport-jwt';
import { CommonConfig } from '../config/common.config';
import { ProblemException } from '../errors/problem.exception';
import { OrganisationDirectory } from './organisation-directory';
import { Principal } from './principal';
import { extractToken } from './token';

interface Claims {
  sub?: unknown;
  org?: unknown;
  email?: unknown;
  admin?: unknown;
  exp?: unknown;
}

/** Clock skew accepted on exp and nbf, in seconds. */
export const CLOCK_TOLERANCE_SECONDS = 30;

export function jwtStrategyOptions(config: CommonConfig): StrategyOptionsWithoutRequest {
  const publicKey = config.JWT_PUBLIC_KEY;
  const rs256 = Boolean(publicKey);
  return {
    jwtFromRequest: extractToken,
    secretOrKey: publicKey ?? config.jwtSecret,
    // Pinned at the strategy's top level: a token cannot choose its own algorithm (no `none`, no HS/RS confusion).
    algorithms: rs256 ? ['RS256'] : ['HS256'],
    ignoreExpiration: false,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    jsonWebTokenOptions: { clockTolerance: CLOCK_TOLERANCE_SECONDS },
  };
}

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: CommonConfig,
    private readonly organisations: OrganisationDirectory,
  ) {
    super(jwtStrategyOptions(config));
  }

  async validate(claims: Claims): Promise<Principal> {
    // jsonwebtoken checks exp only when present; a token that never expires is refused here.
    if (typeof claims.exp !== 'number') throw ProblemException.unauthorized('The token has no exp claim');
    const userId = typeof claims.sub === 'string' && /^\d+$/.test(claims.sub) ? Number(claims.sub) : claims.sub;
    if (typeof userId !== 'number' || !Number.isSafeInteger(userId) || userId <= 0) {
      throw ProblemException.unauthorized('The token sub claim must be a positive integer user id');
    }
    if (typeof claims.org !== 'string' || claims.org === '') {
      throw ProblemException.unauthorized('The token has no org claim');
    }
    let known: boolean;
    try {
      known = await this.organisations.exists(claims.org);
    } catch {
      // A database outage is not a bad token: the client should retry, not throw its token away.
      throw ProblemException.unavailable('The token cannot be checked right now; try again shortly');
    }
    if (!known) {
      throw ProblemException.unauthorized('The token names an unknown organisation');
    }
    return { userId, orgId: claims.org, email: typeof claims.email === 'string' ? claims.email : null, admin: claims.admin === true };
  }
}
