// `@aas/shared-infra/database`: TypeORM: the data source and its Nest module, migrations, the query logger
// and the check-then-write helper.
export * from './data-source';
export * from './database.module';
export * from './typeorm-logger';
export * from './check-then-write';
export * from './migrations/1763769600000-Identity';
