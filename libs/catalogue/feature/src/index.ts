export * from './lib/seed/seed-survey';
export * from './lib/catalogue.module';
export * from './lib/store/partition-reader';
