import type { Request } from 'express';

/**
 * Reads the token from `Authorization: Bearer <jwt>` or from a bare `Authorization: <jwt>`
 * (clients of the older REST API send the key with no scheme word).
 */
export function extractToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const value = header.trim();
  if (value === '') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(value);
  if (match) return match[1];
  // A lone scheme word is a missing token, not a token called "Bearer".
  return /^\S+$/.test(value) && !/^Bearer$/i.test(value) ? value : null;
}
