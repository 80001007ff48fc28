export * from './lib/catalogue.types';
