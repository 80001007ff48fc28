import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request, Response } from 'express';
import { CommonConfig } from '../config/common.config';
import { ProblemException } from '../errors/problem.exception';
import { ADMIN_ONLY, IS_PUBLIC, Principal } from './principal';
import { OWN_PROTECTED_RESOURCE, PROTECTED_RESOURCE_METADATA_PATH, publicBaseUrl } from './protected-resource';
import { extractToken } from './token';

const REASONS: Record<string, string> = {
  'No auth token': 'The Authorization header is missing or empty',
  'jwt expired': 'The token has expired',
  'jwt not active': 'The token is not valid yet (nbf)',
  'invalid signature': 'The token signature is invalid',
  'jwt malformed': 'The token is malformed',
  'invalid algorithm': 'The token algorithm is not accepted',
};

/** The 401 for a token passport-jwt refused, saying why in words a client understands. */
export function tokenRefusal(info: unknown): ProblemException {
  const message = info instanceof Error ? info.message : undefined;
  return ProblemException.unauthorized((message && REASONS[message]) ?? 'The token is invalid');
}

/**
 * The challenge of a 401 (RFC 6750 section 3, RFC 9728 section 5.1): `Bearer`, with the URL of the
 * protected-resource metadata that says where tokens come from, and `error="invalid_token"` when a
 * token was sent but refused.
 */
export function bearerChallenge(resourceMetadataUrl: string | undefined, tokenSent: boolean): string {
  const params = ['realm="aas"'];
  if (tokenSent) params.push('error="invalid_token"');
  if (resourceMetadataUrl) params.push(`resource_metadata="${resourceMetadataUrl}"`);
  return `Bearer ${params.join(', ')}`;
}

/** Global guard: every route needs a valid token unless marked @Public(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly config: CommonConfig,
  ) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    return super.canActivate(context);
  }

  override handleRequest<TUser>(err: unknown, user: TUser, info: unknown, context: ExecutionContext): TUser {
    if (err instanceof ProblemException && err.getStatus() !== 401) throw err;
    if (err || !user) {
      this.challenge(context);
      if (err instanceof ProblemException) throw err;
      throw tokenRefusal(info);
    }
    const adminOnly = this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, [context.getHandler(), context.getClass()]);
    if (adminOnly && !(user as unknown as Principal).admin) throw ProblemException.forbidden('This endpoint needs an administrator token (the admin claim)');
    return user;
  }

  /** Sets WWW-Authenticate so that a client can discover where to get a token (MCP authorization). */
  private challenge(context: ExecutionContext): void {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const base = publicBaseUrl(this.config, req);
    const ownResource = this.reflector.getAllAndOverride<boolean>(OWN_PROTECTED_RESOURCE, [context.getHandler(), context.getClass()]);
    const resourcePath = ownResource ? req.path.replace(/\/+$/, '') : '';
    const metadataUrl = base === undefined ? undefined : `${base}${PROTECTED_RESOURCE_METADATA_PATH}${resourcePath}`;
    res.setHeader('WWW-Authenticate', bearerChallenge(metadataUrl, extractToken(req) !== null));
  }
}
