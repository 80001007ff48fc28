import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CommonConfig } from '../config/common.config';
import { dataSourceOptions } from './data-source-options';

/**
 * The one TypeORM DataSource of a process, through which the libs run their own SQL (there are no
 * entities). Migrations are not run here: the gateway runs them before it starts (runMigrations).
 */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [CommonConfig],
      useFactory: (config: CommonConfig) => ({
        ...dataSourceOptions(config.DATABASE_URL),
        retryAttempts: 3,
        retryDelay: 1000,
      }),
    }),
  ],
})
export class DatabaseModule {}
