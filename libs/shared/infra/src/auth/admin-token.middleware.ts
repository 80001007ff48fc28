import type { NextFunction, Request, Response } from 'express';
import passport from 'passport';
import { CommonConfig } from '../config/common.config';
import { ProblemException } from '../errors/problem.exception';
import { bearerChallenge, tokenRefusal } from './jwt-auth.guard';
import { Principal } from './principal';
import { PROTECTED_RESOURCE_METADATA_PATH, publicBaseUrl } from './protected-resource';
import { extractToken } from './token';

/**
 * Express middleware for what is not a Nest route (the queue board): the same bearer-token check as
 * the global guard, through the same passport strategy ('jwt': algorithms, exp, issuer, audience, the
 * organisation must exist), then the admin claim. No token or a bad one: 401 with the challenge;
 * a valid token without `admin: true`: 403. Errors go to next() and leave as problem details.
 * Only the Authorization header is read: a token in a query string or cookie would end up in
 * logs, browser history and caches, or be sent by a browser on another site's behalf.
 */
export function adminTokenMiddleware(config: CommonConfig) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const authenticate = passport.authenticate('jwt', { session: false }, (err: unknown, user: Principal | false | undefined, info: unknown) => {
      if (err instanceof ProblemException && err.getStatus() !== 401) return next(err);
      if (err || !user) {
        const base = publicBaseUrl(config, req);
        res.setHeader(
          'WWW-Authenticate',
          bearerChallenge(base === undefined ? undefined : `${base}${PROTECTED_RESOURCE_METADATA_PATH}`, extractToken(req) !== null),
        );
        return next(err instanceof ProblemException ? err : tokenRefusal(info));
      }
      if (!user.admin) return next(ProblemException.forbidden('This page needs an administrator token (the admin claim)'));
      (req as Request & { user?: Principal }).user = user;
      next();
    }) as (req: Request, res: Response, next: NextFunction) => void;
    authenticate(req, res, next);
  };
}
