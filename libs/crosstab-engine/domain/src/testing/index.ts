// Test helpers of the engine (random respondents, expression arbitraries, the reference check), for
// the property tests of libs that build on the engine. Never imported by production code.
export * from '../lib/testing/random-data';
export * from '../lib/testing/arbitraries';
export * from '../lib/testing/reference-check';
