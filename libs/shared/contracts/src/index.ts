export * from './lib/jobs';
export * from './lib/problem';
export * from './lib/catalogue-access';
