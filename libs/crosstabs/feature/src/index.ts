export * from './lib/crosstabs.module';
export * from './lib/prepare-crosstab';
export * from './lib/crosstab-cell.mapper';
