export * from './lib/audiences.module';
export * from './lib/saved-audiences.service';
export * from './lib/saved-audience.entity';
export * from './lib/audience-access';
export * from './lib/dto/audience-response.dto';
