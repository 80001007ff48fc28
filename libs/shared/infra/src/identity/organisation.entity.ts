import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('organisations')
export class OrganisationEntity {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  name!: string;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;
}
