export * from './lib/jobs';
export * from './lib/problem';
