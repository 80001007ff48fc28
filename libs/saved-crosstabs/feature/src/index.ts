export * from './lib/saved-crosstabs.module';
export * from './lib/saved-crosstabs.service';
export * from './lib/dto/crosstab-response.dto';
export { SAVED_CROSSTABS_MIGRATIONS } from './lib/migrations/1763769900000-SavedCrosstabs';
