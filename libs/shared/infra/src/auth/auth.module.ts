import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { JwtAuthGuard } from './jwt-auth.guard';
import { JwtStrategy } from './jwt.strategy';
import { OrganisationDirectory } from './organisation-directory';
import { ProtectedResourceMetadataController } from './protected-resource';

@Module({
  imports: [PassportModule.register({ session: false })],
  controllers: [ProtectedResourceMetadataController],
  providers: [OrganisationDirectory, JwtStrategy, { provide: APP_GUARD, useClass: JwtAuthGuard }],
  exports: [OrganisationDirectory],
})
export class AuthModule {}
