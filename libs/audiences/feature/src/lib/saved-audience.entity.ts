import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A row of `saved_audiences` (migration 1763769800000-SavedAudiences). */
@Entity('saved_audiences')
export class SavedAudienceEntity {
  @PrimaryColumn('uuid')
  id!: string;

  /** The owning organisation; NULL marks a curated audience. */
  @Column('text', { name: 'org_id', nullable: true })
  orgId!: string | null;

  @Column('integer', { name: 'v1_id', nullable: true })
  v1Id!: number | null;

  @Column('text')
  name!: string;

  @Column('text', { default: '' })
  description!: string;

  @Column('jsonb')
  expression!: object;

  @Column('uuid', { name: 'folder_id' })
  folderId!: string;

  @Column('double precision')
  position!: number;

  @Column('text', { array: true })
  flags!: string[];

  @Column('text', { array: true })
  datasets!: string[];

  @Column('integer', { name: 'created_by', nullable: true })
  createdBy!: number | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
