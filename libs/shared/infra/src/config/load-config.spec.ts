import { CommonConfig } from './common.config';
import { ConfigError, loadConfig } from './load-config';

describe('loadConfig', () => {
  it('applies defaults and converts numbers', () => {
    const config = loadConfig(CommonConfig, { JOB_TIMEOUT_MS: '2500' });
    expect(config.JOB_TIMEOUT_MS).toBe(2500);
    expect(config.JOB_MODE).toBe('queue');
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(16);
  });

  it('names every invalid variable', () => {
    try {
      loadConfig(CommonConfig, { JOB_TIMEOUT_MS: 'soon', REDIS_URL: 'http://x', JOB_MODE: 'maybe' });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const message = (err as ConfigError).message;
      expect(message).toContain('JOB_TIMEOUT_MS');
      expect(message).toContain('REDIS_URL');
      expect(message).toContain('JOB_MODE');
    }
  });

  it('requires a JWT secret or public key in production', () => {
    expect(() => loadConfig(CommonConfig, { NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(loadConfig(CommonConfig, { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig(CommonConfig, { JWT_SECRET: '' }).JWT_SECRET).toBeUndefined();
  });
});
