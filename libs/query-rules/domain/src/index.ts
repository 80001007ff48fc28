export * from './lib/check';
export * from './lib/selection';
export * from './lib/universe';
export * from './lib/expression-check';
export * from './lib/average-check';
export * from './lib/valid-base';
