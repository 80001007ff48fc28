export * from './lib/prng';
