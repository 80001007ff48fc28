export * from './lib/assistant.types';
export * from './lib/text';
export * from './lib/synonyms';
export * from './lib/planner';
export * from './lib/narrative';
