export * from './lib/insights.module';
export { replaceInsights } from './lib/insights.writer';
export { INSIGHTS_MIGRATIONS } from './lib/migrations/1763769700001-Insights';
