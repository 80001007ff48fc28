export * from './lib/assistant.module';
export * from './lib/assistant-chat.usecase';
export { ASSISTANT_MIGRATIONS } from './lib/migrations/1763770100000-Assistant';
export * from './lib/model-planner';
