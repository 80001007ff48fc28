import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['entitled_datasets', 'entitled_locations', 'entitled_waves'] as const;

/**
 * One version per organisation that moves with every change of its entitlements, so a cache of
 * them needs one primary-key read to know it is current (CatalogueService reads it on every call).
 *
 * The version moves in a trigger on the three entitlement tables, in the transaction that makes
 * the change: whoever writes them (the admin endpoints, `npm run org`, the seed, a catalogue
 * replacement that takes codes away, a cascade from a deleted dataset, or SQL typed by hand)
 * cannot forget to bump it. Versions come from one sequence, so they never repeat, even for an
 * organisation deleted and created again (the table has no foreign key for that reason: a row
 * left behind by a deleted organisation only keeps the sequence moving forward).
 */
export class EntitlementVersions1764300000000 implements MigrationInterface {
  name = 'EntitlementVersions1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE entitlement_version_seq`);
    await q.query(`
      CREATE TABLE entitlement_versions (
        org_id   text PRIMARY KEY,
        version  bigint NOT NULL
      )`);
    await q.query(`
      CREATE FUNCTION bump_entitlement_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          INSERT INTO entitlement_versions (org_id, version) VALUES (OLD.org_id, nextval('entitlement_version_seq'))
          ON CONFLICT (org_id) DO UPDATE SET version = EXCLUDED.version;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO entitlement_versions (org_id, version) VALUES (NEW.org_id, nextval('entitlement_version_seq'))
          ON CONFLICT (org_id) DO UPDATE SET version = EXCLUDED.version;
        END IF;
        RETURN NULL;
      END
      $$`);
    for (const table of TABLES) {
      await q.query(`CREATE TRIGGER ${table}_version AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION bump_entitlement_version()`);
    }
    // Organisations that already have entitlements start at a version of their own.
    await q.query(`
      INSERT INTO entitlement_versions (org_id, version)
      SELECT org_id, nextval('entitlement_version_seq') FROM (
        SELECT org_id FROM entitled_datasets UNION SELECT org_id FROM entitled_locations UNION SELECT org_id FROM entitled_waves
      ) o`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of TABLES) await q.query(`DROP TRIGGER ${table}_version ON ${table}`);
    await q.query(`DROP FUNCTION bump_entitlement_version()`);
    await q.query(`DROP TABLE entitlement_versions`);
    await q.query(`DROP SEQUENCE entitlement_version_seq`);
  }
}
