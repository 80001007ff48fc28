import { DynamicModule, Global, Module } from '@nestjs/common';
import { CommonConfig } from './common.config';

/**
 * Makes an app's validated config injectable both as its own class and as
 * CommonConfig, so shared infrastructure never needs to know which app it is in.
 */
@Global()
@Module({})
export class AppConfigModule {
  static forRoot<T extends CommonConfig>(config: T): DynamicModule {
    const ownClass = config.constructor as new () => T;
    const providers = [{ provide: CommonConfig, useValue: config }];
    if (ownClass !== CommonConfig) providers.push({ provide: ownClass, useValue: config });
    return { module: AppConfigModule, providers, exports: providers.map((p) => p.provide) };
  }
}
