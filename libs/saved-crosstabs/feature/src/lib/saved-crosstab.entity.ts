import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A row of `saved_crosstabs` (migration 1763769900000-SavedCrosstabs). The key is (org_id, uuid):
 * a uuid is unique only within its organisation, so every lookup names both.
 */
@Entity('saved_crosstabs')
export class SavedCrosstabEntity {
  @PrimaryColumn('text', { name: 'org_id' })
  orgId!: string;

  @PrimaryColumn('uuid')
  uuid!: string;

  /** The creator; kept when others in the organisation replace or patch the project. */
  @Column('integer', { name: 'user_id', nullable: true })
  userId!: number | null;

  @Column('text')
  name!: string;

  @Column('jsonb')
  rows!: object[];

  @Column('jsonb')
  columns!: object[];

  @Column('jsonb', { nullable: true })
  bases!: object | null;

  @Column('text', { name: 'country_codes', array: true })
  countryCodes!: string[];

  @Column('text', { name: 'wave_codes', array: true })
  waveCodes!: string[];

  @Column('text')
  notes!: string;

  @Column('jsonb')
  metadata!: object;

  /** Set by the database (default now()). */
  @Column({ type: 'timestamptz', name: 'created_at', insert: false, update: false })
  createdAt!: Date;

  /** Set explicitly on every write (clock_timestamp(), so two writes in one transaction still differ). */
  @Column({ type: 'timestamptz', name: 'updated_at', insert: false })
  updatedAt!: Date;
}
