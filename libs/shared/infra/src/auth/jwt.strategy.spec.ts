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

describe('jwtStrategyOptions', () => {
  it('pins HS256 with the secret, or RS256 alone when a public key is set', () => {
    expect(jwtStrategyOptions(config)).toMatchObject({ algorithms: ['HS256'], secretOrKey: 'x'.repeat(32), ignoreExpiration: false });
    const rs = loadConfig(CommonConfig, { JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nabc\\n-----END PUBLIC KEY-----' });
    expect(jwtStrategyOptions(rs)).toMatchObject({
      algorithms: ['RS256'],
      secretOrKey: '-----BEGIN PUBLIC KEY-----\nabc\n-----END PUBLIC KEY-----',
      jsonWebTokenOptions: { clockTolerance: 30 },
    });
  });
});
