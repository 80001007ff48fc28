import { createPublicKey, createSecretKey, type KeyObject } from 'node:crypto';
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

/**
 * The key tokens are verified with, as a KeyObject made once. Given a string, jsonwebtoken makes
 * one on every verification, and first tries the string as a PEM public key, which throws for an
 * HS256 secret: about 1 ms of the gateway's CPU per request, for nothing. (The config refuses a
 * JWT_PUBLIC_KEY that is not a PEM public key, so this does not throw.)
 */
export function verificationKey(config: CommonConfig): KeyObject {
  return config.JWT_PUBLIC_KEY ? createPublicKey(config.JWT_PUBLIC_KEY) : createSecretKey(Buffer.from(config.jwtSecret));
}

export function jwtStrategyOptions(config: CommonConfig): StrategyOptionsWithoutRequest {
  const rs256 = Boolean(config.JWT_PUBLIC_KEY);
  return {
    jwtFromRequest: extractToken,
    // passport-jwt hands the key to jsonwebtoken as it is, and jsonwebtoken takes a KeyObject (its types predate that).
    secretOrKey: verificationKey(config) as unknown as Buffer,
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
