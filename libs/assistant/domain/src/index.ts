export * from './lib/assistant.types';
export * from './lib/text';
export * from './lib/synonyms';
export * from './lib/languages';
export * from './lib/time';
export * from './lib/catalogue-index';
export * from './lib/planner';
export * from './lib/narrative';
