import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A row of `charts` (migration 1763770000000-Charts). */
@Entity('charts')
export class ChartEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text', { name: 'org_id' })
  orgId!: string;

  /** The creator (from the token); kept when others in the organisation replace the chart. */
  @Column('integer', { name: 'owner_id' })
  ownerId!: number;

  @Column('text', { name: 'owner_email' })
  ownerEmail!: string;

  @Column('text')
  name!: string;

  @Column('jsonb')
  attributes!: object[];

  @Column('jsonb')
  audiences!: object[];

  @Column('jsonb', { name: 'base_audience', nullable: true })
  baseAudience!: object | null;

  @Column('text')
  color!: string;

  @Column('text', { name: 'dataset_codes', array: true })
  datasetCodes!: string[];

  @Column('text', { name: 'folder_id' })
  folderId!: string;

  @Column('integer', { name: 'group_type' })
  groupType!: number;

  @Column('integer', { name: 'view_type' })
  viewType!: number;

  @Column('integer', { name: 'sort_type' })
  sortType!: number;

  @Column('integer', { name: 'sort_parameter_type' })
  sortParameterType!: number;

  @Column('text', { name: 'sort_parameter_value' })
  sortParameterValue!: string;

  @Column('text', { name: 'location_codes', array: true })
  locationCodes!: string[];

  @Column('text', { name: 'wave_codes', array: true })
  waveCodes!: string[];

  @Column('text', { array: true })
  metrics!: string[];

  @Column('text', { array: true })
  segments!: string[];

  @Column('text')
  splitter!: string;

  @Column('boolean', { name: 'segmented_base' })
  segmentedBase!: boolean;

  /** Set by the database (default now()). */
  @Column({ type: 'timestamptz', name: 'created_at', insert: false, update: false })
  createdAt!: Date;

  /** Set explicitly on every write (clock_timestamp()). */
  @Column({ type: 'timestamptz', name: 'updated_at', insert: false })
  updatedAt!: Date;

  /** When the chart became visible to the organisation: its creation (charts are always shared within it). */
  @Column({ type: 'timestamptz', name: 'shared_at', insert: false, update: false })
  sharedAt!: Date;
}
