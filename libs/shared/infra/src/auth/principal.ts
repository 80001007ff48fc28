import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { PUBLIC_OPERATION_EXTENSION } from '../http/openapi';

/** Who is calling: taken from the verified token only, never from a request body. */
export interface Principal {
  userId: number;
  orgId: string;
  email: string | null;
  /**
   * The token's `admin: true` claim. It opens the admin endpoints (those marked @AdminOnly()) and
   * nothing else: on every other endpoint an admin is an ordinary member of its token's organisation.
   */
  admin: boolean;
}

export const IS_PUBLIC = 'aas:isPublic';

/** Marks a route as needing no token (health checks); its OpenAPI operation then has no security requirement. */
export const Public = (): MethodDecorator & ClassDecorator => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(PUBLIC_OPERATION_EXTENSION, true));

export const ADMIN_ONLY = 'aas:adminOnly';

/** Marks a route (or controller) as needing a token with the admin claim; others get 403. */
export const AdminOnly = (): MethodDecorator & ClassDecorator => applyDecorators(SetMetadata(ADMIN_ONLY, true));

/** Injects the caller's Principal into a controller method. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal => {
  const request = ctx.switchToHttp().getRequest<{ user?: Principal }>();
  if (!request.user) throw new Error('CurrentPrincipal used on a route without authentication');
  return request.user;
});
