import { generateKeyPairSync } from 'node:crypto';
import { CommonConfig, DEVELOPMENT_JWT_SECRET } from './common.config';
import { developmentSecretProblem, isLoopbackHost } from './bind-safety';
import { loadConfig } from './load-config';

describe('isLoopbackHost', () => {
  it.each(['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', 'api.localhost', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])(
    '%s is loopback',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );

  it.each(['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', 'example.com', '128.0.0.1', '::2', ''])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('developmentSecretProblem', () => {
  const config = (env: Record<string, string>) => loadConfig(CommonConfig, env);

  it('allows the development secret on loopback outside production', () => {
    expect(developmentSecretProblem(config({}), '127.0.0.1')).toBeUndefined();
    expect(developmentSecretProblem(config({ JWT_SECRET: DEVELOPMENT_JWT_SECRET }), 'localhost')).toBeUndefined();
  });

  it('refuses it beyond loopback, naming JWT_SECRET and HOST', () => {
    expect(developmentSecretProblem(config({}), '0.0.0.0')).toMatch(/^JWT_SECRET: .*HOST=0\.0\.0\.0/);
    expect(developmentSecretProblem(config({ JWT_SECRET: DEVELOPMENT_JWT_SECRET }), '10.0.0.5')).toMatch(/HOST=10\.0\.0\.5/);
  });

  it('allows any host with a real secret or an RS256 key', () => {
    expect(developmentSecretProblem(config({ JWT_SECRET: 'x'.repeat(32) }), '0.0.0.0')).toBeUndefined();
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(developmentSecretProblem(config({ JWT_PUBLIC_KEY: pem }), '0.0.0.0')).toBeUndefined();
  });

  it('refuses the development secret in production, even set explicitly', () => {
    expect(() => config({ NODE_ENV: 'production', JWT_SECRET: DEVELOPMENT_JWT_SECRET })).toThrow(/development secret .* NODE_ENV=production/);
  });
});
