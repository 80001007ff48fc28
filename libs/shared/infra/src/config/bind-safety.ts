import { isIP } from 'node:net';
import { CommonConfig, DEVELOPMENT_JWT_SECRET } from './common.config';

/** Where the gateway listens unless HOST says otherwise: this machine only. */
export const DEFAULT_HOST = '127.0.0.1';

/** Whether an address to bind to reaches this machine only (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) {
    // The URL parser writes an IPv6 address in its one canonical form ([::1], [::ffff:7f00:1]).
    const canonical = new URL(`http://[${h}]/`).hostname;
    return canonical === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(canonical);
  }
  return false;
}

/**
 * Why the HS256 secret in force may not be used, or undefined when it may. The development secret
 * is published in this repository: anyone who can reach the service could sign a token for any
 * organisation with it. It is therefore refused in production and whenever the gateway listens
 * beyond this machine (HOST not a loopback address). An RS256 public key (JWT_PUBLIC_KEY) replaces
 * HS256, so then no secret is in force.
 */
export function developmentSecretProblem(config: CommonConfig, host?: string): string | undefined {
  if (config.JWT_PUBLIC_KEY || config.jwtSecret !== DEVELOPMENT_JWT_SECRET) return undefined;
  const fix = 'set JWT_SECRET to a random secret of at least 16 characters (e.g. `openssl rand -hex 32`) or JWT_PUBLIC_KEY for RS256';
  if (config.NODE_ENV === 'production') {
    return `JWT_SECRET: the development secret is published in the repository and refused when NODE_ENV=production; ${fix}`;
  }
  if (host !== undefined && !isLoopbackHost(host)) {
    return `JWT_SECRET: the development secret is published in the repository and refused when HOST=${host} (not a loopback address: anyone on the network could sign tokens); ${fix}, or bind to ${DEFAULT_HOST}`;
  }
  return undefined;
}

/**
 * The warning a gateway prints at start while it verifies tokens with the development secret (on
 * loopback, outside production, where that secret is allowed), or undefined with a real one.
 */
export function developmentSecretWarning(config: CommonConfig): string | undefined {
  if (config.JWT_PUBLIC_KEY || config.jwtSecret !== DEVELOPMENT_JWT_SECRET) return undefined;
  return (
    'JWT_SECRET is not set: tokens are verified with the development secret, which is published in this repository, so anyone who can ' +
    'reach this gateway can sign a token for any organisation. Fine for a demo on this machine; anywhere else set JWT_SECRET ' +
    '(e.g. `openssl rand -hex 32`) or JWT_PUBLIC_KEY'
  );
}
