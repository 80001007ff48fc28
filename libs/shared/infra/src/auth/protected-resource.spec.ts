import { bearerChallenge } from './jwt-auth.guard';
import { protectedResourceMetadata, publicBaseUrl } from './protected-resource';

const req = (host?: string, protocol = 'http') => ({ protocol, headers: host === undefined ? {} : { host } });

describe('publicBaseUrl', () => {
  it('is PUBLIC_BASE_URL when set (without a trailing slash), else the scheme and Host of the request', () => {
    expect(publicBaseUrl({ PUBLIC_BASE_URL: 'https://aas.example.com/' }, req('evil.example.com'))).toBe('https://aas.example.com');
    expect(publicBaseUrl({}, req('localhost:3000'))).toBe('http://localhost:3000');
    expect(publicBaseUrl({}, req('[::1]:3000', 'https'))).toBe('https://[::1]:3000');
  });

  it('echoes no Host that is not a plain host name', () => {
    for (const host of [undefined, '', 'a b', 'x"y', 'evil.com/path', 'x\r\nSet-Cookie: a=b']) expect(publicBaseUrl({}, req(host))).toBeUndefined();
  });
});

describe('protectedResourceMetadata', () => {
  it('names the resource and, when one is configured, the issuer as its authorization server (RFC 9728)', () => {
    expect(protectedResourceMetadata({ JWT_ISSUER: 'https://idp.example' }, 'https://aas.example.com', '/v1/assistant-api/mcp')).toEqual({
      resource: 'https://aas.example.com/v1/assistant-api/mcp',
      authorization_servers: ['https://idp.example'],
      bearer_methods_supported: ['header'],
      resource_name: 'Audience Analytics Service',
      resource_documentation: 'https://aas.example.com/docs',
    });
    expect(protectedResourceMetadata({}, 'http://localhost:3000')).not.toHaveProperty('authorization_servers');
  });
});

describe('bearerChallenge', () => {
  it('points at the metadata, with invalid_token only when a token was sent (RFC 6750)', () => {
    expect(bearerChallenge('https://a.example/.well-known/oauth-protected-resource', false)).toBe(
      'Bearer realm="aas", resource_metadata="https://a.example/.well-known/oauth-protected-resource"',
    );
    expect(bearerChallenge(undefined, true)).toBe('Bearer realm="aas", error="invalid_token"');
  });
});
