export * from './lib/seed/seed-survey';
export * from './lib/catalogue.module';
