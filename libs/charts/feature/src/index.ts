export * from './lib/charts.module';
export { CHARTS_MIGRATIONS } from './lib/migrations/1763770000000-Charts';
