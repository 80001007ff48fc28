export * from './lib/charts.module';
