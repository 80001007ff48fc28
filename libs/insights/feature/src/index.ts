export * from './lib/insights.module';
