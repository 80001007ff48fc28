export * from './lib/check';
export * from './lib/selection';
export * from './lib/universe';
export * from './lib/expression-check';
