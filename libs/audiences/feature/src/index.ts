export * from './lib/audiences.module';
export * from './lib/saved-audiences.service';
export * from './lib/audience-access';
export * from './lib/dto/audience-response.dto';
export { replaceCuratedAudiences, curatedAudienceId } from './lib/saved-audiences.repository';
export type { CuratedAudienceInput } from './lib/saved-audiences.repository';
export { SAVED_AUDIENCES_MIGRATIONS } from './lib/migrations/1763769800000-SavedAudiences';
