import { createSecretKey, generateKeyPairSync, KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { CommonConfig } from '../config/common.config';
import { loadConfig } from '../config/load-config';
import { ProblemException } from '../errors/problem.exception';
import { JwtStrategy, jwtStrategyOptions } from './jwt.strategy';
import { OrganisationDirectory } from './organisation-directory';

const directory = (exists: (org: string) => Promise<boolean>) => ({ exists }) as unknown as OrganisationDirectory;
const config = loadConfig(CommonConfig, { JWT_SECRET: 'x'.repeat(32) });
const exp = Math.floor(Date.now() / 1000) + 600;

async function statusOf(promise: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (err) {
    return err instanceof ProblemException ? err.getStatus() : -1;
  }
}

describe('JwtStrategy.validate', () => {
  const strategy = new JwtStrategy(
    config,
    directory(async (org) => org === 'acme'),
  );

  it('turns valid claims into the principal (sub as string or number)', async () => {
    await expect(strategy.validate({ sub: '7', org: 'acme', email: 'a@b.c', exp })).resolves.toEqual({
      userId: 7,
      orgId: 'acme',
      email: 'a@b.c',
      admin: false,
    });
    await expect(strategy.validate({ sub: 7, org: 'acme', exp })).resolves.toEqual({ userId: 7, orgId: 'acme', email: null, admin: false });
  });

  it('grants admin only for the literal claim admin: true', async () => {
    await expect(strategy.validate({ sub: 7, org: 'acme', exp, admin: true })).resolves.toMatchObject({ admin: true });
    for (const admin of ['true', 1, 'yes', {}, null]) {
      await expect(strategy.validate({ sub: 7, org: 'acme', exp, admin })).resolves.toMatchObject({ admin: false });
    }
  });

  it.each([
    ['no exp', { sub: '7', org: 'acme' }],
    ['a non-numeric sub', { sub: 'alice', org: 'acme', exp }],
    ['a zero sub', { sub: '0', org: 'acme', exp }],
    ['a fractional sub', { sub: 1.5, org: 'acme', exp }],
    ['no org', { sub: '7', exp }],
    ['an unknown org', { sub: '7', org: 'nobody', exp }],
  ])('refuses %s with 401', async (_name, claims) => {
    expect(await statusOf(strategy.validate(claims))).toBe(401);
  });

  it('answers 503 when the organisation cannot be checked (database down), not 401', async () => {
    const down = new JwtStrategy(
      config,
      directory(async () => Promise.reject(new Error('connection refused'))),
    );
    expect(await statusOf(down.validate({ sub: '7', org: 'acme', exp }))).toBe(503);
  });
});

/** The verification key the options carry (passport-jwt's types declare it a string or Buffer). */
const keyOf = (options: object): KeyObject => (options as { secretOrKey: KeyObject }).secretOrKey;

describe('jwtStrategyOptions', () => {
  it('pins HS256 with the secret, or RS256 alone when a public key is set, each as a key made once', () => {
    const hs = jwtStrategyOptions(config);
    expect(hs).toMatchObject({ algorithms: ['HS256'], ignoreExpiration: false });
    const secret = keyOf(hs);
    expect(secret).toBeInstanceOf(KeyObject);
    expect(secret.type).toBe('secret');
    expect(secret.export().toString()).toBe('x'.repeat(32));

    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    // The environment carries the key's line breaks as \n.
    const rs = loadConfig(CommonConfig, { JWT_PUBLIC_KEY: pem.replace(/\n/g, '\\n') });
    const options = jwtStrategyOptions(rs);
    expect(options).toMatchObject({ algorithms: ['RS256'], jsonWebTokenOptions: { clockTolerance: 30 } });
    const key = keyOf(options);
    expect(key.type).toBe('public');
    expect(key.equals(publicKey)).toBe(true);
  });

  it('verifies tokens with the key object as with the string it came from', () => {
    const token = jwt.sign({ sub: '7', org: 'acme' }, 'x'.repeat(32), { algorithm: 'HS256', expiresIn: 60 });
    const key = keyOf(jwtStrategyOptions(config));
    expect(jwt.verify(token, key, { algorithms: ['HS256'] })).toMatchObject({ sub: '7', org: 'acme' });
    expect(() => jwt.verify(token, createSecretKey(Buffer.from('y'.repeat(32))), { algorithms: ['HS256'] })).toThrow(/invalid signature/);
  });

  it('refuses at start a JWT_PUBLIC_KEY that is not a PEM public key, naming it', () => {
    expect(() => loadConfig(CommonConfig, { JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nabc\\n-----END PUBLIC KEY-----' })).toThrow(
      /JWT_PUBLIC_KEY: not a PEM public key/,
    );
  });
});
