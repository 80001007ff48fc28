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

  it('the assistant’s model endpoint is off by default and needs a model name when set', () => {
    const off = loadConfig(CommonConfig, {});
    expect([off.ASSISTANT_MODEL_URL, off.ASSISTANT_MODEL_TIMEOUT_MS, off.ASSISTANT_MODEL_OUTPUT]).toEqual([undefined, 4000, 'json_schema']);
    expect(() => loadConfig(CommonConfig, { ASSISTANT_MODEL_URL: 'http://127.0.0.1:8080/v1' })).toThrow(/ASSISTANT_MODEL_NAME: required/);
    expect(() => loadConfig(CommonConfig, { ASSISTANT_MODEL_URL: 'localhost:8080', ASSISTANT_MODEL_NAME: 'm' })).toThrow(/ASSISTANT_MODEL_URL must be/);
    const on = loadConfig(CommonConfig, {
      ASSISTANT_MODEL_URL: 'http://127.0.0.1:8080/v1',
      ASSISTANT_MODEL_NAME: 'm',
      ASSISTANT_MODEL_TIMEOUT_MS: '1500',
      ASSISTANT_MODEL_OUTPUT: 'tool',
    });
    expect([on.ASSISTANT_MODEL_TIMEOUT_MS, on.ASSISTANT_MODEL_OUTPUT]).toEqual([1500, 'tool']);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig(CommonConfig, { JWT_SECRET: '' }).JWT_SECRET).toBeUndefined();
  });
});
