import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Principal } from '@aas/shared-infra/http';
import { EngineClient } from './engine-client';

/**
 * Refuses a request for engine work with 503 and Retry-After when the caller's organisation (or the
 * gateway) has no room left, before its body is validated or checked against the catalogue: under
 * overload refusals come by the hundred a second, and each must cost next to nothing, or refusing
 * takes the CPU the admitted requests need. Runs after the authentication guard (global guards come
 * first), so the organisation is the token's.
 */
@Injectable()
export class EngineCapacityGuard implements CanActivate {
  constructor(private readonly engine: EngineClient) {}

  canActivate(context: ExecutionContext): boolean {
    const principal = context.switchToHttp().getRequest<{ user?: Principal }>().user;
    if (principal) this.engine.assertCapacity(principal.orgId);
    return true;
  }
}
