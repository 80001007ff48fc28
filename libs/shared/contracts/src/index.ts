export * from './lib/jobs';
export * from './lib/problem';
export * from './lib/catalogue-access';
export * from './lib/catalogue.types';
export * from './lib/audience-directory';
export * from './lib/crosstab-exporter';
