import { Test, TestingModule } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { AppConfigModule } from '../config/config.module';
import { CommonConfig } from '../config/common.config';
import { loadConfig } from '../config/load-config';
import { DatabaseModule } from '../database/database.module';
import { IDENTITY_MIGRATIONS } from '../database/migrations/1763769600000-Identity';
import { ProblemException } from '../errors/problem.exception';
import { ensureOrgAndUser } from '../identity/identity';
import { createTestDatabase, TestDatabase } from '../testing/test-database';
import { AuthModule } from './auth.module';
import { JwtStrategy } from './jwt.strategy';
import { OrganisationDirectory } from './organisation-directory';

describe("the JWT strategy's organisation check against Postgres (JwtStrategy, OrganisationDirectory)", () => {
  let db: TestDatabase;
  let moduleRef: TestingModule;
  let strategy: JwtStrategy;
  let directory: OrganisationDirectory;
  let ds: DataSource;
  const exp = () => Math.floor(Date.now() / 1000) + 600;

  beforeAll(async () => {
    db = await createTestDatabase('orgdirectory', IDENTITY_MIGRATIONS);
    const config = loadConfig(CommonConfig, { NODE_ENV: 'test', DATABASE_URL: db.url, JWT_SECRET: 'integration-secret-0123456789' });
    moduleRef = await Test.createTestingModule({ imports: [AppConfigModule.forRoot(config), DatabaseModule, AuthModule] }).compile();
    strategy = moduleRef.get(JwtStrategy, { strict: false });
    directory = moduleRef.get(OrganisationDirectory);
    ds = moduleRef.get(DataSource);
    // Quiet: one test breaks the table on purpose (an empty list still replaces the logger, `false` would not).
    ds.setOptions({ logging: [] });
    await ensureOrgAndUser(ds, { id: 'acme' }, { id: 7 });
  });
  afterAll(async () => {
    await moduleRef?.close();
    await db?.drop();
  });

  async function statusOf(promise: Promise<unknown>): Promise<number | 'ok'> {
    try {
      await promise;
      return 'ok';
    } catch (err) {
      if (err instanceof ProblemException) return err.getStatus();
      throw err;
    }
  }

  it('turns the claims of an organisation that exists into the principal', async () => {
    await expect(strategy.validate({ sub: '7', org: 'acme', email: 'ana@acme.example', exp: exp() })).resolves.toEqual({
      userId: 7,
      orgId: 'acme',
      email: 'ana@acme.example',
      admin: false,
    });
  });

  it('refuses an organisation that does not exist with 401, and accepts it as soon as it is created', async () => {
    expect(await statusOf(strategy.validate({ sub: '8', org: 'newco', exp: exp() }))).toBe(401);
    await ensureOrgAndUser(ds, { id: 'newco' });
    expect(await statusOf(strategy.validate({ sub: '8', org: 'newco', exp: exp() }))).toBe('ok');
  });

  it('asks the database once for an organisation it has found, not once per request', async () => {
    await ensureOrgAndUser(ds, { id: 'busy' });
    const queries = jest.spyOn(ds, 'query');
    try {
      for (let i = 0; i < 5; i++) expect(await directory.exists('busy')).toBe(true);
      for (let i = 0; i < 3; i++) expect(await directory.exists('ghost')).toBe(false);
      const asked = queries.mock.calls.map(([, params]) => (params as string[])[0]);
      expect(asked).toEqual(['busy', 'ghost', 'ghost', 'ghost']);
    } finally {
      queries.mockRestore();
    }
  });

  it('keeps a found organisation for a while after it is deleted (the cache), but a new process does not', async () => {
    await ensureOrgAndUser(ds, { id: 'leaving' });
    expect(await directory.exists('leaving')).toBe(true);
    await ds.query(`DELETE FROM organisations WHERE id = 'leaving'`);
    expect(await directory.exists('leaving')).toBe(true);
    expect(await new OrganisationDirectory(ds).exists('leaving')).toBe(false);
  });

  it('answers 503, not 401, when the organisation cannot be checked, and recovers without a restart', async () => {
    await ds.query('ALTER TABLE organisations RENAME TO organisations_away');
    try {
      expect(await statusOf(strategy.validate({ sub: '9', org: 'unchecked', exp: exp() }))).toBe(503);
    } finally {
      await ds.query('ALTER TABLE organisations_away RENAME TO organisations');
    }
    await ensureOrgAndUser(ds, { id: 'unchecked' });
    expect(await statusOf(strategy.validate({ sub: '9', org: 'unchecked', exp: exp() }))).toBe('ok');
  });
});
