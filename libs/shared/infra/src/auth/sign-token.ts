import jwt from 'jsonwebtoken';

/** Signs an HS256 token for local use (CLI, demo, tests). Production tokens come from your IdP. */
export function signDevToken(
  secret: string,
  claims: { sub: number; org: string; email?: string; admin?: boolean },
  options: { expiresInSeconds?: number; issuer?: string; audience?: string } = {},
): string {
  return jwt.sign({ org: claims.org, email: claims.email, ...(claims.admin ? { admin: true } : {}) }, secret, {
    algorithm: 'HS256',
    subject: String(claims.sub),
    expiresIn: options.expiresInSeconds ?? 12 * 3600,
    ...(options.issuer ? { issuer: options.issuer } : {}),
    ...(options.audience ? { audience: options.audience } : {}),
  });
}
