import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ProblemException } from '../errors/problem.exception';
import { IS_PUBLIC } from './principal';

const REASONS: Record<string, string> = {
  'No auth token': 'The Authorization header is missing or empty',
  'jwt expired': 'The token has expired',
  'jwt not active': 'The token is not valid yet (nbf)',
  'invalid signature': 'The token signature is invalid',
  'jwt malformed': 'The token is malformed',
  'invalid algorithm': 'The token algorithm is not accepted',
};

/** Global guard: every route needs a valid token unless marked @Public(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    return super.canActivate(context);
  }

  override handleRequest<TUser>(err: unknown, user: TUser, info: unknown): TUser {
    if (err instanceof ProblemException) throw err;
    if (err || !user) {
      const message = info instanceof Error ? info.message : undefined;
      throw ProblemException.unauthorized((message && REASONS[message]) ?? 'The token is invalid');
    }
    return user;
  }
}
