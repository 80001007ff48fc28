import { Global, Module } from '@nestjs/common';
import { EngineClient } from './engine-client';

/** The engine client for every feature that computes (crosstabs, charts, the assistant). */
@Global()
@Module({ providers: [EngineClient], exports: [EngineClient] })
export class EngineClientModule {}
