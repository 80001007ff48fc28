export * from './lib/catalogue.module';
