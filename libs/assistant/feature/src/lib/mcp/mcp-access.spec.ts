import { checkMcpRequest, mcpAccessPolicy } from './mcp-access';

const VERSIONS = ['2025-11-25', '2025-06-18'];
const local = mcpAccessPolicy({});
const deployed = mcpAccessPolicy({
  PUBLIC_BASE_URL: 'https://aas.example.com',
  MCP_ALLOWED_HOSTS: 'internal-gw:8080, mcp.example.org',
  MCP_ALLOWED_ORIGINS: 'https://app.example.com',
});
const status = (headers: Parameters<typeof checkMcpRequest>[0], policy = local) => checkMcpRequest(headers, policy, VERSIONS)?.status ?? 'ok';

describe('checkMcpRequest', () => {
  it('answers for loopback hosts on any port, and refuses every other host (DNS rebinding)', () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:54321', '[::1]:3000', 'LOCALHOST:1']) expect(status({ host })).toBe('ok');
    for (const host of [undefined, '', 'evil.example.com', 'evil.example.com:3000', 'localhost.evil.com', '127.0.0.1.nip.io'])
      expect(status({ host })).toBe(403);
  });

  it('answers for the host of PUBLIC_BASE_URL and MCP_ALLOWED_HOSTS, on the port named when one is', () => {
    for (const host of ['aas.example.com', 'internal-gw:8080', 'mcp.example.org:9999', 'localhost:3000']) expect(status({ host }, deployed)).toBe('ok');
    expect(status({ host: 'internal-gw:8081' }, deployed)).toBe(403);
    expect(status({ host: 'example.com' }, deployed)).toBe(403);
  });

  it('takes a request without Origin (not a browser), loopback origins and the configured ones; refuses any other', () => {
    expect(status({ host: 'localhost:3000' })).toBe('ok');
    for (const origin of ['http://localhost:6274', 'http://127.0.0.1:3000', 'https://[::1]']) expect(status({ host: 'localhost:3000', origin })).toBe('ok');
    for (const origin of ['http://evil.example.com', 'null', 'file://x', 'not a url', 'https://aas.example.com']) {
      expect(status({ host: 'localhost:3000', origin })).toBe(403);
    }
    expect(status({ host: 'aas.example.com', origin: 'https://aas.example.com' }, deployed)).toBe('ok');
    expect(status({ host: 'aas.example.com', origin: 'https://app.example.com' }, deployed)).toBe('ok');
    expect(status({ host: 'aas.example.com', origin: 'http://app.example.com' }, deployed)).toBe(403);
  });

  it('answers 400 to an MCP-Protocol-Version it does not speak, and takes a request without one', () => {
    expect(status({ host: 'localhost', 'mcp-protocol-version': '2025-11-25' })).toBe('ok');
    expect(status({ host: 'localhost' })).toBe('ok');
    for (const version of ['1900-01-01', 'not-a-version', '', ['2025-11-25', '2025-06-18']]) {
      expect(status({ host: 'localhost', 'mcp-protocol-version': version })).toBe(400);
    }
  });

  it('checks the host before the version, and says what to configure', () => {
    expect(checkMcpRequest({ host: 'evil.example.com', 'mcp-protocol-version': 'x' }, local, VERSIONS)).toEqual({
      status: 403,
      message: "Forbidden: this MCP endpoint does not answer for host 'evil.example.com' (MCP_ALLOWED_HOSTS)",
    });
  });
});
