export * from './test-database';
export * from './test-redis';
export * from './test-catalogue';
export * from './integration-context';
export * from './prerequisites';
