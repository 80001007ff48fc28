import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';

/** Who is calling: taken from the verified token only, never from a request body. */
export interface Principal {
  userId: number;
  orgId: string;
  email: string | null;
}

export const IS_PUBLIC = 'aas:isPublic';

/** Marks a route as needing no token (health checks). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);

/** Injects the caller's Principal into a controller method. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal => {
  const request = ctx.switchToHttp().getRequest<{ user?: Principal }>();
  if (!request.user) throw new Error('CurrentPrincipal used on a route without authentication');
  return request.user;
});
