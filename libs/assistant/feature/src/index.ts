export * from './lib/assistant.module';
export * from './lib/assistant-chat.usecase';
