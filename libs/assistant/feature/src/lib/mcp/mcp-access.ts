import { CommonConfig } from '@aas/shared-infra';

/** Loopback names: a local client (or the MCP Inspector) reaches the server by these. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Which Host and Origin headers the MCP endpoint answers (DNS rebinding protection). */
export interface McpAccessPolicy {
  /** Host names, each with the one port it is allowed on, or any port when none is named. */
  hosts: { name: string; port?: string }[];
  /** Allowed origins besides loopback ones, as `URL.origin` spells them. */
  origins: Set<string>;
}

export interface McpRefusal {
  status: 400 | 403;
  message: string;
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');

/** `example.com:8080` -> name and port; `[::1]:3000` -> `[::1]` and `3000`. Lower-cased. */
function splitHost(host: string): { name: string; port?: string } {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(host.trim().toLowerCase());
  return match ? { name: match[1], ...(match[2] ? { port: match[2] } : {}) } : { name: host.toLowerCase() };
}

/** The policy of a deployment: loopback, PUBLIC_BASE_URL's host and origin, MCP_ALLOWED_HOSTS and MCP_ALLOWED_ORIGINS. */
export function mcpAccessPolicy(config: Pick<CommonConfig, 'PUBLIC_BASE_URL' | 'MCP_ALLOWED_HOSTS' | 'MCP_ALLOWED_ORIGINS'>): McpAccessPolicy {
  const hosts = [...LOOPBACK].map((name) => ({ name }));
  const origins = new Set<string>();
  if (config.PUBLIC_BASE_URL) {
    const url = new URL(config.PUBLIC_BASE_URL);
    hosts.push(splitHost(url.host));
    origins.add(url.origin);
  }
  hosts.push(...list(config.MCP_ALLOWED_HOSTS).map(splitHost));
  for (const origin of list(config.MCP_ALLOWED_ORIGINS)) origins.add(new URL(origin).origin);
  return { hosts, origins };
}

function hostAllowed(host: string, policy: McpAccessPolicy): boolean {
  const { name, port } = splitHost(host);
  return policy.hosts.some((h) => h.name === name && (h.port === undefined || h.port === port));
}

function originAllowed(origin: string, policy: McpAccessPolicy): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // `null` (a sandboxed page, a file) and garbage
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && (LOOPBACK.has(url.hostname) || policy.origins.has(url.origin));
}

/**
 * The transport rules of Streamable HTTP (MCP 2025-11-25) checked before a request reaches the
 * JSON-RPC layer: a Host the server does not answer for, or an Origin it does not trust, is a
 * DNS-rebinding attempt (403); an `MCP-Protocol-Version` it does not speak is a 400.
 */
export function checkMcpRequest(
  headers: { host?: string; origin?: string; 'mcp-protocol-version'?: string | string[] },
  policy: McpAccessPolicy,
  supportedVersions: readonly string[],
): McpRefusal | undefined {
  if (!headers.host || !hostAllowed(headers.host, policy)) {
    return { status: 403, message: `Forbidden: this MCP endpoint does not answer for host '${(headers.host ?? '').slice(0, 200)}' (MCP_ALLOWED_HOSTS)` };
  }
  if (headers.origin !== undefined && !originAllowed(headers.origin, policy)) {
    return { status: 403, message: `Forbidden: origin '${headers.origin.slice(0, 200)}' may not call this MCP endpoint (MCP_ALLOWED_ORIGINS)` };
  }
  const version = headers['mcp-protocol-version'];
  if (version !== undefined && (typeof version !== 'string' || !supportedVersions.includes(version))) {
    return {
      status: 400,
      message: `Bad Request: unsupported MCP-Protocol-Version '${String(version).slice(0, 100)}'; supported: ${supportedVersions.join(', ')}`,
    };
  }
  return undefined;
}
